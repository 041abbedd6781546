import type { AdminDashboard, AdminOrganization } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';
import { PageContainer } from '../../../components/layout/page-header';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { adminDashboardsQueryOptions, adminOrganizationsQueryOptions } from '../api/admin.queries';
import { sectionById } from '../sections';

/**
 * One section of the administration (issue 27): its heading, an optional line under it, and its content at the
 * layout's full width. `testId` keeps the old tab panels' ids (`admin-panel-users`) for the tests that find them.
 */
export function SectionPage({
  title,
  lead,
  actions,
  testId,
  titleShown = true,
  children,
}: {
  title: string;
  /** False when the section's list heading says the same ('Dashboards (12)'): the h1 is then for screen readers. */
  titleShown?: boolean;
  lead?: ReactNode;
  actions?: ReactNode;
  testId: string;
  children: ReactNode;
}) {
  return (
    <PageContainer>
      <div
        className={cn(
          'flex flex-wrap items-start justify-between gap-3',
          (titleShown || Boolean(lead) || Boolean(actions)) && 'mb-6',
        )}
      >
        <div className="min-w-0">
          <h1
            className={
              titleShown ? 'text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white' : 'sr-only'
            }
          >
            {title}
          </h1>
          {lead ? <p className="mt-1 text-slate-600 dark:text-slate-300">{lead}</p> : null}
        </div>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
      <div data-testid={testId}>{children}</div>
    </PageContainer>
  );
}

/**
 * A section route's page (`component`): the section's label as its title and `Section` under it. The test id is
 * `admin-panel-{id}` unless the old tab's was another.
 */
export function sectionPage(
  id: string,
  Section: ComponentType,
  { testId = `admin-panel-${id}`, titleShown }: { testId?: string; titleShown?: boolean } = {},
) {
  const { label } = sectionById(id);
  return function SectionRoute() {
    return (
      <SectionPage title={label} testId={testId} titleShown={titleShown}>
        <Section />
      </SectionPage>
    );
  };
}

/**
 * The organizations and dashboards that a section's forms choose from (people, access, connections): a spinner
 * until both are in, 'Try again' when one failed, then `children` with both.
 */
export function WithAdminLists({
  children,
}: {
  children: (lists: { organizations: AdminOrganization[]; dashboards: AdminDashboard[] }) => ReactNode;
}) {
  const organizations = useQuery(adminOrganizationsQueryOptions());
  const dashboards = useQuery(adminDashboardsQueryOptions());
  const queries = [organizations, dashboards];
  if (queries.some((q) => q.isError))
    return (
      <div className="flex flex-col items-start gap-4" data-testid="admin-error">
        <Alert variant="error">The admin data could not be loaded. Please try again.</Alert>
        <Button
          variant="outline"
          onClick={() => {
            for (const query of queries) if (query.isError) void query.refetch();
          }}
        >
          Try again
        </Button>
      </div>
    );
  if (!organizations.data || !dashboards.data)
    return (
      <div
        role="status"
        className="mt-10 flex flex-col items-center gap-3 text-slate-600 dark:text-slate-300"
        data-testid="admin-loading"
      >
        <Spinner className="size-8 text-blue-700 dark:text-blue-400" />
        <p>Loading...</p>
      </div>
    );
  return <>{children({ organizations: organizations.data, dashboards: dashboards.data })}</>;
}
