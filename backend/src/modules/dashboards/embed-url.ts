import { AdminMessages } from '@app/contracts';
import { guardedFetch, OutboundError } from '@app/platform/outbound';
import { unprocessable } from '../../lib/http-error';

const decodeEntities = (value: string) =>
  value
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');

/**
 * D18: an admin may paste a URL or a whole iframe code; only the `src` of the first iframe is kept, it must be https,
 * and no pasted HTML is ever stored or rendered.
 */
export function normalizeEmbedUrl(input: string): string {
  const trimmed = input.trim();
  let candidate = trimmed;
  if (/<\s*iframe\b/i.test(trimmed)) {
    const match = /<\s*iframe\b[^>]*?\bsrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(trimmed);
    candidate = decodeEntities(match?.[1] ?? match?.[2] ?? match?.[3] ?? '');
  } else if (/[<>]/.test(trimmed)) {
    candidate = '';
  }
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    throw unprocessable(AdminMessages.embedHttps, [{ path: 'embedUrl', message: AdminMessages.embedHttps }]);
  }
  if (url.protocol !== 'https:' || !url.hostname)
    throw unprocessable(AdminMessages.embedHttps, [{ path: 'embedUrl', message: AdminMessages.embedHttps }]);
  return url.toString();
}

/**
 * A path on this site as a browser reads it: one leading slash, then no backslash (browsers read `/\host` as
 * `//host`, another site), no control character or white space (browsers drop tabs and newlines, so `/\t/host` is
 * `//host` too), no quote or angle bracket; and resolving it must keep the site's own host.
 */
function isSitePath(value: string): boolean {
  if (!/^\/(?!\/)[^\\\s\p{Cc}<>"'`]*$/u.test(value)) return false;
  try {
    return new URL(value, 'https://site.invalid').host === 'site.invalid';
  } catch {
    return false;
  }
}

/** Thumbnails and logos: an https address or a path on this site (D18); empty means none. */
export function normalizeImageUrl(
  input: string | undefined,
  field: 'thumbnailUrl' | 'logoUrl' | 'pictureUrl',
): string | null {
  const value = (input ?? '').trim();
  if (!value) return null;
  const message = {
    thumbnailUrl: AdminMessages.thumbnail,
    logoUrl: AdminMessages.logo,
    pictureUrl: AdminMessages.picture,
  }[field];
  if (value.startsWith('/')) {
    if (isSitePath(value)) return value;
    throw unprocessable(message, [{ path: field, message }]);
  }
  try {
    const url = new URL(value);
    if (url.protocol === 'https:') return url.toString();
  } catch {}
  throw unprocessable(message, [{ path: field, message }]);
}

/**
 * How the server's request for an embed URL went: an answer of any status; no answer (refused, reset, a TLS failure,
 * no answer in time: told apart nowhere, so a closed port and an open one look alike, D35); or not asked at all,
 * because the address is not a public https one the server may reach (decision 040) or its name does not resolve.
 */
export type EmbedProbe =
  | { outcome: 'answered'; status: number }
  | { outcome: 'unreachable' }
  | { outcome: 'not-checked' };

/** How long the server waits for an embed host to answer. */
const EMBED_PROBE_TIMEOUT_MS = 3000;

/**
 * Asks the embed URL's host for it, as a browser's frame would, without reading the page: HEAD, or GET (body
 * dropped) when HEAD is refused (405, 501), through the outbound guard (decision 040). Redirects are not followed (a
 * redirect is an answer); no cookies or credentials are sent. Only the outcome is kept, never the page.
 */
export async function probeEmbedUrl(
  url: string,
  allowHosts: readonly string[],
  timeoutMs = EMBED_PROBE_TIMEOUT_MS,
): Promise<EmbedProbe> {
  const signal = AbortSignal.timeout(timeoutMs);
  const ask = (method: string) => guardedFetch(url, { method, redirect: 'manual', signal }, { allowHosts });
  try {
    let response = await ask('HEAD');
    if (response.status === 405 || response.status === 501) {
      response = await ask('GET');
      await response.body?.cancel().catch(() => {});
    }
    return { outcome: 'answered', status: response.status };
  } catch (error) {
    if (!(error instanceof OutboundError) || error.reason === 'unreachable' || error.reason === 'timeout')
      return { outcome: 'unreachable' };
    return { outcome: 'not-checked' };
  }
}

/**
 * The warning an admin sees after saving a dashboard whose embed URL the server could not reach, or null. Saving
 * never waits on it beyond the probe's timeout and never fails because of it: the host may be reachable only from
 * the clients' network, or down for a moment. 401 and 403 are normal for embeds that ask viewers to sign in.
 */
export function embedUrlWarning(probe: EmbedProbe): string | null {
  if (probe.outcome === 'answered')
    return probe.status === 404 || probe.status === 410 || probe.status >= 500
      ? `Saved, but the embed URL answered HTTP ${probe.status}: clients may see 'Work in Progress'.`
      : null;
  if (probe.outcome === 'not-checked')
    return 'Saved. The server did not check the embed URL: its host does not resolve from the server or is not a public address.';
  return "Saved, but the embed URL could not be reached from the server: clients may see 'Work in Progress'.";
}
