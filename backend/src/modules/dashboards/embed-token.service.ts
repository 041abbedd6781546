import {
  AdminMessages,
  DATA_SCOPE_SCHEMAS,
  EMBED_PROVIDER_LABELS,
  EMBED_STARTING_MESSAGE,
  type EmbedProvider,
  type EmbedStarting,
  type EmbedToken,
  type OrganizationChoice,
} from '@app/contracts';
import type { Logger } from '@app/platform/logger';
import { CapacityError } from '@app/platform/powerbi/arm';
import { ensureCapacityActive, recordCapacityViewer } from '@app/platform/powerbi/capacity';
import type { SecretBox } from '@app/platform/secret-box';
import * as v from 'valibot';
import type { ApiConfig } from '../../env';
import { HttpError, notFound, unprocessable } from '../../lib/http-error';
import type { RateLimiter } from '../../lib/rate-limit';
import { insertAudit } from '../audit';
import {
  ConnectionSecretError,
  type EmbedIdentity,
  embedProviders,
  isProviderError,
  loadOpenConnection,
  type OpenConnection,
} from '../embedding';
import { type DashboardsDeps, readableDashboard, type Viewer } from './dashboard-access';
import { embedModeOf, linkedOrganizations } from './dashboards.repository';
import { embedTargetOf } from './embed-setup';

/**
 * POST /api/dashboards/{id}/embed-token (issue 14, decision 030): at every call (first view and every renewal) the
 * access of GET /api/dashboards/{id} (D10), then whose view it is (one of the person's active organizations linked
 * to the dashboard), that organization's data scope, and a token minted with the dashboard's connection for that
 * scope. Every token minted is audited; no token is minted without a scope.
 */

export interface EmbedTokenDeps extends DashboardsDeps {
  config: ApiConfig;
  secretBox: SecretBox | null;
  logger: Logger;
  rateLimiter: RateLimiter;
}

/** Who asks: anonymous (null), or a signed-in person with their e-mail (the identity's `sub` / username). */
export type EmbedViewer = (Viewer & { email: string }) | null;

/** A person may ask this many tokens a minute (a viewer renews one every few minutes; a reload asks one more). */
const TOKENS_PER_MINUTE = 60;

const EmbedTokenMessages = {
  notLinked: 'This dashboard is not linked to any organization',
  unavailable: 'This dashboard cannot be shown right now. Please try again later.',
  notSetUp: 'This dashboard is not set up completely: choose its connection and report again',
  cannotOpen:
    "The server cannot open the dashboard's connection: set APP_ENCRYPTION_KEY to the key its secrets were sealed with, or save the connection again",
  providerFault: (provider: EmbedProvider) =>
    `The dashboard could not be loaded from ${EMBED_PROVIDER_LABELS[provider]} right now. Please try again.`,
} as const;

const notFoundDashboard = () => notFound('Dashboard not found');
const choice = ({ id, name }: OrganizationChoice): OrganizationChoice => ({ id, name });

export async function embedToken(
  deps: EmbedTokenDeps,
  dashboardId: number,
  viewer: EmbedViewer,
  organizationId: number | null,
): Promise<EmbedToken | EmbedStarting> {
  const dashboard = await readableDashboard(deps, dashboardId, viewer);
  const mode = embedModeOf(dashboard);
  const isAdmin = viewer?.isAdmin === true;
  // What a token needs is read together (one round trip's time, not three): whose view it may be (the person's own
  // active organizations linked to it; an admin may take any linked one), the person's count of tokens this minute,
  // and the connection. Each is only used once the checks before it have passed.
  // A Looker Studio report is framed by its URL: access is its sharing with the person's Google account (issue 28).
  const framed = mode === 'url' || mode === 'lookerstudio';
  const minting = viewer !== null && !framed;
  const [linkedRead, limited, opened] = await Promise.allSettled([
    viewer ? linkedOrganizations(deps.db, dashboardId, viewer.id, !isAdmin) : [],
    minting
      ? deps.rateLimiter.hit([{ key: `embed-token:user:${viewer.id}`, max: TOKENS_PER_MINUTE, windowMs: 60_000 }])
      : undefined,
    minting && dashboard.connectionId !== null ? openConnection(deps, dashboard.connectionId, viewer) : null,
  ]);
  // Their failures count in the order the checks are made, so the answer is the same as when read one by one.
  const linked = settled(linkedRead);
  const chosen = organizationId === null ? null : linked.find((org) => org.id === organizationId);
  // Never say whether an organization the person may not choose exists or is linked.
  if (chosen === undefined) throw notFoundDashboard();
  const organizations = linked.map(choice);

  if (framed) {
    // The viewer frames the URL; the organization only says whose list the person came from.
    const organization = chosen ?? (isAdmin ? null : (linked[0] ?? null));
    return {
      mode: 'url',
      url: dashboard.embedUrl,
      organization: organization && choice(organization),
      organizations,
      identity: null,
    };
  }

  if (!viewer) throw notFoundDashboard();
  if (linked.length === 0) {
    if (isAdmin) throw unprocessable(EmbedTokenMessages.notLinked);
    throw notFoundDashboard();
  }
  const organization = chosen ?? (isAdmin ? linked.find((org) => org.member) : undefined) ?? linked[0]!;
  // No scope, or one of another provider (the dashboard changed provider since): refused, never shown unfiltered.
  const scope = v.safeParse(DATA_SCOPE_SCHEMAS[mode], organization.dataScope);
  if (organization.dataScope === null || !scope.success) throw new HttpError(403, AdminMessages.noScope);

  settled(limited);
  const connection = settled(opened);
  const target = embedTargetOf(dashboard);
  if (!target || !connection) throw unavailable(viewer, EmbedTokenMessages.notSetUp);
  const identity = { provider: mode, email: viewer.email, scope: scope.output } as EmbedIdentity;
  if (connection.provider === 'powerbi') {
    const starting = await capacityStarting(deps, connection.id, { dashboardId, viewer });
    if (starting) return starting;
  }
  let minted: Awaited<ReturnType<typeof embedProviders.mint>>;
  try {
    minted = await embedProviders.mint(deps, connection, target, identity);
  } catch (error) {
    throw providerFault(deps.logger, error, { dashboardId, connectionId: connection.id, provider: mode }, viewer);
  }
  const described = embedProviders.describeIdentity(identity);
  await insertAudit(deps.db, {
    actorId: viewer.id,
    actorEmail: viewer.email,
    action: isAdmin && !organization.member ? 'dashboard.preview' : 'dashboard.embed-token',
    targetType: 'dashboard',
    targetId: dashboardId,
    targetName: dashboard.name,
    changes: {
      organizationId: organization.id,
      organizationName: organization.name,
      provider: mode,
      identity: described,
    },
  });
  return {
    ...minted,
    expiresAt: minted.expiresAt.toISOString(),
    organization: choice(organization),
    organizations,
    identity: isAdmin ? described : null,
  };
}

