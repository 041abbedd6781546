import { randomUUID } from 'node:crypto';
import { decodeProtectedHeader, type JWTPayload, jwtVerify } from 'jose';
import { json, type StandInState } from './state';

/**
 * Tableau with a connected app (direct trust): the REST sign-in the server's "Test connection" uses, and what the
 * Embedding API's `<tableau-viz token>` does in a browser (it POSTs the token to `{view origin}/vizportal/api/web/v1/
 * auth/embed/signin` with credentials, then frames the view). Tokens are verified with `jose` against the secret.
 */

/** The JWT's standard claims: the rest are the user attributes. */
const STANDARD = new Set(['iss', 'sub', 'aud', 'exp', 'nbf', 'iat', 'jti', 'scp', 'https://tableau.com/oda']);
const SESSION_COOKIE = 'workgroup_session_id';

/** The token's claims, or why Tableau refuses it. */
async function verify(state: StandInState, jwt: unknown, scope: string): Promise<JWTPayload | string> {
  const { clientId, secretId, secretValue } = state.credentials.tableau;
  if (typeof jwt !== 'string') return 'The JWT is missing';
  let header: ReturnType<typeof decodeProtectedHeader>;
  try {
    header = decodeProtectedHeader(jwt);
  } catch {
    return 'The JWT cannot be read';
  }
  if (header.kid !== secretId || header.iss !== clientId) return 'No connected app has this client id and secret id';
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(jwt, new TextEncoder().encode(secretValue), {
      algorithms: ['HS256'],
      issuer: clientId,
      audience: 'tableau',
      requiredClaims: ['sub', 'jti', 'exp', 'scp'],
    }));
  } catch (error) {
    return `The JWT is not valid: ${(error as Error).message}`;
  }
  if (typeof payload.exp !== 'number' || payload.exp - Date.now() / 1000 > 10 * 60 + 5)
    return 'The JWT must expire within 10 minutes';
  if (!Array.isArray(payload.scp) || !payload.scp.includes(scope)) return `The JWT scp must include ${scope}`;
  if (state.tableauJtis.has(String(payload.jti))) return 'The JWT was used already (jti)';
  state.tableauJtis.add(String(payload.jti));
  return payload;
}

const signinError = (detail: string) => json({ error: { summary: 'Signin Error', detail, code: '401001' } }, 401);

