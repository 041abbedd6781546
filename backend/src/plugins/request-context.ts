import { Elysia } from 'elysia';
import { clientAddress, proxyTrustOf } from '../lib/client-address';

const SAFE_ID = /^[\w.-]{8,100}$/;

/**
 * Request ids shaped like UUIDs: the first four groups drawn once per process (so replicas and restarts never
 * collide), the last one a counter. As
 * unique per request as a random UUID for logs, at a fraction of the cost on the busiest paths.
 */
const PROCESS_PART = crypto.randomUUID().slice(0, 24);
let sequence = 0;
export const newRequestId = () => `${PROCESS_PART}${(++sequence).toString(16).padStart(12, '0')}`;

/**
 * Global, once in the app: gives every request an id (a trusted proxy's sane-looking `x-request-id`, else new), sent
 * back in `x-request-id` on every answer, unknown routes and errors included.
 */
export const requestIds = (trustProxy = false) =>
  new Elysia({ name: 'request-ids', seed: trustProxy }).onRequest(({ request, set }) => {
    set.headers['x-request-id'] = requestIdOf(request, trustProxy);
  });

/** The id of a request: its trusted proxy's, else a new one. */
export function requestIdOf(request: Request, trustProxy: boolean): string {
  // Only a trusted proxy's id is kept: a client cannot choose the id its requests are logged under. (Reading the
  // headers is also what costs most here: the public list is answered without ever touching them.)
  const incoming = trustProxy ? request.headers.get('x-request-id') : null;
  return incoming && SAFE_ID.test(incoming) ? incoming : newRequestId();
}

/**
 * Used by each route module that needs them (not globally: the busiest read-only routes skip the work): gives its
 * routes `requestId` and `clientIp()`, the client's address: the connection's own, or the forwarded one that the
 * configured proxies vouch for (`TRUST_PROXY`, D8; see lib/client-address.ts), looked up only when asked for.
 */
export const requestContext = (trustProxy = 'false') => {
  const trust = proxyTrustOf(trustProxy);
  return new Elysia().use(requestIds(trust.kind !== 'none')).derive({ as: 'scoped' }, ({ request, server, set }) => {
    let clientIp: string | null | undefined;
    return {
      requestId: set.headers['x-request-id'] as string,
      clientIp(): string | null {
        if (clientIp === undefined) {
          const peer = server?.requestIP(request)?.address ?? null;
          clientIp = clientAddress(trust.kind === 'none' ? null : request.headers.get('x-forwarded-for'), peer, trust);
        }
        return clientIp;
      },
    };
  });
};
