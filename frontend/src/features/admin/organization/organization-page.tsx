import type { OrganizationDetail } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Dialog } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { isApiRequestError } from '../../../lib/api';
import { adminSsoQueryOptions, organizationDetailQueryOptions } from '../api/admin.queries';
import { OrganizationSsoButton } from '../components/organization-sso-dialog';
import { DeclaredSavePanel } from '../forms/declared-save-panel';
import { ORGANIZATION_FORM } from '../forms/organization-form';
import { DashboardsSection } from './dashboards-section';
import { MembersSection } from './members-section';
import { SubscriptionsSection } from './subscriptions-section';
import { UsageSection } from './usage-section';

type Organization = OrganizationDetail['organization'];

const backLink =
  'inline-flex items-center gap-1 text-sm font-medium text-blue-700 underline-offset-2 hover:underline dark:text-blue-300';

/** Name, domain, Google group and logo, edited with the organization form in a dialog. */
function BrandingCard({ organization }: { organization: Organization }) {
  const [open, setOpen] = useState(false);
  return (
    <Card className="min-w-0 p-4 sm:p-6" data-testid="organization-branding">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold text-slate-900 dark:text-white">Details and branding</h2>
        <Dialog
          open={open}
          onOpenChange={setOpen}
          title={`Edit ${organization.name}`}
          size="lg"
          trigger={
            <Button size="sm" variant="outline" data-testid="organization-edit">
              Edit
            </Button>
          }
          data-testid="organization-edit-dialog"
        >
          <DeclaredSavePanel form={ORGANIZATION_FORM} item={organization} onDone={() => setOpen(false)} />
        </Dialog>
      </div>
      <div className="flex flex-wrap items-start gap-4">
        <div className="flex size-20 shrink-0 items-center justify-center overflow-hidden rounded-lg border border-slate-200 bg-white p-2 dark:border-slate-700">
          {organization.logoUrl ? (
            <img src={organization.logoUrl} alt={`${organization.name} logo`} className="max-h-full max-w-full" />
          ) : (
            // The box stays white in both themes (logos are drawn for white): its words stay dark.
            <span className="text-center text-xs text-slate-600">No logo</span>
          )}
        </div>
        <dl className="grid min-w-0 flex-1 grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
          <dt className="text-slate-600 dark:text-slate-400">Domain</dt>
          <dd className="break-all text-slate-900 dark:text-slate-100">{organization.domain || '-'}</dd>
          <dt className="text-slate-600 dark:text-slate-400">Google group</dt>
          <dd className="break-all text-slate-900 dark:text-slate-100">{organization.googleGroup || '-'}</dd>
          <dt className="text-slate-600 dark:text-slate-400">Logo</dt>
          <dd className="break-all text-slate-900 dark:text-slate-100">{organization.logoUrl || '-'}</dd>
        </dl>
      </div>
    </Card>
  );
}

/** Whether single sign-on is set up, with which provider and domains; set up or changed in the existing dialog. */
function SsoCard({ organization }: { organization: Organization }) {
  const sso = useQuery(adminSsoQueryOptions(organization.id));
  return (
    <Card className="min-w-0 p-4 sm:p-6" data-testid="organization-sso-card">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold text-slate-900 dark:text-white">Single sign-on</h2>
        <OrganizationSsoButton organization={organization} />
      </div>
      {sso.isPending ? (
        <Spinner />
      ) : sso.isError ? (
        <Alert variant="error">The single sign-on settings could not be loaded.</Alert>
      ) : sso.data ? (
        <dl
          className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm"
          data-testid="organization-sso-summary"
        >
          <dt className="text-slate-600 dark:text-slate-400">Provider</dt>
          <dd className="break-all text-slate-900 dark:text-slate-100">{sso.data.issuer}</dd>
          <dt className="text-slate-600 dark:text-slate-400">Domains</dt>
          <dd className="break-all text-slate-900 dark:text-slate-100">{sso.data.domains.join(', ') || '-'}</dd>
          <dt className="text-slate-600 dark:text-slate-400">New accounts</dt>
          <dd className="text-slate-900 dark:text-slate-100">
            {sso.data.allowAccountCreation ? 'Made at first sign-in' : 'Only people added here'}
          </dd>
        </dl>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="organization-sso-none">
          Not set up: members sign in with their e-mail and password.
        </p>
      )}
    </Card>
  );
}

/**
 * One client's page (issue 27): everything about the organization in one place: its details and branding, members
 * (added by searching, removed, roles), dashboards with their data scope, single sign-on, its report subscriptions
 * (decision 056) and usage.
 */
export function OrganizationPage({ organizationId }: { organizationId: number | null }) {
  const detail = useQuery({
    ...organizationDetailQueryOptions(organizationId ?? 0),
    enabled: organizationId !== null,
    retry: (count, error) => !(isApiRequestError(error) && error.status < 500) && count < 2,
  });
  const back = (
    <Link to="/admin" search={{ tab: 'organizations' }} className={backLink} data-testid="organization-back">
      <ArrowLeft aria-hidden="true" className="size-4" />
      Organizations
    </Link>
  );
  if (organizationId === null || (detail.isError && isApiRequestError(detail.error) && detail.error.status < 500))
    return (
      <div className="mx-auto flex w-full max-w-7xl min-w-0 flex-col gap-4 px-4 py-8 sm:px-6 lg:px-8">
        {back}
        <h1 className="text-2xl font-bold text-slate-900 dark:text-white">Organization not found</h1>
        <p className="text-slate-600 dark:text-slate-400" data-testid="organization-not-found">
          There is no organization with this address. It may have been deleted.
        </p>
      </div>
    );
  return (
    <div
      className="mx-auto flex w-full max-w-7xl min-w-0 flex-col gap-6 px-4 py-8 sm:px-6 lg:px-8"
      data-testid="organization-page"
    >
      {back}
      {detail.data ? (
        <>
          <header className="flex flex-wrap items-center gap-3">
            <h1 className="min-w-0 break-words text-2xl font-bold text-slate-900 sm:text-3xl dark:text-white">
              {detail.data.organization.name}
            </h1>
            <Badge variant={detail.data.organization.isActive ? 'success' : 'neutral'}>
              {detail.data.organization.isActive ? 'Active' : 'Inactive'}
            </Badge>
          </header>
          <MembersSection detail={detail.data} />
          <DashboardsSection detail={detail.data} />
          <SubscriptionsSection detail={detail.data} />
          <div className="grid gap-6 lg:grid-cols-2">
            <SsoCard organization={detail.data.organization} />
            <BrandingCard organization={detail.data.organization} />
          </div>
          <UsageSection detail={detail.data} />
        </>
      ) : detail.isError ? (
        <Alert variant="error">The organization could not be loaded. Please try again.</Alert>
      ) : (
        <p className="flex items-center gap-2 py-10 text-sm text-slate-600 dark:text-slate-400" role="status">
          <Spinner />
          Loading organization...
        </p>
      )}
    </div>
  );
}
