import type { DashboardDetail, EmbedToken, OrganizationChoice } from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { isApiRequestError } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { forgetDashboard, recordDashboardView, requestEmbedToken } from '../api/portal.queries';
import { EmbedViewer } from '../components/embed-viewer';
import { useViewOutcome } from '../components/use-view-outcome';
import { ViewerShell, type ViewerStatus, WorkInProgress } from '../components/viewer-shell';
import { CapacityStarting } from './capacity-starting';
import { type EmbedSdk, isRefused, loadEmbedSdk, type RenewalHandlers } from './embed-token';
import { ProviderEmbed } from './provider-embed';
import { AccessEnded, IdentityPanel, OrganizationChooser } from './viewer-panels';

/** An embed that has not said it loaded after this is shown as it is (its SDK reports errors itself). */
const EMBED_LOAD_TIMEOUT_MS = 20_000;

type Phase =
  | { status: 'loading' }
  | { status: 'ready'; sdk: EmbedSdk; token: EmbedToken }
  | { status: 'failed'; detail: string | null }
  | { status: 'ended' };

export interface TokenViewerProps {
  dashboard: DashboardDetail;
  /** Admins preview the dashboard as any linked organization and see what the token carries. */
  isAdmin: boolean;
  loadTimeoutMs?: number;
  /** Told whose view the latest token is for (an admin's preview banner names it, issue 27). */
  onViewedAs?: (organization: OrganizationChoice | null) => void;
}

