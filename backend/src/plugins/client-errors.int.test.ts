import { Elysia } from 'elysia';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useAdminTestApp } from '../../testing/admin';
import { createApp } from '../app';
import {
  DEEP_JSON_MESSAGE,
  MAX_BODY_BYTES,
  NOT_JSON_TYPE_MESSAGE,
  NOT_UTF8_MESSAGE,
  TOO_LARGE_MESSAGE,
  UNSAFE_TEXT_MESSAGE,
} from './body-guard';
import { errorPlugin } from './errors';

/**
 * Nobody can write an error-level log line by sending a bad request (issue 26 item 9): every kind of request a client
 * can get wrong is answered 4xx and logged at info ('request refused', with what was wrong), through the real server
 * (Bun's own body limit included, which a chunked body meets before any handler); a fault of ours still logs an
 * error.
 */

type Line = { level: number; msg: string; reason?: string; status?: number; [key: string]: unknown };
const lines: Line[] = [];
const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
const { t } = useAdminTestApp({ logger });

let base = '';
let stop: () => unknown = () => {};
beforeAll(async () => {
  const app = createApp(t.deps, { serveSpa: false });
  await app.modules;
  // As server.ts listens: Bun cuts a body at twice the API's limit.
  app.listen({ port: 0, hostname: '127.0.0.1', maxRequestBodySize: 2 * MAX_BODY_BYTES });
  base = `http://127.0.0.1:${app.server!.port}`;
  stop = () => app.stop(true);
});
afterAll(() => stop());
beforeEach(() => {
  lines.length = 0;
});

/** A body sent in chunks, without a Content-Length (Transfer-Encoding: chunked). */
const chunked = (bytes: Uint8Array) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (let at = 0; at < bytes.length; at += 64 * 1024) controller.enqueue(bytes.slice(at, at + 64 * 1024));
      controller.close();
    },
  });
const utf8 = (text: string) => new TextEncoder().encode(text);
const contact = { name: 'Ada', email: 'ada@example.com', subject: 'Hello', message: 'A message long enough.' };
const json = (size: number) => utf8(JSON.stringify({ ...contact, message: 'x'.repeat(size) }));
const JSON_TYPE = { 'content-type': 'application/json' };

