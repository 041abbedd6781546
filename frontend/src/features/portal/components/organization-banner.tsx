import type { PortalOrganization } from '@app/contracts';
import { useState } from 'react';

/**
 * The client's organization in the portal's header (issue 18): its logo and name; for a person in several, each of
 * them. A missing or broken logo gives way to the name's initial.
 */
export function OrganizationBanner({ organizations }: { organizations: PortalOrganization[] }) {
  if (organizations.length === 0) return null;
  return (
    <ul
      className="flex flex-wrap items-center gap-3"
      aria-label="Your organizations"
      data-testid="portal-organizations"
    >
      {organizations.map((organization) => (
        <li
          key={organization.id}
          className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white px-3 py-2 dark:border-slate-800 dark:bg-slate-900"
          data-testid="portal-organization"
        >
          <OrganizationLogo organization={organization} />
          <span className="font-semibold text-slate-900 dark:text-white" data-testid="portal-organization-name">
            {organization.name}
          </span>
        </li>
      ))}
    </ul>
  );
}

function OrganizationLogo({ organization }: { organization: PortalOrganization }) {
  const [failed, setFailed] = useState(false);
  if (organization.logoUrl && !failed)
    return (
      <img
        src={organization.logoUrl}
        alt={`${organization.name} logo`}
        onError={() => setFailed(true)}
        className="size-10 rounded-lg object-contain"
        data-testid="portal-organization-logo"
      />
    );
  const initial = Array.from(organization.name.trim())[0]?.toUpperCase() ?? '?';
  return (
    <span
      aria-hidden="true"
      className="flex size-10 items-center justify-center rounded-lg bg-blue-600 text-lg font-bold text-white"
      data-testid="portal-organization-initial"
    >
      {initial}
    </span>
  );
}
