/**
 * What the embed viewer does with a dashboard's URL (spec sections 2 and 9): a picture for the image extensions, a
 * frame otherwise; Power BI reports get their navigation parameters.
 */

/** Spec section 9: the recognised image extensions. */
const IMAGE_EXTENSIONS = ['jpeg', 'jpg', 'gif', 'png'] as const;

/** Power BI's report parameters that show the page navigation and filters (spec section 2). */
const POWER_BI_PARAMS = { navContentPaneEnabled: 'true', filterPaneEnabled: 'true', chromeless: '0' } as const;

const IMAGE_PATH = new RegExp(`\\.(${IMAGE_EXTENSIONS.join('|')})$`, 'i');

/** The path of a URL without its query string and fragment (relative URLs too). */
const pathOf = (url: string) => url.trim().split(/[?#]/, 1)[0] ?? '';

/** A URL whose path ends in .jpeg, .jpg, .gif or .png, in any case; the query string and fragment do not count. */
export const isImageUrl = (url: string): boolean => IMAGE_PATH.test(pathOf(url));

function parse(url: string): URL | null {
  try {
    return new URL(url.trim());
  } catch {
    return null;
  }
}

/** An absolute https or http URL on app.powerbi.com or any other *.powerbi.com host. */
export function isPowerBiUrl(url: string): boolean {
  const parsed = parse(url);
  if (!parsed || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')) return false;
  const host = parsed.hostname.toLowerCase();
  return host === 'powerbi.com' || host.endsWith('.powerbi.com');
}

/** An absolute https URL: the only kind a frame may load (D18, and the Content Security Policy). */
export function isHttpsUrl(url: string): boolean {
  return parse(url)?.protocol === 'https:';
}

/**
 * A Power BI URL with navContentPaneEnabled=true, filterPaneEnabled=true and chromeless=0 in its query: the other
 * parameters are kept, earlier values of these three replaced (never doubled). Any other URL, or one that does not
 * parse, comes back unchanged.
 */
export function withPowerBiParams(url: string): string {
  if (!isPowerBiUrl(url)) return url;
  const parsed = parse(url) as URL;
  for (const [key, value] of Object.entries(POWER_BI_PARAMS)) parsed.searchParams.set(key, value);
  return parsed.toString();
}