/** [what, method, path, body, headers, status, message (or null: the server's own answer), reason] */
const cases: [
  string,
  string,
  string,
  BodyInit | null,
  Record<string, string>,
  number,
  string | RegExp | null,
  string,
][] = [
  [
    'a JSON body over 1 MB, with its length',
    'POST',
    '/api/contact',
    json(MAX_BODY_BYTES),
    JSON_TYPE,
    413,
    TOO_LARGE_MESSAGE,
    'body_too_large',
  ],
  [
    'a JSON body over 1 MB, chunked',
    'POST',
    '/api/contact',
    chunked(json(MAX_BODY_BYTES)),
    JSON_TYPE,
    413,
    TOO_LARGE_MESSAGE,
    'body_too_large',
  ],
  [
    'a JSON body over the server limit, chunked',
    'POST',
    '/api/contact',
    chunked(json(3 * MAX_BODY_BYTES)),
    JSON_TYPE,
    413,
    null,
    'body_too_large',
  ],
  [
    'a text body over 1 MB, chunked',
    'POST',
    '/api/contact',
    chunked(utf8('x'.repeat(MAX_BODY_BYTES + 1))),
    { 'content-type': 'text/plain' },
    413,
    TOO_LARGE_MESSAGE,
    'body_too_large',
  ],
  [
    'a body over the server limit, chunked, of no type',
    'POST',
    '/api/auth/login',
    chunked(new Uint8Array(3 * MAX_BODY_BYTES)),
    {},
    413,
    null,
    'body_too_large',
  ],
  ['malformed JSON', 'POST', '/api/contact', '{"name":', JSON_TYPE, 400, /JSON/, 'unreadable_body'],
  [
    'JSON nested 100,000 levels',
    'POST',
    '/api/contact',
    `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
    JSON_TYPE,
    400,
    DEEP_JSON_MESSAGE,
    'json_too_deep',
  ],
  [
    'JSON that is not UTF-8',
    'POST',
    '/api/contact',
    new Uint8Array([...utf8('{"name":"A'), 0xff, 0xfe, ...utf8('da"}')]),
    JSON_TYPE,
    400,
    NOT_UTF8_MESSAGE,
    'invalid_utf8',
  ],
  [
    'a body of an unsupported type',
    'POST',
    '/api/contact',
    '<contact/>',
    { 'content-type': 'application/xml' },
    415,
    NOT_JSON_TYPE_MESSAGE,
    'not_json',
  ],
  ...(
    [
      ['a text body where JSON is wanted', 'hello', 'text/plain'],
      ['JSON sent as text', JSON.stringify(contact), 'text/plain;charset=UTF-8'],
      ['a form where JSON is wanted', 'name=Ada', 'application/x-www-form-urlencoded'],
      ['JSON sent with no type', JSON.stringify(contact), undefined],
      ['a type that only ends in json', JSON.stringify(contact), 'application/jsonp'],
    ] as const
  ).map(([what, body, type]): (typeof cases)[number] => [
    what,
    'POST',
    '/api/contact',
    body,
    type ? { 'content-type': type } : {},
    415,
    NOT_JSON_TYPE_MESSAGE,
    'not_json',
  ]),
  // Any spelling of a JSON type is read as JSON: the body reaches validation (a bad e-mail, to create nothing).
  ...[
    'application/json; charset=utf-8',
    'APPLICATION/JSON',
    'Application/Json;Charset=UTF-8',
    'application/vnd.api+json',
  ].map((type): (typeof cases)[number] => [
    `JSON sent as ${type}`,
    'POST',
    '/api/contact',
    JSON.stringify({ ...contact, email: 'nope' }),
    { 'content-type': type },
    422,
    /mail/i,
    'validation',
  ]),
  [
    'broken JSON sent as APPLICATION/JSON',
    'POST',
    '/api/contact',
    '{"name":',
    { 'content-type': 'APPLICATION/JSON' },
    400,
    /JSON/,
    'unreadable_body',
  ],
  // RFC 8058: a mail client POSTs its one-click unsubscribe form-encoded; an unknown token is a 404, not a 415.
  [
    'a form-encoded one-click unsubscribe with an unknown token',
    'POST',
    `/api/subscriptions/one-click-unsubscribe?token=${'a'.repeat(43)}`,
    'List-Unsubscribe=One-Click',
    { 'content-type': 'application/x-www-form-urlencoded' },
    404,
    null,
    'http',
  ],
  [
    'a field that is not valid',
    'POST',
    '/api/contact',
    JSON.stringify({ ...contact, email: 'nope' }),
    JSON_TYPE,
    422,
    /mail/i,
    'validation',
  ],
  [
    'a NUL byte in a field',
    'POST',
    '/api/contact',
    JSON.stringify({ ...contact, name: 'A\u0000da' }),
    JSON_TYPE,
    422,
    UNSAFE_TEXT_MESSAGE,
    'unsafe_text',
  ],
  ['a NUL byte in the path', 'GET', '/api/dashboards/1%00', null, {}, 404, 'Not found', 'unsafe_text_in_path'],
  ['a malformed id in the path', 'GET', '/api/dashboards/abc', null, {}, 404, 'Not found', 'invalid_params'],
  ['a path no route has', 'GET', '/api/no-such-thing', null, {}, 404, 'Not found', 'no_route'],
  ['a sign-in without a session', 'GET', '/api/auth/user', null, {}, 401, 'Authentication required', 'http'],
];

describe('a request the client got wrong is a 4xx logged at info, never an error line', () => {
  it.each(cases)('%s', async (_, method, path, body, headers, status, message, reason) => {
    const response = await fetch(`${base}${path}`, {
      method,
      body,
      headers: { origin: 'http://localhost:3000', ...headers },
      duplex: 'half',
    } as RequestInit).catch((error: Error) => error);
    // Bun may answer a body over its own limit before the whole body is sent, and close the connection.
    if (response instanceof Error) expect(message).toBeNull();
    else {
      expect(response.status).toBe(status);
      if (message !== null) {
        const answer = (await response.json()) as { message: string };
        if (typeof message === 'string') expect(answer.message).toBe(message);
        else expect(answer.message).toMatch(message);
      }
    }
    await expect
      .poll(() => lines.find((line) => line.msg === 'request refused'))
      .toMatchObject({ level: 30, status, reason });
    expect(lines.filter((line) => line.level >= 40)).toEqual([]);
  });
});

describe('a fault of ours', () => {
  it('is still an error line (level 50), answered 500', async () => {
    const app = new Elysia().use(errorPlugin(logger)).get('/boom', () => {
      throw new Error('a bug of ours');
    });
    const response = await app.handle(new Request('http://localhost/boom'));
    expect(response.status).toBe(500);
    expect(lines).toMatchObject([{ level: 50, msg: 'unhandled error' }]);
  });
});
