import type { PortalOrganization } from '@app/contracts';
import { Link } from '@tanstack/react-router';
import { CirclePause } from 'lucide-react';
import { buttonClass } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';

/**
 * A client whose every organization was deactivated (issue 26): the portal says the organization's access was
 * paused and whom to contact, inside the portal's layout, where it used to say "no dashboards assigned yet" on the
 * list and show a bare 404 for a dashboard. `heading`: the page's h1 (a dashboard's page) or a section's h2 (the list).
 */
export function PausedAccess({
  organizations,
  heading: Heading = 'h2',
}: {
  organizations: PortalOrganization[];
  heading?: 'h1' | 'h2';
}) {
  const names = organizations.map((o) => o.name);
  const whose =
    names.length === 1
      ? names[0]
      : names.length > 1
        ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`
        : 'your organization';
  return (
    <Card className="flex flex-col items-center px-6 py-16 text-center" data-testid="access-paused">
      <span className="flex size-14 items-center justify-center rounded-full bg-amber-100 text-amber-700 dark:bg-amber-950 dark:text-amber-300">
        <CirclePause aria-hidden="true" className="size-7" />
      </span>
      <Heading className="mt-5 text-xl font-semibold text-slate-900 dark:text-white">
        Your organization's access is paused
      </Heading>
      <p className="mt-2 max-w-md text-slate-600 dark:text-slate-300" data-testid="access-paused-message">
        The access of {whose} to its dashboards has been paused. Your account and your dashboards are kept: to have the
        access restored, please contact your account manager at Lucid Insight.
      </p>
      <Link to="/contact" className={buttonClass({ className: 'mt-6' })} data-testid="access-paused-contact">
        Contact us
      </Link>
    </Card>
  );
}

/** The organizations whose access was paused, when no organization of the person is active (else none). */
export const pausedOnly = (organizations: PortalOrganization[] | undefined): PortalOrganization[] =>
  organizations && organizations.length > 0 && organizations.every((o) => !o.isActive) ? organizations : [];