/**
 * The capacity of a Power BI connection (issue 29): a viewer counts as activity (it is not paused under them); a paused
 * capacity is started (one resume however many viewers) and the viewer told to ask again. Azure's refusal (a
 * capacity deleted, no rights) is a 502 whose details only admins read.
 */
async function capacityStarting(
  deps: EmbedTokenDeps,
  connectionId: number,
  context: { dashboardId: number; viewer: EmbedViewer },
): Promise<EmbedStarting | null> {
  const capacityDeps = {
    db: deps.db,
    secretBox: deps.secretBox,
    now: () => deps.clock.now(),
    arm: {
      POWERBI_AUTHORITY_URL: deps.config.POWERBI_AUTHORITY_URL,
      AZURE_MANAGEMENT_URL: deps.config.AZURE_MANAGEMENT_URL,
      OUTBOUND_ALLOW_HOSTS: deps.config.OUTBOUND_ALLOW_HOSTS,
      timeoutMs: deps.config.EMBED_PROVIDER_TIMEOUT_MS,
    },
  };
  try {
    await recordCapacityViewer(capacityDeps, connectionId);
    const readiness = await ensureCapacityActive(capacityDeps, connectionId);
    if (readiness.status === 'active') return null;
    return { status: 'starting', retryAfterSeconds: readiness.retryAfterSeconds, message: EMBED_STARTING_MESSAGE };
  } catch (error) {
    if (!(error instanceof CapacityError)) throw error;
    deps.logger.warn(
      { dashboardId: context.dashboardId, connectionId, kind: error.kind, detail: error.message },
      'the Power BI capacity could not be started',
    );
    const safe = EmbedTokenMessages.providerFault('powerbi');
    throw new HttpError(502, context.viewer?.isAdmin ? `${safe} ${error.message}` : safe);
  }
}

/** The value of a settled read, or its error thrown. */
function settled<T>(result: PromiseSettledResult<T>): T {
  if (result.status === 'rejected') throw result.reason;
  return result.value;
}

/** 503: the dashboard cannot be shown for a reason of the server's set-up; admins read which. */
const unavailable = (viewer: EmbedViewer, adminMessage: string) =>
  new HttpError(503, viewer?.isAdmin ? adminMessage : EmbedTokenMessages.unavailable);

/** The connection with its secrets opened, or 503 (no key, another key, a connection gone). Logged without secrets. */
async function openConnection(deps: EmbedTokenDeps, connectionId: number, viewer: EmbedViewer) {
  let connection: OpenConnection | null;
  try {
    connection = await loadOpenConnection(deps, connectionId);
  } catch (error) {
    if (!(error instanceof ConnectionSecretError)) throw error;
    // Its message names the connection and what is wrong (no key, another key), never the secret.
    deps.logger.error(
      { connectionId, reason: error.message },
      'an embed connection could not be opened: no token minted',
    );
    throw unavailable(viewer, `${EmbedTokenMessages.cannotOpen} (${error.message})`);
  }
  if (!connection) throw unavailable(viewer, EmbedTokenMessages.notSetUp);
  return connection;
}

/**
 * The provider's fault as the person sees it: 504 when it did not answer in time, 502 otherwise, with a message that
 * says which provider and to try again; admins read what the provider said too (never a secret: ProviderError).
 */
function providerFault(
  logger: Logger,
  error: unknown,
  context: { dashboardId: number; connectionId: number; provider: EmbedProvider },
  viewer: EmbedViewer,
) {
  if (!isProviderError(error)) return error;
  logger.warn({ ...context, kind: error.kind, detail: error.message }, 'the embed provider refused or failed a token');
  const safe = EmbedTokenMessages.providerFault(context.provider);
  return new HttpError(error.kind === 'timeout' ? 504 : 502, viewer?.isAdmin ? `${safe} ${error.message}` : safe);
}
