/**
 * A path of this site to go to after signing in, or `undefined`. Only a path that starts with one '/' is taken:
 * '//evil.example' and '/\evil.example' are protocol-relative in browsers, and 'https://...' leaves the site.
 */
export function safeRedirectPath(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > 2000) return undefined;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined;
  // Control characters and backslashes may be normalised by the browser into something else.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: they are exactly what is refused
  if (/[\u0000-\u001f\\]/.test(value)) return undefined;
  return value;
}
