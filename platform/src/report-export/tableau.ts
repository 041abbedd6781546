import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { ExportError, type ExportHttp, refusal, request } from './http';
import type { ExportedFile } from './powerbi';

/**
 * A Tableau view as a PDF or PNG (issue 29, decision 054), with the REST API as Tableau documents it: sign in with a
 * connected app's JWT (direct trust) carrying the organization's user attributes, find the view by its URL name
 * (`GET /sites/{site}/views?filter=viewUrlName:eq:...`), download it (`GET /sites/{site}/views/{view}/pdf` or
 * `/image`), sign out.
 */

export interface TableauExportDeps {
  http: ExportHttp;
  now?: () => number;
}

export interface TableauExportConnection {
  siteUrl: string;
  siteName: string;
  clientId: string;
  secretId: string;
  secretValue: string;
}

const LABEL = 'Tableau';
const REST_VERSION = '3.22';
const ATTRIBUTES_CLAIM = 'https://tableau.com/oda';
const RESERVED = new Set(['iss', 'sub', 'aud', 'exp', 'nbf', 'iat', 'jti', 'scp', 'kid', 'alg', 'typ']);

/** `{site}/t/{siteName}/views/{workbook}/{sheet}` → the workbook and sheet of the view. */
function viewOf(viewUrl: string): { workbook: string; sheet: string } {
  const match = /\/views\/([^/?#]+)\/([^/?#]+)/.exec(new URL(viewUrl).pathname);
  if (!match) throw new ExportError('not-set-up', 'The Tableau view URL must end with /views/{workbook}/{sheet}');
  return { workbook: decodeURIComponent(match[1] as string), sheet: decodeURIComponent(match[2] as string) };
}

async function signInJwt(
  connection: TableauExportConnection,
  username: string,
  attributes: Record<string, unknown>,
  now: number,
) {
  const iat = Math.floor(now / 1000);
  const own = Object.fromEntries(
    Object.entries(attributes).filter(
      ([name]) => !RESERVED.has(name.toLowerCase()) && !name.toLowerCase().startsWith('https://tableau.com/'),
    ),
  );
  return new SignJWT({
    ...own,
    ...(Object.keys(own).length ? { [ATTRIBUTES_CLAIM]: 'true' } : {}),
    iss: connection.clientId,
    aud: 'tableau',
    sub: username,
    jti: randomUUID(),
    iat,
    exp: iat + 5 * 60,
    scp: ['tableau:content:read', 'tableau:views:download'],
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT', kid: connection.secretId, iss: connection.clientId })
    .sign(new TextEncoder().encode(connection.secretValue));
}

export async function exportTableauView(
  deps: TableauExportDeps,
  connection: TableauExportConnection,
  view: { viewUrl: string; format: 'PDF' | 'PNG'; username: string; attributes: Record<string, unknown> },
): Promise<ExportedFile> {
  const site = new URL(connection.siteUrl);
  const api = `${`${site.origin}${site.pathname}`.replace(/\/+$/, '')}/api/${REST_VERSION}`;
  const { workbook, sheet } = viewOf(view.viewUrl);
  const jwt = await signInJwt(connection, view.username, view.attributes, (deps.now ?? Date.now)());
  const signedIn = await request(deps.http, LABEL, `${api}/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ credentials: { jwt, site: { contentUrl: connection.siteName } } }),
  });
  if (!signedIn.ok) throw refusal(signedIn, `${LABEL} refused the connected app's sign-in`);
  const credentials = (signedIn.json as { credentials?: { token?: unknown; site?: { id?: unknown } } } | null)
    ?.credentials;
  if (typeof credentials?.token !== 'string' || typeof credentials.site?.id !== 'string')
    throw new ExportError('unavailable', `${LABEL} answered the sign-in without a token and site`);
  const auth = { 'x-tableau-auth': credentials.token };
  const siteApi = `${api}/sites/${encodeURIComponent(credentials.site.id)}`;
  try {
    const found = await request(
      deps.http,
      LABEL,
      `${siteApi}/views?filter=${encodeURIComponent(`viewUrlName:eq:${sheet}`)}`,
      { headers: auth },
    );
    if (!found.ok) throw refusal(found, `${LABEL} refused to list the views`);
    const views = (found.json as { views?: { view?: Array<{ id?: unknown; contentUrl?: unknown }> } } | null)?.views
      ?.view;
    const match = (views ?? []).find((v) => v.contentUrl === `${workbook}/sheets/${sheet}`) ?? null;
    if (!match || typeof match.id !== 'string')
      throw new ExportError('not-found', `${LABEL} has no view ${workbook}/${sheet} that the connected app can see`);
    const path = view.format === 'PDF' ? 'pdf' : 'image?resolution=high';
    const file = await request(deps.http, LABEL, `${siteApi}/views/${encodeURIComponent(match.id)}/${path}`, {
      headers: { ...auth, accept: '*/*' },
    });
    if (!file.ok) throw refusal(file, `${LABEL} refused to download the view`);
    return {
      bytes: file.bytes,
      extension: view.format === 'PDF' ? '.pdf' : '.png',
      contentType: view.format === 'PDF' ? 'application/pdf' : 'image/png',
    };
  } finally {
    await request(deps.http, LABEL, `${api}/auth/signout`, { method: 'POST', headers: auth }).catch(() => {});
  }
}
