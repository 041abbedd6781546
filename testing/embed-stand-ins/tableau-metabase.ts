import { randomUUID } from 'node:crypto';
import { decodeProtectedHeader, jwtVerify } from 'jose';
import { json, type StandInState } from './state';

/**
 * Tableau's REST sign-in with a connected-app JWT (direct trust) and Metabase's signed embedding, each verifying the
 * token with `jose` against the configured secret, and answering in the provider's own error shapes.
 */

const signinError = (detail: string) => json({ error: { summary: 'Signin Error', detail, code: '401001' } }, 401);

/** POST {site}/api/{version}/auth/signin with { credentials: { jwt, site: { contentUrl } } } */
export async function tableauSignin(state: StandInState, body: unknown): Promise<Response> {
  const credentials = (body as { credentials?: { jwt?: unknown; site?: { contentUrl?: unknown } } } | null)
    ?.credentials;
  const { siteName, clientId, secretId, secretValue } = state.credentials.tableau;
  if (typeof credentials?.jwt !== 'string')
    return json({ error: { summary: 'Bad Request', detail: 'credentials.jwt is required', code: '400000' } }, 400);
  if ((credentials.site?.contentUrl ?? '') !== siteName)
    return signinError(`The site '${String(credentials.site?.contentUrl)}' does not exist`);
  let header: ReturnType<typeof decodeProtectedHeader>;
  try {
    header = decodeProtectedHeader(credentials.jwt);
  } catch {
    return signinError('The JWT cannot be read');
  }
  if (header.kid !== secretId || header.iss !== clientId)
    return signinError('No connected app has this client id and secret id');
  try {
    const { payload } = await jwtVerify(credentials.jwt, new TextEncoder().encode(secretValue), {
      algorithms: ['HS256'],
      issuer: clientId,
      audience: 'tableau',
      requiredClaims: ['sub', 'jti', 'exp', 'scp'],
    });
    if (typeof payload.exp !== 'number' || payload.exp - Date.now() / 1000 > 10 * 60 + 5)
      return signinError('The JWT must expire within 10 minutes');
    if (!Array.isArray(payload.scp) || !payload.scp.every((s) => typeof s === 'string' && s.startsWith('tableau:')))
      return signinError('The JWT scp must be a list of tableau scopes');
    if (state.tableauJtis.has(String(payload.jti))) return signinError('The JWT was used already (jti)');
    state.tableauJtis.add(String(payload.jti));
    const token = `tableau-session-${randomUUID()}`;
    state.tableauSessions.add(token);
    return json({
      credentials: {
        site: { id: '9a8b7c6d-5e4f-3a2b-1c0d-9e8f7a6b5c4d', contentUrl: siteName },
        user: { id: randomUUID() },
        token,
        estimatedTimeToExpiration: '239:59:59',
      },
    });
  } catch (error) {
    return signinError(`The JWT is not valid: ${(error as Error).message}`);
  }
}

/** POST {site}/api/{version}/auth/signout with X-Tableau-Auth */
export function tableauSignout(state: StandInState, headers: Headers): Response {
  const token = headers.get('x-tableau-auth') ?? '';
  if (!state.tableauSessions.delete(token))
    return json(
      { error: { summary: 'Unauthorized', detail: 'Invalid authentication credentials', code: '401002' } },
      401,
    );
  return new Response(null, { status: 204 });
}

export const metabaseHealth = () => json({ status: 'ok' });

/** Metabase's text errors: `text/plain` bodies as its API gives them for a token it refuses. */
const text = (body: string, status: number) =>
  new Response(body, { status, headers: { 'content-type': 'text/plain; charset=utf-8' } });

/** The dashboard and params a signed embedding token opens, or Metabase's refusal. */
async function openMetabaseToken(
  state: StandInState,
  token: string,
): Promise<{ dashboard: { id: number; name: string }; params: Record<string, unknown> } | Response> {
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(token, new TextEncoder().encode(state.credentials.metabase.secretKey), {
      algorithms: ['HS256'],
    }));
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'ERR_JWT_EXPIRED') return text('Token is expired.', 400);
    return text('Message seems corrupt or manipulated.', 400);
  }
  const id = (payload.resource as { dashboard?: unknown } | undefined)?.dashboard;
  if (typeof id !== 'number') return text('Invalid resource: a dashboard id is required.', 400);
  if (typeof payload.exp !== 'number') return text('Token is missing an expiration (exp).', 400);
  const dashboard = state.metabaseDashboards.find((d) => d.id === id);
  if (!dashboard) return text('Not found.', 404);
  if (dashboard.enabled === false) return text('Embedding is not enabled for this object.', 400);
  const params = (payload.params ?? {}) as Record<string, unknown>;
  for (const name of dashboard.lockedParams ?? [])
    if (!(name in params)) return text(`You must specify a value for :${name} in the JWT.`, 400);
  return { dashboard: { id: dashboard.id, name: dashboard.name }, params };
}

/** GET {site}/api/embed/dashboard/{token} */
export async function metabaseEmbed(state: StandInState, token: string): Promise<Response> {
  const opened = await openMetabaseToken(state, token);
  if (opened instanceof Response) return opened;
  return json({
    name: opened.dashboard.name,
    description: null,
    parameters: Object.keys(opened.params).map((slug) => ({ slug, id: slug, name: slug, type: 'category' })),
    dashcards: [],
  });
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** GET {site}/embed/dashboard/{token}: a page showing what the token opens (for browser tests). */
export async function metabaseEmbedPage(state: StandInState, token: string): Promise<Response> {
  const opened = await openMetabaseToken(state, token);
  if (opened instanceof Response) return opened;
  const html = `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(opened.dashboard.name)}</title></head>
<body><h1>${escapeHtml(opened.dashboard.name)}</h1>
<pre id="metabase-params" data-dashboard="${opened.dashboard.id}">${escapeHtml(JSON.stringify(opened.params))}</pre></body></html>`;
  return new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8' } });
}
