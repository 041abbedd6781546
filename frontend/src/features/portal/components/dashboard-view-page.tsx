import type { DashboardDetail, OrganizationChoice } from '@app/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Lightbulb } from 'lucide-react';
import { useState } from 'react';
import { PageContainer } from '../../../components/layout/page-header';
import { Badge } from '../../../components/ui/badge';
import { buttonClass } from '../../../components/ui/button';
import { embedStatusQueryOptions, recordDashboardView } from '../api/portal.queries';
import { TokenViewer } from '../embed/token-viewer';
import { isHttpsUrl, isImageUrl } from '../utils/embed-url';
import { isPowerBiType, type PortalUser } from '../utils/greeting';
import { EmbedViewer } from './embed-viewer';
import { LookerStudioViewer } from './looker-studio-viewer';
import { BackToDashboards, DashboardDescription } from './portal-header';
import { PreviewBanner, previewExit } from './preview-banner';

export interface DashboardViewPageProps {
  dashboard: DashboardDetail;
  user: PortalUser | null;
  /** Passed on to the viewer (tests shorten it). */
  loadTimeoutMs?: number;
  /** An admin's preview: the admin page it was opened from (`?from=`), where 'Exit preview' returns. */
  previewFrom?: string | undefined;
}

/**
 * /client/dashboard/{id} (spec section 2): one dashboard of the client's organizations, framed from its URL or, in a
 * token mode (issue 14), embedded with its provider's SDK and a token minted for the viewer's organization; a Looker
 * Studio report (issue 28) is framed with the Google account it is shared with said above it.
 */
export function DashboardViewPage({ dashboard, user, loadTimeoutMs, previewFrom }: DashboardViewPageProps) {
  // An admin here is always previewing a client's view (issue 27): a banner says so, with the way back.
  const preview = user?.isAdmin === true;
  const exitTo = previewExit(previewFrom);
  const [viewedAs, setViewedAs] = useState<OrganizationChoice | null>(null);
  return (
    <>
      {preview ? <PreviewBanner organization={viewedAs} exitTo={exitTo} /> : null}
      <PageContainer>
        {/* group/viewer: the tip below the viewer goes once the viewer has failed or says the access has ended. */}
        <div className="group/viewer">
          {/*
           * The name once, as the page's heading, with the way back, its labels and description on a few short lines:
           * the dashboard itself starts high on the page (issue 26; a card above it put it 430 px down at 1280 x 800).
           */}
          <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-4" data-testid="dashboard-summary">
            {preview ? (
              <a
                href={exitTo}
                className={buttonClass({ variant: 'ghost', size: 'sm', className: '-ml-3 self-start sm:self-auto' })}
                data-testid="back-to-dashboards"
              >
                <ArrowLeft aria-hidden="true" className="size-4" />
                Back to admin
              </a>
            ) : (
              <BackToDashboards variant="ghost" className="-ml-3 self-start sm:self-auto" testId="back-to-dashboards" />
            )}
            <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1">
              <h1
                className="min-w-0 text-xl font-bold tracking-tight break-words text-slate-900 sm:text-2xl dark:text-white"
                data-testid="dashboard-name"
              >
                {dashboard.name}
              </h1>
              <Badge variant="info">{dashboard.category}</Badge>
              <Badge>{dashboard.type}</Badge>
            </div>
          </div>
          <DashboardDescription
            description={dashboard.description}
            className="mt-1 line-clamp-2 max-w-4xl text-sm leading-6"
            data-testid="dashboard-description"
          />

          <div className="mt-4">
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
                onViewedAs={setViewedAs}
                {...(loadTimeoutMs !== undefined && { loadTimeoutMs })}
              />
            )}
          </div>

          {isPowerBiType(dashboard.type) ? <PowerBiTip /> : null}
        </div>
      </PageContainer>
    </>
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
      checking={framed && embedStatus.isFetching}
      onOutcome={(loaded) => void recordDashboardView(queryClient, dashboard.id, loaded)}
      {...(loadTimeoutMs !== undefined && { loadTimeoutMs })}
    />
  );
}

/**
 * Spec section 2: how to move between the pages of a Power BI report, and how to start over. Below the report, so
 * the report starts high on the page; gone with the report when it failed ('Work in Progress') or the access ended.
 */
function PowerBiTip() {
  return (
    <aside
      aria-label="Navigation tip"
      className="mt-4 flex gap-3 rounded-xl border border-blue-200 bg-blue-50 p-4 group-has-[[data-testid=access-ended]]/viewer:hidden group-has-[[data-testid=viewer-unavailable]]/viewer:hidden text-sm leading-6 text-blue-950 dark:border-blue-900 dark:bg-blue-950/60 dark:text-blue-100"
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
