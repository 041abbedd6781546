import type { ConnectionTest } from '@app/contracts';
import { SignJWT } from 'jose';
import { kindOfStatus, type ProviderAnswer, providerError, providerRequest, siteBase, statusWords } from './http';
import * as provider from './types';

/**
 * Metabase static (signed) embedding: an HS256 JWT signed with the site's embedding secret key, naming the dashboard
 * and locking its parameters to the organization's values. The viewer frames `{site}/embed/dashboard/{token}`.
 */

type MetabaseConnection = Extract<provider.OpenConnection, { provider: 'metabase' }>;
type MetabaseTarget = Extract<provider.EmbedTarget, { provider: 'metabase' }>;
type MetabaseIdentity = Extract<provider.EmbedIdentity, { provider: 'metabase' }>;

const LABEL = 'Metabase';
const MAX_MINUTES = 10;
/** What Metabase answers when the token's signature does not match its embedding secret key. */
const BAD_SIGNATURE = /corrupt or manipulated|signature/i;

const secretsOf = (connection: MetabaseConnection) => [connection.secretKey];
const site = (connection: MetabaseConnection) => siteBase(connection.siteUrl);

async function signedEmbedToken(
  deps: provider.ProviderDeps,
  connection: MetabaseConnection,
  dashboardId: number,
  params: Record<string, unknown>,
): Promise<{ token: string; expiresAt: Date }> {
  const minutes = Math.min(MAX_MINUTES, deps.config.EMBED_TOKEN_MINUTES);
  const iat = Math.floor(deps.clock.now().getTime() / 1000);
  const exp = iat + minutes * 60;
  // Metabase's own examples sign with the key as text (its bytes), not hex-decoded.
  const token = await new SignJWT({ resource: { dashboard: dashboardId }, params, iat, exp })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode(connection.secretKey));
  return { token, expiresAt: new Date(exp * 1000) };
}

export async function mintMetabase(
  deps: provider.ProviderDeps,
  connection: MetabaseConnection,
  target: MetabaseTarget,
  identity: MetabaseIdentity,
): Promise<provider.MintedToken> {
  const { token, expiresAt } = await signedEmbedToken(
    deps,
    connection,
    target.metabaseDashboardId,
    identity.scope.params,
  );
  return {
    mode: 'metabase',
    iframeUrl: `${site(connection)}/embed/dashboard/${token}#bordered=true&titled=true`,
    expiresAt,
  };
}

/** Metabase's text (its errors come as text, or as JSON with a `message`): only ever matched, never shown. */
function metabaseText(answer: ProviderAnswer): string {
  const body = answer.body as { message?: unknown } | string | null;
  return typeof body === 'string' ? body : typeof body?.message === 'string' ? body.message : '';
}

/**
 * Asks Metabase for the dashboard with a token signed by the connection's key (no locked parameters): proves the key
 * and that the dashboard exists and is enabled for embedding. A refusal for a missing locked parameter still proves
 * both, so it passes.
 */
async function probeDashboard(deps: provider.ProviderDeps, connection: MetabaseConnection, dashboardId: number) {
  const { token } = await signedEmbedToken(deps, connection, dashboardId, {});
  const answer = await providerRequest(deps, LABEL, `${site(connection)}/api/embed/dashboard/${token}`);
  if (answer.ok) return;
  const words = metabaseText(answer);
  if (answer.status === 400 && BAD_SIGNATURE.test(words))
    throw new provider.ProviderError(
      'unauthorized',
      'Metabase refused the signature: the embedding secret key is wrong',
    );
  if (answer.status === 400 && /must specify a value for|locked/i.test(words)) return;
  if (answer.status === 400 && /embedding is not enabled/i.test(words))
    throw providerError(
      'unauthorized',
      `Metabase refused: embedding is not enabled (enable static embedding in Metabase's admin settings and publish dashboard ${dashboardId})`,
      secretsOf(connection),
    );
  if (answer.status === 404)
    throw providerError('not-found', `Metabase has no dashboard ${dashboardId} (HTTP 404)`, secretsOf(connection));
  throw providerError(
    kindOfStatus(answer.status),
    `Metabase refused the dashboard: ${statusWords(answer.status, [])}`,
    secretsOf(connection),
  );
}

export function testMetabase(
  deps: provider.ProviderDeps,
  connection: MetabaseConnection,
  probe: { metabaseDashboardId?: number },
): Promise<ConnectionTest> {
  return provider.connectionTest(provider.ProviderError, async () => {
    const answer = await providerRequest(deps, LABEL, `${site(connection)}/api/health`);
    const status = (answer.body as { status?: unknown } | null)?.status;
    if (!answer.ok || status !== 'ok')
      throw providerError(
        answer.ok ? 'unavailable' : kindOfStatus(answer.status),
        `Metabase is not healthy at ${new URL(connection.siteUrl).host}: ${status === 'initializing' ? `it is still starting (HTTP ${answer.status})` : answer.ok ? 'its health check did not say ok' : statusWords(answer.status, [])}`,
        secretsOf(connection),
      );
    if (probe.metabaseDashboardId === undefined)
      return 'Connected to Metabase: the site answers (the embedding secret key is checked when a dashboard uses the connection)';
    await probeDashboard(deps, connection, probe.metabaseDashboardId);
    return `Connected to Metabase: dashboard ${probe.metabaseDashboardId} accepts the embedding secret key`;
  });
}

export function checkMetabaseTarget(
  deps: provider.ProviderDeps,
  connection: MetabaseConnection,
  target: MetabaseTarget,
): Promise<string | null> {
  return provider.targetCheck(provider.ProviderError, () =>
    probeDashboard(deps, connection, target.metabaseDashboardId),
  );
}

export const describeMetabase = (identity: MetabaseIdentity): Record<string, unknown> => ({
  params: identity.scope.params,
});