/** POST {site}/api/{version}/auth/signin with { credentials: { jwt, site: { contentUrl } } } */
export async function tableauSignin(state: StandInState, body: unknown): Promise<Response> {
  const credentials = (body as { credentials?: { jwt?: unknown; site?: { contentUrl?: unknown } } } | null)
    ?.credentials;
  const { siteName } = state.credentials.tableau;
  if (typeof credentials?.jwt !== 'string')
    return json({ error: { summary: 'Bad Request', detail: 'credentials.jwt is required', code: '400000' } }, 400);
  if ((credentials.site?.contentUrl ?? '') !== siteName)
    return signinError(`The site '${String(credentials.site?.contentUrl)}' does not exist`);
  const verified = await verify(state, credentials.jwt, 'tableau:content:read');
  if (typeof verified !== 'string') state.tableauSignins.push(verified);
  if (typeof verified === 'string') return signinError(verified);
  const token = `tableau-session-${randomUUID()}`;
  state.tableauSessions.set(token, verified);
  return json({
    credentials: {
      site: { id: '9a8b7c6d-5e4f-3a2b-1c0d-9e8f7a6b5c4d', contentUrl: siteName },
      user: { id: randomUUID() },
      token,
      estimatedTimeToExpiration: '239:59:59',
    },
  });
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

/** Cross-origin answers for the browser's sign-in (the Embedding API sends it with credentials). */
export const corsHeaders = (request: Request): Record<string, string> => {
  const origin = request.headers.get('origin');
  return origin
    ? {
        'access-control-allow-origin': origin,
        'access-control-allow-credentials': 'true',
        'access-control-allow-headers': 'content-type',
        'access-control-allow-methods': 'POST, GET, OPTIONS',
        vary: 'Origin',
      }
    : {};
};

/** POST {origin}/vizportal/api/web/v1/auth/embed/signin with { siteName, jwt }: what `<tableau-viz token>` sends. */
export async function tableauEmbedSignin(state: StandInState, request: Request, body: unknown): Promise<Response> {
  const { siteName, jwt } = (body ?? {}) as { siteName?: unknown; jwt?: unknown };
  const refuse = (message: string) => json({ result: { errors: [{ code: 16, message }] } }, 401, corsHeaders(request));
  if ((siteName ?? '') !== state.credentials.tableau.siteName) return refuse(`Unknown site '${String(siteName)}'`);
  const verified = await verify(state, jwt, 'tableau:views:embed');
  if (typeof verified === 'string') return refuse(verified);
  const session = randomUUID();
  state.tableauSessions.set(session, verified);
  return json({ result: { siteName, user: { username: verified.sub } } }, 200, {
    ...corsHeaders(request),
    'set-cookie': `${SESSION_COOKIE}=${session}; Path=/; HttpOnly; SameSite=Lax`,
  });
}

/**
 * GET {origin}/vizportal/api/web/v1/auth/embed/target?token=...&target=...: what `<tableau-viz iframe-auth>` frames
 * (the token in the frame's URL instead of a cross-origin sign-in): opens a session and redirects to the view.
 */
export async function tableauEmbedTarget(state: StandInState, url: URL): Promise<Response> {
  const target = url.searchParams.get('target') ?? '';
  if (!target.startsWith('/') || target.startsWith('//'))
    return new Response('The target must be a path of this site', { status: 400 });
  const verified = await verify(state, url.searchParams.get('token'), 'tableau:views:embed');
  if (typeof verified === 'string') return new Response(verified, { status: 401 });
  const session = randomUUID();
  state.tableauSessions.set(session, verified);
  return new Response(null, {
    status: 302,
    headers: { location: target, 'set-cookie': `${SESSION_COOKIE}=${session}; Path=/; HttpOnly; SameSite=Lax` },
  });
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** GET {site}/t/{site}/views/{workbook}/{sheet}: shows who the session's token was for, and its attributes. */
export function tableauView(state: StandInState, request: Request, path: string): Response {
  const cookie = request.headers.get('cookie') ?? '';
  const session = new RegExp(`(?:^|;\\s*)${SESSION_COOKIE}=([^;]+)`).exec(cookie)?.[1] ?? '';
  const claims = state.tableauSessions.get(session);
  if (!claims)
    return new Response('<!doctype html><p id="tableau-signed-out">Sign in to Tableau</p>', {
      status: 401,
      headers: { 'content-type': 'text/html; charset=utf-8' },
    });
  const attributes = Object.fromEntries(Object.entries(claims).filter(([name]) => !STANDARD.has(name)));
  const shown = JSON.stringify({ sub: claims.sub, attributes });
  return new Response(
    `<!doctype html><html><head><meta charset="utf-8"><title>Tableau stand-in</title></head>
<body><h1>${escapeHtml(path)}</h1><pre id="tableau-claims">${escapeHtml(shown)}</pre></body></html>`,
    { headers: { 'content-type': 'text/html; charset=utf-8' } },
  );
}

/** The REST session of an `X-Tableau-Auth` header (null: refused). */
const restSession = (state: StandInState, headers: Headers) =>
  state.tableauSessions.get(headers.get('x-tableau-auth') ?? '') ?? null;

const unauthorized = () =>
  json({ error: { summary: 'Unauthorized', detail: 'Invalid authentication credentials', code: '401002' } }, 401);

/** The default view's workbook and sheet (from `credentials.tableau.viewUrl`). */
const knownView = (state: StandInState) => {
  const match = /\/views\/([^/]+)\/([^/]+)$/.exec(new URL(state.credentials.tableau.viewUrl).pathname);
  return { id: 'd1f6c9a2-7e0b-4c3d-9a8f-1b2c3d4e5f60', workbook: match?.[1] ?? '', sheet: match?.[2] ?? '' };
};

/** GET {site}/api/{version}/sites/{siteId}/views?filter=viewUrlName:eq:{sheet} */
export function tableauQueryViews(state: StandInState, headers: Headers, url: URL): Response {
  if (!restSession(state, headers)) return unauthorized();
  const view = knownView(state);
  const filter = /^viewUrlName:eq:(.+)$/.exec(url.searchParams.get('filter') ?? '')?.[1];
  const views = filter === undefined || filter === view.sheet ? [view] : [];
  return json({
    pagination: { pageNumber: '1', pageSize: '100', totalAvailable: String(views.length) },
    views: {
      view: views.map((v) => ({
        id: v.id,
        name: v.sheet,
        contentUrl: `${v.workbook}/sheets/${v.sheet}`,
        viewUrlName: v.sheet,
      })),
    },
  });
}

/**
 * GET {site}/api/{version}/sites/{siteId}/views/{viewId}/pdf or /image: the "file" names the session's user and
 * attributes, so a test can read whose data it carries.
 */
export function tableauViewFile(state: StandInState, headers: Headers, viewId: string, kind: string): Response {
  const claims = restSession(state, headers);
  if (!claims) return unauthorized();
  if (viewId !== knownView(state).id)
    return json({ error: { summary: 'Not Found', detail: 'View not found', code: '404011' } }, 404);
  const attributes = Object.fromEntries(Object.entries(claims).filter(([name]) => !STANDARD.has(name)));
  const shown = JSON.stringify({ sub: claims.sub, attributes });
  return kind === 'pdf'
    ? new Response(`%PDF-1.4\n% Tableau stand-in view\n% ${shown}\n%%EOF\n`, {
        headers: { 'content-type': 'application/pdf' },
      })
    : new Response(Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from(shown)]), {
        headers: { 'content-type': 'image/png' },
      });
}
