import { clip, type GoogleAnswer, googleRequest, LookerStudioError } from './http';
import { accessToken, forgetToken, type LookerStudioAccount, type LookerStudioDeps } from './token';

/**
 * The Looker Studio API calls the portal makes (issue 28): `GET /v1/assets:search`, `GET` and `PATCH
 * /v1/assets/{name}/permissions`. The permissions are a map of role to members with an etag; a PATCH carrying a stale
 * etag is refused (409/412 ABORTED) and the caller reads again.
 */

const API = 'The Looker Studio API';

export type PermissionsMap = Partial<Record<string, { members: string[] }>>;
export interface Permissions {
  permissions: PermissionsMap;
  etag: string;
}

export interface Asset {
  name: string;
  title: string;
  assetType: string;
  owner: string | null;
  updateTime: string | null;
}

/** Google's error (`{ error: { code, message, status } }`) in words, with the kind of fault it is. */
function refusal(answer: GoogleAnswer, what: string): LookerStudioError {
  const error = (answer.body as { error?: { message?: unknown; status?: unknown } } | null)?.error;
  const words =
    error && typeof error === 'object'
      ? clip(
          `${typeof error.message === 'string' ? error.message : ''}${typeof error.status === 'string' ? ` (${error.status})` : ''}`,
        )
      : `HTTP ${answer.status}`;
  const { status } = answer;
  if (status === 401 || status === 403)
    return new LookerStudioError(
      'unauthorized',
      `${API} refused ${what}: ${words} (the delegated user must be allowed to share it)`,
    );
  if (status === 404) return new LookerStudioError('not-found', `${API} knows no ${what}: ${words}`);
  if (status === 409 || status === 412 || (error as { status?: unknown } | undefined)?.status === 'ABORTED')
    return new LookerStudioError('conflict', `${API}: the permissions changed meanwhile (${words})`);
  if (status >= 500 || status === 429) return new LookerStudioError('unavailable', `${API} is unavailable: ${words}`);
  return new LookerStudioError('unauthorized', `${API} refused ${what}: ${words}`);
}

async function call(
  deps: LookerStudioDeps,
  account: LookerStudioAccount,
  method: 'GET' | 'PATCH',
  path: string,
  what: string,
  body?: unknown,
): Promise<unknown> {
  const url = `${deps.apiUrl.replace(/\/+$/, '')}/v1/${path}`;
  const send = async () =>
    googleRequest(API, url, {
      method,
      headers: {
        authorization: `Bearer ${await accessToken(deps, account)}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      timeoutMs: deps.timeoutMs,
    });
  let answer = await send();
  if (answer.status === 401) {
    // The token may have been revoked: one more try with a new one.
    forgetToken(deps, account);
    answer = await send();
  }
  if (!answer.ok) throw refusal(answer, what);
  if (!answer.body || typeof answer.body !== 'object')
    throw new LookerStudioError('unavailable', `${API} gave an unreadable answer (HTTP ${answer.status})`);
  return answer.body;
}

const text = (value: unknown) => (typeof value === 'string' ? value : null);

/** Reports the delegated user can see whose title contains `title` (all of them when empty), at most `limit`. */
export async function searchAssets(
  deps: LookerStudioDeps,
  account: LookerStudioAccount,
  title = '',
  limit = 100,
): Promise<Asset[]> {
  const assets: Asset[] = [];
  let pageToken = '';
  for (let page = 0; page < 10 && assets.length < limit; page++) {
    const query = new URLSearchParams({ assetTypes: 'REPORT' });
    if (title) query.set('title', title);
    if (pageToken) query.set('pageToken', pageToken);
    const body = (await call(deps, account, 'GET', `assets:search?${query}`, 'the search of reports')) as {
      assets?: unknown;
      nextPageToken?: unknown;
    };
    for (const asset of Array.isArray(body.assets) ? body.assets : []) {
      const name = text(asset?.name);
      if (!name) continue;
      assets.push({
        name,
        title: text(asset.title) ?? name,
        assetType: text(asset.assetType) ?? 'REPORT',
        owner: text(asset.owner),
        updateTime: text(asset.updateTime),
      });
    }
    pageToken = text(body.nextPageToken) ?? '';
    if (!pageToken) break;
  }
  return assets.slice(0, limit);
}

const assetPath = (name: string) => `assets/${encodeURIComponent(name)}/permissions`;

function readPermissions(body: unknown): Permissions {
  const b = body as { permissions?: unknown; etag?: unknown };
  const map: PermissionsMap = {};
  if (b.permissions && typeof b.permissions === 'object')
    for (const [role, value] of Object.entries(b.permissions as Record<string, unknown>)) {
      const members = (value as { members?: unknown } | null)?.members;
      map[role] = { members: Array.isArray(members) ? members.filter((m): m is string => typeof m === 'string') : [] };
    }
  return { permissions: map, etag: text(b.etag) ?? '' };
}

export async function getPermissions(deps: LookerStudioDeps, account: LookerStudioAccount, assetName: string) {
  return readPermissions(await call(deps, account, 'GET', assetPath(assetName), `report ${assetName}`));
}

/**
 * Writes the permissions (the OWNER role is left out: it cannot be changed); refused with 'conflict' when `etag` is no
 * longer the asset's. The body is the documented `{ name, permissions: { permissions, etag } }`.
 */
export async function patchPermissions(
  deps: LookerStudioDeps,
  account: LookerStudioAccount,
  assetName: string,
  next: Permissions,
) {
  const permissions = Object.fromEntries(Object.entries(next.permissions).filter(([role]) => role !== 'OWNER'));
  return readPermissions(
    await call(deps, account, 'PATCH', assetPath(assetName), `report ${assetName}`, {
      name: assetName,
      permissions: { permissions, etag: next.etag },
    }),
  );
}
