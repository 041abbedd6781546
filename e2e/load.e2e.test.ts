import { connect } from '@app/db';
import { createUser } from '@app/db/testing';
import { sleep } from '@app/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../backend/src/modules/auth/auth.service';
import { type Product, startProduct } from './harness/product';
import { weekdaySlots } from './harness/slots';

const PASSWORD = 'mixed load password 42';
let product: Product;
let db: ReturnType<typeof connect>;

beforeAll(async () => {
  // Debug logs: the most a log line could ever carry.
  product = await startProduct({ env: { LOG_LEVEL: 'debug', TRUST_PROXY: 'true' }, outputChars: 200_000_000 });
  db = connect(product.databaseUrl, { max: 2 });
});
afterAll(async () => {
  await db?.close();
  await product?.stop();
});

// Each kind of visitor comes from its own range, one address after another: a contact or booking never shares an
// address with four others within ten minutes (their per-address limit), however the loops' timings interleave.
const counters = new Map<string, number>();
const nextIp = (range: string) => {
  const n = counters.get(range) ?? 0;
  counters.set(range, n + 1);
  return `${range}.${(n % 250) + 1}`;
};
const rangeOf = (path: string) =>
  path === '/api/contact' ? '198.51.100' : path === '/api/booking' ? '203.0.113' : '192.0.2';
const request = (path: string, init: { method?: string; body?: unknown; cookie?: string } = {}) =>
  fetch(`${product.baseUrl}${path}`, {
    method: init.method ?? 'GET',
    redirect: 'manual',
    headers: {
      origin: product.baseUrl,
      'x-forwarded-for': nextIp(rangeOf(path)),
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.cookie ? { cookie: init.cookie } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });

// Shared by CI's retry: a second attempt books the slots after the first attempt's.
const slots = weekdaySlots(24);
let attempt = 0;

describe('a mixed load for 60 s (browsing, sign-ins, contacts, bookings, password resets)', () => {
  it('answers no 5xx, loses and duplicates no e-mail, and writes no password, token or cookie to the logs', async () => {
    // Fresh addresses per attempt: CI's one retry must not trip over the first attempt's user or e-mails.
    const run = `a${++attempt}`;
    const mailBefore = product.smtp.messages.length;
    const user = await createUser(db.db, {
      email: `load.user.${run}@example.com`,
      firstName: 'Load',
      passwordHash: await hashPassword(PASSWORD),
      accountSetupComplete: true,
    });
    const statuses: { path: string; status: number }[] = [];
    const record = async (path: string, response: Promise<Response>) => {
      const r = await response;
      await r.arrayBuffer();
      statuses.push({ path, status: r.status });
      return r;
    };
    const cookies: string[] = [];
    const contacts: string[] = [];
    const bookers: string[] = [];
    const until = Date.now() + 60_000;

    const browse = async () => {
      while (Date.now() < until) {
        for (const path of ['/', '/dashboards', '/api/dashboards/public', '/api/config', '/why-us'])
          await record(path, request(path));
      }
    };
    const signIns = async () => {
      while (Date.now() < until) {
        const login = await record(
          'login',
          request('/api/auth/login', { method: 'POST', body: { email: user.email, password: PASSWORD } }),
        );
        const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
        cookies.push(cookie);
        await record('me', request('/api/auth/user', { cookie }));
        await record('logout', request('/api/auth/logout', { method: 'POST', cookie }));
        await sleep(200);
      }
    };
    const contactsLoop = async () => {
      while (Date.now() < until) {
        const email = `load.contact.${run}.${contacts.length}@example.com`;
        contacts.push(email);
        await record(
          'contact',
          request('/api/contact', {
            method: 'POST',
            body: { name: 'Load Test', email, subject: 'Under load', message: 'A message sent under a mixed load.' },
          }),
        );
        await sleep(300);
      }
    };
    const bookingsLoop = async () => {
      while (Date.now() < until && slots.length) {
        const email = `load.booker.${run}.${bookers.length}@example.com`;
        bookers.push(email);
        await record(
          'booking',
          request('/api/booking', { method: 'POST', body: { name: 'Load Booker', email, ...slots.shift()! } }),
        );
        await sleep(700);
      }
    };
    const resets = async () => {
      await record(
        'reset',
        request('/api/auth/request-password-reset', { method: 'POST', body: { email: user.email } }),
      );
    };
    await Promise.all([browse(), signIns(), contactsLoop(), bookingsLoop(), resets()]);

    expect(statuses.filter((s) => s.status >= 500)).toEqual([]);
    const writes = statuses.filter((s) => s.path === 'contact' || s.path === 'booking');
    expect(writes.filter((s) => s.status !== 201)).toEqual([]);

    const smtp = product.smtp;
    const expected = mailBefore + contacts.length * 2 + bookers.length * 2 + 1;
    await smtp.waitFor((m) => m.length >= expected, 60_000);
    await sleep(2000);
    expect(smtp.messages).toHaveLength(expected);
    for (const email of [...contacts, ...bookers]) expect(smtp.to(email)).toHaveLength(1);
    expect(smtp.to(user.email)).toHaveLength(1);

    // Secrets that went by during the run: the password, every session token, and the tokens in the e-mailed links.
    const linkTokens = smtp.messages
      .slice(mailBefore)
      .flatMap((m) => [...m.text.matchAll(/token=([a-z2-7]{16,})/g)].map((x) => x[1]!));
    expect(linkTokens.length).toBeGreaterThan(bookers.length);
    const sessionTokens = cookies.map((c) => c.split('=')[1]!).filter(Boolean);
    // Both processes' logs: start.ts passes the API's and the workers' output through, and each line names its
    // process. A check of one log alone would miss the other's leaks.
    const logs = product.output();
    expect(logs.length).toBeGreaterThan(1000);
    const names = new Set(
      logs
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => {
          try {
            return (JSON.parse(line) as { name?: string }).name;
          } catch {
            return undefined;
          }
        }),
    );
    expect([...names]).toEqual(expect.arrayContaining(['api', 'workers']));
    expect(logs).not.toContain(PASSWORD);
    for (const secret of [...sessionTokens, ...linkTokens])
      expect(logs.includes(secret), `a secret in the logs: ${secret.slice(0, 4)}…`).toBe(false);
  }, 180_000);
});
