import { useQuery } from '@tanstack/react-query';
import { ListChecks } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { PageContainer } from '../../../components/layout/page-header';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClass } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { TabList, TabPanel, Tabs, TabTrigger } from '../../../components/ui/tabs';
import { ADMIN_TABS, type AdminTab, isAdminTab } from '../../../lib/admin-tabs';
import type { RescheduleDialogComponent } from '../../../lib/consultation-reschedule';
import { adminDashboardsQueryOptions, adminOrganizationsQueryOptions } from '../api/admin.queries';
import { AssociationsTab } from './associations-tab';
import { AuditTab } from './audit-tab';
import { CaseStudiesTab } from './case-studies-tab';
import { ConnectionsTab } from './connections-tab';
import { ConsultationsTab } from './consultations-tab';
import { DashboardsTab } from './dashboards-tab';
import { OrganizationsTab } from './organizations-tab';
import { PersonalDataTab } from './personal-data-tab';
import { SignInsTab } from './sign-ins-tab';
import { SitePagesTab } from './site-pages-tab';
import { UsersTab } from './users-tab';

/** The Usage tab and its charting library: a chunk of their own, loaded when the tab is opened (issue 18). */
const UsageTab = lazy(() => import('./usage/usage-tab'));

const tabLabels: Record<AdminTab, string> = {
  organizations: 'Organizations',
  dashboards: 'Dashboards',
  connections: 'Connections',
  users: 'Users',
  associations: 'Associations',
  consultations: 'Consultations',
  audit: 'Audit',
  'sign-ins': 'Sign-ins',
  usage: 'Usage',
  'case-studies': 'Case studies',
  'site-pages': 'Site pages',
  'personal-data': 'Personal data',
};

/**
 * The Admin Dashboard (spec section 2 '/admin'): a spinner until the four lists are in, then the tabs. The selected
 * tab is the route's `?tab=` (the route owns it, so back and forward move between tabs). Its 'Log Out' is the
 * application layout's, in the header.
 */
export function AdminScreen({
  tab,
  onTabChange,
  currentUserId,
  RescheduleDialog,
}: {
  tab: AdminTab;
  onTabChange: (tab: AdminTab) => void;
  currentUserId: number | undefined;
  /** The booking feature's reschedule dialog, handed over by the route (features do not import each other). */
  RescheduleDialog?: RescheduleDialogComponent | undefined;
}) {
  const organizations = useQuery(adminOrganizationsQueryOptions());
  const dashboards = useQuery(adminDashboardsQueryOptions());
  const queries = [organizations, dashboards];
  const failed = queries.find((q) => q.isError);

  return (
    <PageContainer>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
            Admin Dashboard
          </h1>
          <p className="mt-2 text-slate-600 dark:text-slate-300">
            Manage organizations, dashboards and their connections, users and who sees what.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <a
            href="/admin/queues"
            className={buttonClass({ variant: 'outline', size: 'sm' })}
            data-testid="admin-queues-link"
          >
            <ListChecks aria-hidden="true" className="size-4" />
            Queue Board
          </a>
        </div>
      </div>

      {failed ? (
        <div className="mt-8 flex flex-col items-start gap-4" data-testid="admin-error">
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
      ) : organizations.data && dashboards.data ? (
        <Tabs value={tab} onValueChange={(value) => isAdminTab(value) && onTabChange(value)} className="mt-8">
          <TabList label="Admin sections" className="flex-wrap">
            {ADMIN_TABS.map((value) => (
              <TabTrigger key={value} value={value} data-testid={`admin-tab-${value}`}>
                {tabLabels[value]}
              </TabTrigger>
            ))}
          </TabList>
          <TabPanel value="organizations" className="mt-6" data-testid="admin-panel-organizations">
            {tab === 'organizations' ? <OrganizationsTab /> : null}
          </TabPanel>
          <TabPanel value="dashboards" className="mt-6" data-testid="admin-panel-dashboards">
            {tab === 'dashboards' ? <DashboardsTab /> : null}
          </TabPanel>
          <TabPanel value="connections" className="mt-6" data-testid="admin-panel-connections">
            <ConnectionsTab dashboards={dashboards.data} />
          </TabPanel>
          <TabPanel value="users" className="mt-6" data-testid="admin-panel-users">
            {tab === 'users' ? <UsersTab organizations={organizations.data} currentUserId={currentUserId} /> : null}
          </TabPanel>
          <TabPanel value="associations" className="mt-6" data-testid="admin-panel-associations">
            {tab === 'associations' ? (
              <AssociationsTab organizations={organizations.data} dashboards={dashboards.data} />
            ) : null}
          </TabPanel>
          <TabPanel value="consultations" className="mt-6" data-testid="admin-panel-consultations">
            {tab === 'consultations' ? <ConsultationsTab RescheduleDialog={RescheduleDialog} /> : null}
          </TabPanel>
          <TabPanel value="audit" className="mt-6" data-testid="admin-panel-audit">
            {tab === 'audit' ? <AuditTab /> : null}
          </TabPanel>
          <TabPanel value="sign-ins" className="mt-6" data-testid="admin-panel-sign-ins">
            {tab === 'sign-ins' ? <SignInsTab /> : null}
          </TabPanel>
          <TabPanel value="usage" className="mt-6" data-testid="admin-panel-usage">
            {tab === 'usage' ? (
              <Suspense fallback={<Spinner className="mx-auto size-6 text-blue-700 dark:text-blue-400" />}>
                <UsageTab />
              </Suspense>
            ) : null}
          </TabPanel>
          <TabPanel value="case-studies" className="mt-6" data-testid="admin-panel-case-studies">
            {tab === 'case-studies' ? <CaseStudiesTab /> : null}
          </TabPanel>
          <TabPanel value="site-pages" className="mt-6" data-testid="admin-panel-site-pages">
            {tab === 'site-pages' ? <SitePagesTab /> : null}
          </TabPanel>
          <TabPanel value="personal-data" className="mt-6" data-testid="admin-panel-personal-data">
            {tab === 'personal-data' ? <PersonalDataTab /> : null}
          </TabPanel>
        </Tabs>
      ) : (
        <div
          role="status"
          className="mt-16 flex flex-col items-center gap-3 text-slate-600 dark:text-slate-300"
          data-testid="admin-loading"
        >
          <Spinner className="size-8 text-blue-700 dark:text-blue-400" />
          <p>Loading admin dashboard...</p>
        </div>
      )}
    </PageContainer>
  );
}
