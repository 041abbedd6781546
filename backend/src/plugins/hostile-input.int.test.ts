import { sql } from 'drizzle-orm';
import { Elysia } from 'elysia';
import pino from 'pino';
import { beforeEach, describe, expect, it } from 'vitest';
import { useAdminTestApp } from '../../testing/admin';
import { DEEP_JSON_MESSAGE, NOT_JSON_TYPE_MESSAGE, TOO_LARGE_MESSAGE, UNSAFE_TEXT_MESSAGE } from './body-guard';
import { errorPlugin } from './errors';

const lines: { level: number; msg: string; [key: string]: unknown }[] = [];
const logger = pino({ level: 'debug' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
const errorLines = () => lines.filter((line) => line.level >= 50);

const { t, admin } = useAdminTestApp({ logger });
beforeEach(() => {
  lines.length = 0;
});

const contact = { name: 'Ada', email: 'ada@example.com', subject: 'Hello', message: 'A message long enough.' };
const deep = (open: string, inner: string, close: string) => open.repeat(100_000) + inner + close.repeat(100_000);
const ID = /^Invalid id: a whole number from 1 to 2147483647$/;
const NOT_JSON = /JSON/;

/** [what, method, path, raw body, content type, status, message] */
const cases: [string, string, string, string, string, number, RegExp | string][] = [
  [
    'NUL in a contact name',
    'POST',
    '/api/contact',
    JSON.stringify({ ...contact, name: 'A\u0000da' }),
    'application/json',
    422,
    UNSAFE_TEXT_MESSAGE,
  ],
  [
    'NUL in a contact subject',
    'POST',
    '/api/contact',
    JSON.stringify({ ...contact, subject: 'Hi\u0000' }),
    'application/json',
    422,
    UNSAFE_TEXT_MESSAGE,
  ],
  [
    'a lone surrogate in a contact message',
    'POST',
    '/api/contact',
    JSON.stringify({ ...contact, message: 'A message \ud800 long enough.' }),
    'application/json',
    422,
    UNSAFE_TEXT_MESSAGE,
  ],
  [
    'a lone low surrogate in a name',
    'POST',
    '/api/contact',
    JSON.stringify({ ...contact, name: '\udc00Ada' }),
    'application/json',
    422,
    UNSAFE_TEXT_MESSAGE,
  ],
  [
    'NUL in a form-encoded body',
    'POST',
    '/api/contact',
    'name=A%00da&email=ada%40example.com&subject=Hi&message=A+message+long+enough.',
    'application/x-www-form-urlencoded',
    // A JSON endpoint takes no form at all (decision 058).
    415,
    NOT_JSON_TYPE_MESSAGE,
  ],
  [
    'NUL in a key',
    'POST',
    '/api/contact',
    JSON.stringify({ ...contact, 'x\u0000': 1 }),
    'application/json',
    422,
    UNSAFE_TEXT_MESSAGE,
  ],
  [
    'NUL in a sign-in e-mail',
    'POST',
    '/api/auth/login',
    JSON.stringify({ email: 'a\u0000@example.com', password: 'whatever 1' }),
    'application/json',
    422,
    UNSAFE_TEXT_MESSAGE,
  ],
  [
    'NUL in an organization name',
    'POST',
    '/api/admin/organizations',
    JSON.stringify({ name: 'Ac\u0000me' }),
    'application/json',
    422,
    UNSAFE_TEXT_MESSAGE,
  ],
  ['NUL in a query parameter', 'GET', '/api/booking/availability?date=2030-01-01%00', '', '', 422, /date/i],
  ['NUL in the path', 'GET', '/api/dashboards/1%00', '', '', 404, 'Not found'],
  [
    'NUL in a password (only hashed: a wrong one)',
    'POST',
    '/api/auth/login',
    JSON.stringify({ email: 'nobody@example.com', password: 'a\u0000b\ud800' }),
    'application/json',
    401,
    'Invalid email or password',
  ],
  [
    'an id beyond PostgreSQL integer in a body',
    'POST',
    '/api/admin/organization-users',
    '{"organizationId":2147483648,"userId":1}',
    'application/json',
    422,
    ID,
  ],
  [
    'an id of 1e400 (infinity)',
    'POST',
    '/api/admin/organization-users',
    '{"organizationId":1e400,"userId":1}',
    'application/json',
    422,
    ID,
  ],
  [
    'a negative id',
    'POST',
    '/api/admin/organization-dashboards',
    '{"organizationId":-1,"dashboardId":1}',
    'application/json',
    422,
    ID,
  ],
  [
    'a fractional id',
    'POST',
    '/api/admin/organization-dashboards',
    '{"organizationId":1,"dashboardId":1.5}',
    'application/json',
    422,
    ID,
  ],
  [
    'a huge id as a string',
    'POST',
    '/api/admin/organization-users',
    '{"organizationId":"99999999999","userId":"1"}',
    'application/json',
    422,
    ID,
  ],
  [
    'a huge id in a list',
    'PUT',
    '/api/admin/users/1',
    '{"email":"a@example.com","organizationIds":[2147483648]}',
    'application/json',
    422,
    ID,
  ],
  ['a huge id in the path', 'GET', '/api/dashboards/2147483648', '', '', 404, 'Not found'],
  [
    'JSON arrays nested 100,000 levels',
    'POST',
    '/api/contact',
    deep('[', '', ']'),
    'application/json',
    400,
    DEEP_JSON_MESSAGE,
  ],
  [
    'JSON objects nested 100,000 levels',
    'POST',
    '/api/auth/login',
    deep('{"a":', '1', '}'),
    'application/json',
    400,
    DEEP_JSON_MESSAGE,
  ],
  [
    'deep JSON with a +json type',
    'POST',
    '/api/booking',
    deep('[', '', ']'),
    'application/problem+json',
    400,
    DEEP_JSON_MESSAGE,
  ],
  [
    'a JSON body over 1 MB',
    'POST',
    '/api/contact',
    JSON.stringify({ ...contact, message: 'x'.repeat(1024 * 1024 + 1) }),
    'application/json',
    413,
    TOO_LARGE_MESSAGE,
  ],
  [
    'a body of any type over 1 MB',
    'POST',
    '/api/contact',
    'x'.repeat(1024 * 1024 + 1),
    'text/plain',
    413,
    TOO_LARGE_MESSAGE,
  ],
  ['a text/plain body', 'POST', '/api/contact', 'hello', 'text/plain', 415, NOT_JSON],
  ['broken JSON', 'POST', '/api/contact', '{"name":', 'application/json', 400, NOT_JSON],
];

describe('hostile input gets a 4xx with a clear message and no error log line (issue 12, item 30)', () => {
  it.each(cases)('%s', async (_, method, path, body, type, status, message) => {
    const response = await t.request(method, path, body === '' ? undefined : body, {
      cookie: admin.cookie,
      ...(type ? { 'content-type': type } : {}),
      // As a client sends it (a Request built here has none of its own).
      ...(body ? { 'content-length': String(Buffer.byteLength(body)) } : {}),
    });
    expect(response.status).toBe(status);
    const answer = await response.json();
    if (typeof message === 'string') expect(answer.message).toBe(message);
    else expect(answer.message).toMatch(message);
    expect(errorLines()).toEqual([]);
  });

  it('names the field whose text is refused', async () => {
    const response = await t.post('/api/contact', { ...contact, subject: 'Hi\u0000' });
    expect((await response.json()).issues).toEqual([{ path: 'subject', message: UNSAFE_TEXT_MESSAGE }]);
  });

  it('still takes ordinary text, astral characters (emoji) included', async () => {
    const response = await t.post('/api/contact', { ...contact, message: 'Hello 👋 from Zürich, ça va? 你好' });
    expect(response.status).toBe(201);
  });
});

describe('the log line of an unexpected database error', () => {
  it('has the query text but not its parameters or the database detail (personal data)', async () => {
    const email = 'secret.person@example.com';
    const app = new Elysia().use(errorPlugin(logger)).get('/boom', async () => {
      await t.db.execute(sql`select * from no_such_table where email = ${email} and note = ${'Private note'}`);
      return 'never';
    });
    const response = await app.handle(new Request('http://localhost/boom'));
    expect(response.status).toBe(500);
    const [line] = errorLines();
    expect(line?.msg).toBe('unhandled error');
    const text = JSON.stringify(line);
    expect(text).toContain('select * from no_such_table where email = $1 and note = $2');
    expect(text).toContain('42P01');
    expect(text).not.toContain(email);
    expect(text).not.toContain('Private note');
  });

  it('answers a value the database refuses with 422, logging a warning without the value', async () => {
    const email = 'another.person@example.com';
    const app = new Elysia().use(errorPlugin(logger)).get('/refused', async () => {
      await t.db.execute(sql`select ${email}::int`);
      return 'never';
    });
    const response = await app.handle(new Request('http://localhost/refused'));
    expect(response.status).toBe(422);
    expect(errorLines()).toEqual([]);
    const warning = lines.find((line) => line.msg === 'value refused by the database');
    expect(JSON.stringify(warning)).toContain('22P02');
    expect(JSON.stringify(warning)).not.toContain(email);
  });
});
