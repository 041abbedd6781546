import type { DashboardDetail } from '@app/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Lightbulb } from 'lucide-react';
import { PageContainer } from '../../../components/layout/page-header';
import { Card } from '../../../components/ui/card';
import { embedStatusQueryOptions, recordDashboardView } from '../api/portal.queries';
import { TokenViewer } from '../embed/token-viewer';
import { isHttpsUrl, isImageUrl } from '../utils/embed-url';
import { isPowerBiType, type PortalUser } from '../utils/greeting';
import { EmbedViewer } from './embed-viewer';
import { LookerStudioViewer } from './looker-studio-viewer';
import { BackToDashboards, Badge, DashboardDescription, PortalWelcome } from './portal-header';

export interface DashboardViewPageProps {
  dashboard: DashboardDetail;
  user: PortalUser | null;
  /** Passed on to the viewer (tests shorten it). */
  loadTimeoutMs?: number;
}

/**
 * /client/dashboard/{id} (spec section 2): one dashboard of the client's organizations, framed from its URL or, in a
 * token mode (issue 14), embedded with its provider's SDK and a token minted for the viewer's organization; a Looker
 * Studio report (issue 28) is framed with the Google account it is shared with said above it.
 */
export function DashboardViewPage({ dashboard, user, loadTimeoutMs }: DashboardViewPageProps) {
  return (
    <PageContainer>
      {/* group/viewer: the tip above the viewer goes once the viewer says the access has ended. */}
      <div className="group/viewer">
        <div className="flex flex-col items-start gap-3 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <BackToDashboards variant="ghost" className="-ml-3" testId="back-to-dashboards" />
          </div>
          <PortalWelcome user={user} />
        </div>

        <Card className="mt-6 p-6 sm:p-8" data-testid="dashboard-summary">
          <div className="flex flex-wrap gap-2">
            <Badge>{dashboard.category}</Badge>
            <Badge tone="slate">{dashboard.type}</Badge>
          </div>
          <h1
            className="mt-4 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white"
            data-testid="dashboard-name"
          >
            {dashboard.name}
          </h1>
          <DashboardDescription
            description={dashboard.description}
            className="mt-3 max-w-3xl text-base leading-7"
            data-testid="dashboard-description"
          />
        </Card>

        {isPowerBiType(dashboard.type) ? <PowerBiTip /> : null}

        <div className="mt-6">
          {dashboard.embedMode === 'url' ? (
            <DashboardViewer dashboard={dashboard} {...(loadTimeoutMs !== undefined && { loadTimeoutMs })} />
          ) : dashboard.embedMode === 'lookerstudio' ? (
            <LookerStudioViewer
              key={dashboard.id}
              dashboard={dashboard}
              {...(loadTimeoutMs !== undefined && { loadTimeoutMs })}
            />
          ) : (
            <TokenViewer
              key={dashboard.id}
              dashboard={dashboard}
              isAdmin={user?.isAdmin === true}
              {...(loadTimeoutMs !== undefined && { loadTimeoutMs })}
            />
          )}
        </div>
      </div>
    </PageContainer>
  );
}

/**
 * The viewer of the page: records the view once it is shown (D33; the route's loader, which a hover preloads, records
 * nothing) and asks the server whether a frame's URL can be reached, since a refused frame still fires 'load'.
 */
function DashboardViewer({ dashboard, loadTimeoutMs }: { dashboard: DashboardDetail; loadTimeoutMs?: number }) {
  const queryClient = useQueryClient();
  const framed = !isImageUrl(dashboard.embedUrl) && isHttpsUrl(dashboard.embedUrl.trim());
  const embedStatus = useQuery({ ...embedStatusQueryOptions(dashboard.id), enabled: framed });
  return (
    <EmbedViewer
      key={dashboard.embedUrl}
      url={dashboard.embedUrl}
      title={dashboard.name}
      unreachable={embedStatus.data?.status === 'unreachable' && !embedStatus.isFetching}
      onRetry={() => {
        if (framed) void embedStatus.refetch();
      }}
      onShown={() => void recordDashboardView(queryClient, dashboard.id)}
      {...(loadTimeoutMs !== undefined && { loadTimeoutMs })}
    />
  );
}

/** Spec section 2: how to move between the pages of a Power BI report, and how to start over. */
function PowerBiTip() {
  return (
    <aside
      aria-label="Navigation tip"
      className="mt-6 flex gap-3 rounded-xl border border-blue-200 bg-blue-50 p-4 group-has-[[data-testid=access-ended]]/viewer:hidden text-sm leading-6 text-blue-950 dark:border-blue-900 dark:bg-blue-950/60 dark:text-blue-100"
      data-testid="powerbi-tip"
    >
      <Lightbulb aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-blue-700 dark:text-blue-300" />
      <p>
        <strong className="font-semibold">Navigation tip:</strong> use the <strong>Pages</strong> control at the bottom
        left of the report to move between its pages. If the report gets stuck or you want to go back to where it
        started, press <strong>Reset Pages</strong> above the report to reload it.
      </p>
    </aside>
  );
}
