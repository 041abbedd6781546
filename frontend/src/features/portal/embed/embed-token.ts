import type { EmbedMode, EmbedToken } from '@app/contracts';
import { isApiRequestError } from '../../../lib/api';

/**
 * When the viewer renews a token and what a refusal means (issue 14). The providers' SDKs are loaded here, lazily:
 * only the viewer of a token-mode dashboard downloads them, never the home page.
 */

/** A token is renewed this long before it expires at most (Power BI's own guidance: a few minutes ahead). */
const RENEW_AHEAD_MS = 2 * 60_000;
/** ... and at most this share of its remaining lifetime ahead (short-lived tokens are not renewed at once). */
const RENEW_AHEAD_SHARE = 0.25;
/** A renewal never comes sooner than this after the last one (a client clock far ahead of the server's). */
const MIN_RENEW_DELAY_MS = 5_000;
/** A failed renewal (the provider or the network down) is tried again after 2 s, 4 s, 8 s... up to a minute. */
const FIRST_RETRY_MS = 2_000;
const MAX_RETRY_MS = 60_000;

/**
 * When to renew a token that expires at `expiresAt`, received at `now` (ms since the epoch): ahead of the expiry by
 * 2 minutes or 25% of the remaining lifetime, whichever is less; NaN for an expiry that does not parse (never renewed
 * on a timer). `ahead` false: the expiry itself (Tableau and Metabase, renewed on return only once expired).
 */
export function renewalTime(expiresAt: string, now: number, ahead = true): number {
  const expiry = Date.parse(expiresAt);
  if (!ahead) return expiry;
  const remaining = Math.max(0, expiry - now);
  return expiry - Math.min(RENEW_AHEAD_MS, remaining * RENEW_AHEAD_SHARE);
}

/** How long to wait before renewing at `renewAt`: at least 5 s, at most what a timer can hold. */
export const renewalDelay = (renewAt: number, now: number): number =>
  Math.min(2_147_483_647, Math.max(MIN_RENEW_DELAY_MS, renewAt - now));

/** The wait before the next try after `failures` failed renewals in a row. */
export const retryDelay = (failures: number): number => Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** failures);

/**
 * The server refused the token because the person may no longer see the dashboard as this organization: signed out
 * (401), no longer a member or an admin (403), the link, the organization or the dashboard removed (404).
 */
export const isAccessEnded = (error: unknown): boolean =>
  isApiRequestError(error) && (error.status === 401 || error.status === 403 || error.status === 404);

/** A refusal of the request itself (a chosen organization the person may not see it as): not worth retrying as is. */
export const isRefused = (error: unknown): boolean =>
  isApiRequestError(error) && error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429;

export type PowerBiSdk = typeof import('powerbi-client');

/** The code a mode's embed needs: Power BI's SDK, Tableau's <tableau-viz> registered; nothing for the others. */
export type EmbedSdk = { mode: 'powerbi'; sdk: PowerBiSdk } | { mode: Exclude<EmbedMode, 'powerbi'> };

/**
 * Downloads the SDK of a mode (the chunks are cached by the browser and the module map: a second call costs nothing).
 * Started together with the token's request, never after it.
 */
export async function loadEmbedSdk(mode: EmbedMode): Promise<EmbedSdk> {
  if (mode === 'powerbi') {
    const module = await import('powerbi-client');
    // A UMD bundle: its exports are the default export's under some bundlers, named exports under others.
    const sdk = (
      'service' in module && module.service ? module : (module as { default: PowerBiSdk }).default
    ) as PowerBiSdk;
    return { mode, sdk };
  }
  if (mode === 'tableau') {
    // Registers <tableau-viz> (and its siblings) as custom elements.
    await import('@tableau/embedding-api');
    return { mode };
  }
  return { mode };
}

/** What a provider's embed does with the viewer around it when its token is renewed. */
export interface RenewalHandlers {
  /** Asks for a new token for the same organization. */
  request: () => Promise<EmbedToken>;
  /** A new token is in use: the viewer shows what it carries (the organizations, an admin's identity panel). */
  onRenewed: (token: EmbedToken) => void;
  /** The dashboard changed under the viewer (another mode or report): it is loaded again with this answer. */
  onReplaced: (token: EmbedToken) => void;
  /** A renewal was refused: access has ended. */
  onEnded: () => void;
}

export interface ProviderEmbedProps<T extends EmbedToken = EmbedToken> {
  token: T;
  /** The dashboard's name: the embed's accessible title. */
  title: string;
  /** The viewer is in fullscreen: the embed fills it (900 px high otherwise, spec section 9). */
  fullscreen: boolean;
  /** The embed has loaded, or failed before loading ('Work in Progress'). */
  onStatus: (status: 'loaded' | 'failed') => void;
  renewal: RenewalHandlers;
}
