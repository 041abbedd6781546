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

/** The id of a request: its trusted proxy's sane-looking `x-request-id`, else a new one. */
function requestIdOf(request: Request, trustProxy: boolean): string {
  // Only a trusted proxy's id is kept: a client cannot choose the id its requests are logged under. (Reading the
  // headers is also what costs most here: the public list is answered without ever touching them.)
  const incoming = trustProxy ? request.headers.get('x-request-id') : null;
  return incoming && SAFE_ID.test(incoming) ? incoming : newRequestId();
}

/** Elysia hands one context object to every hook and handler of a request: the id rides on it from the start. */
interface CarriesRequestId {
  requestId: string;
}

/**
 * The request's context, once in the app (`app.ts`) and named by every route module that uses it (Elysia applies it
 * once: same name, same `TRUST_PROXY`):
 * - every request gets an id (see `requestIdOf`) when it arrives, kept in its context and sent back in `x-request-id`
 *   on every answer, unknown routes and errors included;
 * - routes get `requestId` and `clientIp()`, the client's address: the connection's own, or the forwarded one that
 *   the configured proxies vouch for (`TRUST_PROXY`, D8; see lib/client-address.ts), looked up only when asked for.
 */
export const requestContext = (trustProxy = 'false') => {
  const trust = proxyTrustOf(trustProxy);
  const trusted = trust.kind !== 'none';
  return new Elysia({ name: 'request-context', seed: trustProxy })
    .onRequest(function assignRequestId(context) {
      const id = requestIdOf(context.request, trusted);
      (context as unknown as CarriesRequestId).requestId = id;
      context.set.headers['x-request-id'] = id;
    })
    .derive({ as: 'scoped' }, function requestContext(context) {
      const { request, server } = context;
      let clientIp: string | null | undefined;
      return {
        requestId: (context as unknown as CarriesRequestId).requestId,
        clientIp(): string | null {
          if (clientIp === undefined) {
            const peer = server?.requestIP(request)?.address ?? null;
            clientIp = clientAddress(trusted ? request.headers.get('x-forwarded-for') : null, peer, trust);
          }
          return clientIp;
        },
      };
    });
};