/** The organization chosen for a dashboard, remembered for the browser's session. */
const choiceKey = (dashboardId: number) => `dashboard-organization:${dashboardId}`;
function rememberedChoice(dashboardId: number): number | null {
  try {
    const value = Number(sessionStorage.getItem(choiceKey(dashboardId)));
    return Number.isInteger(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}
function remember(dashboardId: number, organizationId: number | null): void {
  try {
    if (organizationId === null) sessionStorage.removeItem(choiceKey(dashboardId));
    else sessionStorage.setItem(choiceKey(dashboardId), String(organizationId));
  } catch {}
}

/**
 * The viewer of a dashboard in token mode (issue 14): asks the server for a token minted for one organization while
 * the provider's SDK downloads (both at once), embeds it with the SDK, keeps the token fresh, and gives way to
 * "Your access to this dashboard has ended" when a renewal is refused. A first load that fails shows 'Work in
 * Progress' with 'Try again'; never the error.
 */
export function TokenViewer({
  dashboard,
  isAdmin,
  loadTimeoutMs = EMBED_LOAD_TIMEOUT_MS,
  onViewedAs,
}: TokenViewerProps) {
  const queryClient = useQueryClient();
  const [organizationId, setOrganizationId] = useState(() => rememberedChoice(dashboard.id));
  const [load, setLoad] = useState(0);
  const [phase, setPhase] = useState<Phase>({ status: 'loading' });
  const [embedStatus, setEmbedStatus] = useState<ViewerStatus>('loading');
  // The latest answer: whose view it is, the choices, an admin's identity; kept while another loads.
  const [answer, setAnswer] = useState<EmbedToken | null>(null);
  // Issue 29: since when the dashboard's Power BI capacity has been starting (null: it is not).
  const [startingSince, setStartingSince] = useState<number | null>(null);
  const recordOutcome = (loaded: boolean) => void recordDashboardView(queryClient, dashboard.id, loaded);
  const viewedAsId = answer?.organization?.id ?? null;
  const viewedAsName = answer?.organization?.name ?? null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: told when whose view it is changes, not on each render.
  useEffect(() => {
    onViewedAs?.(viewedAsId === null || viewedAsName === null ? null : { id: viewedAsId, name: viewedAsName });
  }, [viewedAsId, viewedAsName]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: each load ('Try again', 'Reset Pages') asks again.
  useEffect(() => {
    const controller = new AbortController();
    setPhase({ status: 'loading' });
    setEmbedStatus('loading');
    setStartingSince(null);
    // Started together: the SDK's code does not wait for the token, nor the token for the code.
    Promise.all([
      loadEmbedSdk(dashboard.embedMode),
      requestEmbedToken(dashboard.id, organizationId, controller.signal, (since) => {
        if (!controller.signal.aborted) setStartingSince(since);
      }),
    ])
      .then(async ([sdk, token]) => {
        // The dashboard changed mode since it was read: the code of its new mode.
        const fitting = sdk.mode === token.mode ? sdk : await loadEmbedSdk(token.mode);
        if (controller.signal.aborted) return;
        setAnswer(token);
        setPhase({ status: 'ready', sdk: fitting, token });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        // A remembered choice the person may no longer see it as: the server's own choice instead.
        if (organizationId !== null && isRefused(error)) {
          remember(dashboard.id, null);
          setOrganizationId(null);
          return;
        }
        // Admins read the server's reason (what is not set up, which provider failed); clients only 'Work in Progress'.
        setPhase({ status: 'failed', detail: (isAdmin && isApiRequestError(error) && error.serverMessage) || null });
      });
    return () => controller.abort();
  }, [dashboard.id, dashboard.embedMode, organizationId, load, isAdmin]);

  // An embed that says nothing is shown as it is after a while: its own page tells what is wrong, if anything.
  useEffect(() => {
    if (phase.status !== 'ready' || embedStatus !== 'loading') return;
    const timer = setTimeout(() => setEmbedStatus('loaded'), loadTimeoutMs);
    return () => clearTimeout(timer);
  }, [phase, embedStatus, loadTimeoutMs]);

  const reload = () => setLoad((n) => n + 1);
  const choose = (chosen: number) => {
    remember(dashboard.id, chosen);
    if (chosen === organizationId) reload();
    else setOrganizationId(chosen);
  };

  // Renewals ask for the organization the token was minted for: access removed there ends the view, it never
  // silently turns into another organization's view.
  const pinned = phase.status === 'ready' ? (phase.token.organization?.id ?? organizationId) : organizationId;
  const pinnedRef = useRef(pinned);
  pinnedRef.current = pinned;
  const renewal: RenewalHandlers = {
    request: () => requestEmbedToken(dashboard.id, pinnedRef.current),
    onRenewed: setAnswer,
    onReplaced: reload,
    onEnded: () => {
      setPhase({ status: 'ended' });
      forgetDashboard(queryClient, dashboard.id);
    },
  };

  // How the view went (D37), reported before the returns below (a hook runs on every render). An ended access
  // reports nothing more; a URL answer's own viewer reports for itself.
  useViewOutcome(
    phase.status === 'ready'
      ? phase.token.mode === 'url'
        ? 'checking'
        : embedStatus
      : phase.status === 'ended'
        ? 'loading'
        : phase.status,
    recordOutcome,
  );

  if (phase.status === 'ended') return <AccessEnded />;
  if (phase.status === 'ready' && phase.token.mode === 'url')
    return (
      <EmbedViewer key={load} url={phase.token.url} title={dashboard.name} onRetry={reload} onOutcome={recordOutcome} />
    );

  const organizations = answer?.organizations ?? [];
  const chooser =
    organizations.length > 1 || (isAdmin && organizations.length > 0) ? (
      <OrganizationChooser
        organizations={organizations}
        value={organizationId ?? answer?.organization?.id ?? null}
        preview={isAdmin}
        onChange={choose}
      />
    ) : null;
  const identity = isAdmin && answer?.identity ? answer.identity : null;
  const status: ViewerStatus = phase.status === 'ready' ? embedStatus : phase.status;

  return (
    <div className={cn(identity && 'grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]')}>
      <ViewerShell
        title={dashboard.name}
        status={status}
        onReset={reload}
        controls={chooser}
        tallWhileLoading
        {...(startingSince !== null &&
          phase.status === 'loading' && { loading: <CapacityStarting since={startingSince} /> })}
        data={{
          'data-mode': dashboard.embedMode,
          ...(answer?.organization && { 'data-organization': answer.organization.id }),
          ...(phase.status === 'ready' && 'expiresAt' in phase.token && { 'data-expires-at': phase.token.expiresAt }),
        }}
      >
        {(fullscreen) =>
          status === 'failed' ? (
            <WorkInProgress onRetry={reload} detail={phase.status === 'failed' ? phase.detail : null} />
          ) : phase.status === 'ready' ? (
            <ProviderEmbed
              key={load}
              sdk={phase.sdk}
              token={phase.token}
              title={dashboard.name}
              fullscreen={fullscreen}
              onStatus={setEmbedStatus}
              renewal={renewal}
            />
          ) : null
        }
      </ViewerShell>
      {identity ? <IdentityPanel organization={answer?.organization ?? null} identity={identity} /> : null}
    </div>
  );
}
