import { AdminMessages } from '@app/contracts';
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

/** How the server's request for an embed URL went (an answer of any status, or why there was none). */
export type EmbedProbe =
  | { outcome: 'answered'; status: number }
  | { outcome: 'refused' | 'tls' | 'not-found' | 'timeout' | 'failed'; detail: string };

/** How long the server waits for an embed host to answer. */
const EMBED_PROBE_TIMEOUT_MS = 3000;

const errorCode = (error: unknown): string => {
  const e = error as { code?: unknown; name?: unknown; cause?: { code?: unknown } } | null;
  const code = [e?.code, e?.cause?.code, e?.name].find(
    (c) => typeof c === 'string' && c !== 'TypeError' && c !== 'Error',
  );
  return (code as string | undefined) ?? '';
};

/**
 * Asks the embed URL's host for it, as a browser's frame would, without reading the page: HEAD, or GET (body
 * dropped) when HEAD is refused (405, 501). Redirects are not followed (a redirect is an answer); no cookies or
 * credentials are sent. Only the outcome is kept, never the page.
 */
export async function probeEmbedUrl(url: string, timeoutMs = EMBED_PROBE_TIMEOUT_MS): Promise<EmbedProbe> {
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    let response = await fetch(url, { method: 'HEAD', redirect: 'manual', signal });
    if (response.status === 405 || response.status === 501) {
      response = await fetch(url, { method: 'GET', redirect: 'manual', signal });
      await response.body?.cancel().catch(() => {});
    }
    return { outcome: 'answered', status: response.status };
  } catch (error) {
    const code = errorCode(error);
    if (code === 'TimeoutError' || code === 'AbortError' || code === 'ETIMEDOUT')
      return { outcome: 'timeout', detail: `no answer within ${timeoutMs / 1000} s` };
    if (code === 'ECONNREFUSED' || code === 'ECONNRESET') return { outcome: 'refused', detail: 'connection refused' };
    if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_NONAME')
      return { outcome: 'not-found', detail: 'host not found' };
    if (/TLS|CERT|SSL|SIGNATURE/i.test(code)) return { outcome: 'tls', detail: 'invalid TLS certificate' };
    return { outcome: 'failed', detail: code || 'network error' };
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
  return `Saved, but the embed URL could not be reached from the server (${probe.detail}): clients may see 'Work in Progress'.`;
}
