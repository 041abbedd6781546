import { jwtVerify } from 'jose';
import { json, type StandInState } from './state';

/** Metabase's signed embedding: the token verified with `jose` against the embedding key, errors as Metabase words them. */

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
