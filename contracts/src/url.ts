/** Reading addresses typed by people or stored in settings. */

/** `text` as a URL, or null when it is not an absolute one (`new URL` throws on those; older browsers lack `URL.parse`). */
export function parseUrl(text: string): URL | null {
  try {
    return new URL(text);
  } catch {
    return null;
  }
}
