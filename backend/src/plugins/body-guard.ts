import { Elysia } from 'elysia';
import { HttpError } from '../lib/http-error';

/** Deeper than any body of ours: a JSON document nested further is refused before it is parsed. */
const MAX_JSON_DEPTH = 64;

/** The largest body the API reads; the server itself (server.ts) cuts the connection at twice this without a word. */
export const MAX_BODY_BYTES = 1024 * 1024;
export const TOO_LARGE_MESSAGE = 'The request body is too large (at most 1 MB).';

export const DEEP_JSON_MESSAGE = `The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels).`;
export const NOT_UTF8_MESSAGE = 'The request body is not valid UTF-8 text.';
export const NOT_JSON_TYPE_MESSAGE = 'Send the request body as JSON (Content-Type: application/json).';
export const UNSAFE_TEXT_MESSAGE = 'Text must not contain NUL characters or unpaired surrogates (broken characters).';

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A refusal of the client's request, with what was wrong for the log line (plugins/errors.ts logs it at info). */
const refuse = (status: number, message: string, reason: string, issues: HttpError['issues'] = []) =>
  Object.assign(new HttpError(status, message, issues), { reason });
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

const READ_JSON_MESSAGE = 'The request body could not be read. Send valid JSON.';

/** A JSON body whose type the framework's own parser does not recognise by its spelling ('APPLICATION/JSON'). */
async function readJson(request: Request): Promise<unknown> {
  try {
    return JSON.parse(await request.text());
  } catch {
    throw refuse(400, READ_JSON_MESSAGE, 'unreadable_body');
  }
}

/**
 * Hostile input gets a 4xx with a clear message, never a 500 (issue 12, item 30), for every route at once:
 * - a body over MAX_BODY_BYTES is refused with 413 (by its Content-Length, or by its bytes when it is JSON or sent in
 *   chunks without a length, whatever its type);
 * - a JSON body nested deeper than MAX_JSON_DEPTH is refused with 400 before anything parses it (a parser's recursion
 *   overflows on 100,000 levels), and one that is not UTF-8 with 400 too;
 * - a NUL character or a lone surrogate in any text of the body (whatever its type; passwords aside, which are only
 *   hashed) is refused with 422 naming the field, before validation (PostgreSQL refuses NUL in text, and the encoder
 *   mangles surrogates); in the path it names nothing: 404;
 * - a body that is not JSON (XML, text, a form, or no type at all) is refused with 415 (decision 058), except on
 *   `textRoutes`, which read their body as text on purpose (a signed webhook, RFC 8058's form-encoded one-click
 *   unsubscribe). A JSON type is matched whatever its case or parameters ('Application/JSON; charset=utf-8').
 */
export const bodyGuard = (textRoutes: readonly string[] = []) =>
  new Elysia({ name: 'body-guard', seed: textRoutes })
    // Not async: a request without a JSON body (every GET) passes without a promise to wait for.
    .onRequest(function guardBody({ request }) {
      if (!BODY_METHODS.has(request.method) || !request.body) return;
      const length = request.headers.get('content-length');
      if (Number(length ?? 0) > MAX_BODY_BYTES) throw refuse(413, TOO_LARGE_MESSAGE, 'body_too_large');
      const isJson = JSON_TYPE.test(request.headers.get('content-type') ?? '');
      // A body of another type with its length said is left to its route; one sent in chunks is measured here too.
      if (!isJson && length !== null) return;
      return request
        .clone()
        .arrayBuffer()
        .then((bytes) => {
          if (bytes.byteLength > MAX_BODY_BYTES) throw refuse(413, TOO_LARGE_MESSAGE, 'body_too_large');
          if (!isJson) return;
          let text: string;
          try {
            // JSON is UTF-8 (RFC 8259): broken bytes are refused, not read as U+FFFD and stored as such.
            text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
          } catch {
            throw refuse(400, NOT_UTF8_MESSAGE, 'invalid_utf8');
          }
          if (jsonDepthExceeds(text)) throw refuse(400, DEEP_JSON_MESSAGE, 'json_too_deep');
        });
    })
    // Not a parse hook: a parser of our own would hide every route's body types from the OpenAPI document (the
    // plugin lists a route's body types only from the framework's named parsers). Transform runs before validation.
    .onTransform({ as: 'global' }, async function refuseOtherTypes(context) {
      const { request, route } = context;
      if (textRoutes.includes(route) || request.body === null || request.headers.get('content-length') === '0') return;
      const contentType = request.headers.get('content-type') ?? '';
      if (!JSON_TYPE.test(contentType)) throw refuse(415, NOT_JSON_TYPE_MESSAGE, 'not_json');
      // The framework parses 'application/json…' itself; other spellings of a JSON type are read here.
      if (!contentType.startsWith('application/json') && !request.bodyUsed) context.body = await readJson(request);
    })
    .onTransform({ as: 'global' }, function refuseUnsafeText({ body, params }) {
      // A path with such text names nothing that exists (as any malformed id in the path). Query strings are left to
      // their routes' schemas, which say what they expect.
      if (findUnsafeText(params) !== null) throw refuse(404, 'Not found', 'unsafe_text_in_path');
      const path = findUnsafeText(body);
      if (path !== null)
        throw refuse(422, UNSAFE_TEXT_MESSAGE, 'unsafe_text', [{ path, message: UNSAFE_TEXT_MESSAGE }]);
    });
