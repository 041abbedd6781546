import type { PortalOrganization } from '@app/contracts';
import { Link } from '@tanstack/react-router';
import { CirclePause } from 'lucide-react';
import { buttonClass } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { StatusMessage } from '../../../components/ui/status-message';

/**
 * A client whose every organization was deactivated (issue 26): the portal says the organization's access was
 * paused and whom to contact, inside the portal's layout, where it used to say "no dashboards assigned yet" on the
 * list and show a bare 404 for a dashboard. `heading`: the page's h1 (a dashboard's page) or a section's h2 (the list).
 */
export function PausedAccess({
  organizations,
  heading = 'h2',
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
      <StatusMessage
        icon={CirclePause}
        tone="amber"
        title="Your organization's access is paused"
        heading={heading}
        messageTestId="access-paused-message"
      >
        The access of {whose} to its dashboards has been paused. Your account and your dashboards are kept: to have the
        access restored, please contact your account manager at Lucid Insight.
      </StatusMessage>
      <Link to="/contact" className={buttonClass({ className: 'mt-6' })} data-testid="access-paused-contact">
        Contact us
      </Link>
    </Card>
  );
}

/** The organizations whose access was paused, when no organization of the person is active (else none). */
export const pausedOnly = (organizations: PortalOrganization[] | undefined): PortalOrganization[] =>
  organizations && organizations.length > 0 && organizations.every((o) => !o.isActive) ? organizations : [];
