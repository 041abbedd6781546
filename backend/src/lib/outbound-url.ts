import { checkOutboundUrl } from '@app/platform/outbound';
import { unprocessable } from './http-error';

/**
 * Save-time check of a URL the server will fetch (D35, decision 040): a provider's site or an OpenID issuer must be
 * https and public, unless the operator named its host:port in OUTBOUND_ALLOW_HOSTS. 422 naming the field. Every
 * request checks again (DNS may change): this only tells the administrator early.
 */
export async function refuseUnreachableUrl(
  allowHosts: readonly string[],
  field: string,
  label: string,
  url: string,
): Promise<void> {
  const problem = await checkOutboundUrl(url, { allowHosts });
  if (!problem) return;
  const message =
    problem.reason === 'not-public'
      ? `${label} must be a public address (an internal host must be named in OUTBOUND_ALLOW_HOSTS by the operator)`
      : problem.reason === 'not-https'
        ? `${label} must be an https address (http only for a host:port named in OUTBOUND_ALLOW_HOSTS)`
        : `${label} must be an https address`;
  throw unprocessable(message, [{ path: field, message }]);
}

/** Where a URL sends what it is given: its scheme, host and port (a path on the same site is the same place). */
export function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}
