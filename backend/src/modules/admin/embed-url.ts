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

/** Thumbnails and logos: an https address or a path on this site (D18); empty means none. */
export function normalizeImageUrl(input: string | undefined, field: 'thumbnailUrl' | 'logoUrl'): string | null {
  const value = (input ?? '').trim();
  if (!value) return null;
  const message = field === 'thumbnailUrl' ? AdminMessages.thumbnail : AdminMessages.logo;
  if (value.startsWith('/') && !value.startsWith('//') && !/[<>"'\s]/.test(value)) return value;
  try {
    const url = new URL(value);
    if (url.protocol === 'https:') return url.toString();
  } catch {}
  throw unprocessable(message, [{ path: field, message }]);
}
