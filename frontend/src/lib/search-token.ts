/**
 * The `token` of an e-mailed link (`/register?token=...`), from the router's parsed search. The router reads values
 * as JSON where they parse, so an all-digit token arrives as a number: it is turned back into text.
 */
export function searchToken(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  if (typeof value !== 'string') return undefined;
  const token = value.trim();
  return token === '' || token.length > 500 ? undefined : token;
}
