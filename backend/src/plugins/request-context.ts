import { Elysia } from 'elysia';

const SAFE_ID = /^[\w.-]{8,100}$/;

/**
 * Gives every request an id (kept from a sane-looking `x-request-id`, else new) and `clientIp()`, the client's
 * address: the connection's own, or the first X-Forwarded-For entry only when a trusted proxy sets it (D8).
 * The address is looked up only by the routes that ask for it: the lookup costs more than the rest of a cached
 * answer, and most requests never need it.
 */
export const requestContext = (trustProxy = false) =>
  new Elysia({ name: 'request-context', seed: trustProxy }).derive({ as: 'global' }, ({ request, server, set }) => {
    const incoming = request.headers.get('x-request-id');
    const requestId = incoming && SAFE_ID.test(incoming) ? incoming : crypto.randomUUID();
    set.headers['x-request-id'] = requestId;
    let clientIp: string | null | undefined;
    return {
      requestId,
      clientIp(): string | null {
        if (clientIp === undefined) {
          const forwarded = trustProxy ? request.headers.get('x-forwarded-for')?.split(',')[0]?.trim() : undefined;
          clientIp = forwarded || server?.requestIP(request)?.address || null;
        }
        return clientIp;
      },
    };
  });
