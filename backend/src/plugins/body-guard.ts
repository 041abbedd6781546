import { Elysia } from 'elysia';
import { notFound, unprocessable } from '../lib/http-error';
import { json } from './errors';

/** Deeper than any body of ours: a JSON document nested further is refused before it is parsed. */
const MAX_JSON_DEPTH = 64;

/** The largest body the API reads; the server itself (server.ts) cuts the connection at twice this without a word. */
export const MAX_BODY_BYTES = 1024 * 1024;
export const TOO_LARGE_MESSAGE = 'The request body is too large (at most 1 MB).';

export const DEEP_JSON_MESSAGE = `The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels).`;
export const UNSAFE_TEXT_MESSAGE = 'Text must not contain NUL characters or unpaired surrogates (broken characters).';

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const JSON_TYPE = /^application\/(?:[\w.+-]*\+)?json\s*(?:;|$)/i;

/** Whether the JSON text opens more than `max` arrays or objects inside each other (strings skipped), without parsing it. */
function jsonDepthExceeds(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i++; // backslash: the next character is escaped
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) {
      if (++depth > max) return true;
    } else if (c === 93 || c === 125) depth--;
  }
  return false;
}

/** Text PostgreSQL cannot store (NUL) or that is no text at all (a lone surrogate half). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const unsafeText = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text);

const PASSWORD_KEY = /password/i;

/** The path of the first string (value or key) in `value` that PostgreSQL could not store, or null. */
function findUnsafeText(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return unsafeText(value) ? path : null;
  if (typeof value !== 'object' || value === null || depth > MAX_JSON_DEPTH) return null;
  for (const [key, item] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (unsafeText(key)) return at;
    // A password is never stored, only hashed: any text is merely a wrong one (D4 answers it as such).
    if (PASSWORD_KEY.test(key) && typeof item === 'string') continue;
    const found = findUnsafeText(item, at, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/**
 * Hostile input gets a 4xx with a clear message, never a 500 (issue 12, item 30), for every route at once:
 * - a body over MAX_BODY_BYTES is refused with 413 (by its Content-Length, or by its text when it is JSON);
 * - a JSON body nested deeper than MAX_JSON_DEPTH is refused with 400 before anything parses it (a parser's recursion
 *   overflows on 100,000 levels);
 * - a NUL character or a lone surrogate in any text of the body (whatever its type; passwords aside, which are only
 *   hashed) is refused with 422 naming the field, before validation (PostgreSQL refuses NUL in text, and the encoder
 *   mangles surrogates); in the path it names nothing: 404.
 */
export const bodyGuard = new Elysia({ name: 'body-guard' })
  // Not async: a request without a JSON body (every GET) passes without a promise to wait for.
  .onRequest(function guardBody({ request }) {
    if (!BODY_METHODS.has(request.method) || !request.body) return;
    if (Number(request.headers.get('content-length') ?? 0) > MAX_BODY_BYTES)
      return json(413, { message: TOO_LARGE_MESSAGE, issues: [] });
    if (!JSON_TYPE.test(request.headers.get('content-type') ?? '')) return;
    return request
      .clone()
      .text()
      .then((text) =>
        text.length > MAX_BODY_BYTES
          ? json(413, { message: TOO_LARGE_MESSAGE, issues: [] })
          : jsonDepthExceeds(text)
            ? json(400, { message: DEEP_JSON_MESSAGE, issues: [] })
            : undefined,
      );
  })
  .onTransform({ as: 'global' }, function refuseUnsafeText({ body, params }) {
    // A path with such text names nothing that exists (as any malformed id in the path). Query strings are left to
    // their routes' schemas, which say what they expect.
    if (findUnsafeText(params) !== null) throw notFound();
    const path = findUnsafeText(body);
    if (path !== null) throw unprocessable(UNSAFE_TEXT_MESSAGE, [{ path, message: UNSAFE_TEXT_MESSAGE }]);
  });
