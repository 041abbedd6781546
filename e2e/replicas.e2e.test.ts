/**
 * Two copies of the product (two API processes and two worker processes, each started as `make start` starts them)
 * on one database, one Redis queue prefix and one SMTP server: what a deployment with replicas promises.
 */
import { DEFAULT_TIME_SLOTS } from '@app/contracts';
import { connect } from '@app/db';
import { createUser } from '@app/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../backend/src/modules/auth/auth.service';
import { type Product, startProduct } from './harness/product';

let a: Product;
let b: Product;
let db: ReturnType<typeof connect>;

/** The sweep interval of both worker processes: short, so the test sees many rounds in a few seconds. */
const SWEEP_INTERVAL_MS = 1000;

beforeAll(async () => {
  // Info logs: the sweeper's rounds are counted from them. Enough output kept to hold all of them.
  const common = { TRUST_PROXY: 'true', LOG_LEVEL: 'info', OUTBOX_SWEEP_INTERVAL_MS: String(SWEEP_INTERVAL_MS) };
  a = await startProduct({ env: common, outputChars: 5_000_000 });
  b = await startProduct({
    env: {
      ...common,
      DATABASE_URL: a.databaseUrl,
      QUEUE_PREFIX: a.queuePrefix,
      SMTP_URL: a.smtp.url,
    },
    outputChars: 5_000_000,
  });
  db = connect(a.databaseUrl, { max: 2 });
}, 120_000);
afterAll(async () => {
  await db?.close();
  // B first: A owns the database and the SMTP server both use.
  await b?.stop();
  await a?.stop();
});

let address = 0;
const send = (product: Product, method: string, path: string, body?: unknown, cookie?: string) =>
  fetch(`${product.baseUrl}${path}`, {
    method,
    headers: {
      origin: product.baseUrl,
      'x-forwarded-for': `198.19.${Math.floor(address / 250)}.${(address++ % 250) + 1}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(cookie ? { cookie } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

function nextWeekdaySlot() {
  for (let offset = 3; ; offset++) {
    const day = new Date(Date.now() + offset * 86_400_000);
    if (day.getUTCDay() !== 0 && day.getUTCDay() !== 6)
      return { date: day.toISOString().slice(0, 10), time: DEFAULT_TIME_SLOTS[2]! };
  }
}

/** The sweeper's rounds in one process's output: when each ended (pino's time) and how many events it published. */
const sweeps = (product: Product) =>
  product
    .output()
    .split('\n')
    .filter((line) => line.includes('outbox sweeper published events'))
    .map((line) => JSON.parse(line.slice(line.indexOf('{'))) as { time: number; published: number });

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('two API processes and two worker processes on one database and one Redis', () => {
  const contacts: string[] = [];
  let booker = '';

  it('a race for one slot across both APIs gives exactly one booking', async () => {
    const slot = nextWeekdaySlot();
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        send(i % 2 ? b : a, 'POST', '/api/booking', {
          name: `Racer ${i}`,
          email: `replica.racer${i}@example.com`,
          ...slot,
        }),
      ),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status !== 201 && status !== 409)).toEqual([]);
    const rows = await db.sql`select email from bookings where date = ${slot.date} and time_label = ${slot.time}`;
    expect(rows).toHaveLength(1);
    booker = rows[0]!.email as string;
  });

  it('sends every e-mail once, whichever API took the request and whichever worker took the job', async () => {
    for (let i = 0; i < 12; i++) {
      const email = `replica.contact${i}@example.com`;
      contacts.push(email);
      const response = await send(i % 2 ? b : a, 'POST', '/api/contact', {
        name: 'Replica Test',
        email,
        subject: 'Two of everything',
        message: 'A message to one of two APIs.',
      });
      expect(response.status).toBe(201);
    }
    const expected = contacts.length * 2 + 2;
    await a.smtp.waitFor((messages) => messages.length >= expected, 60_000);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(a.smtp.messages).toHaveLength(expected);
    for (const email of [...contacts, booker]) expect(a.smtp.to(email)).toHaveLength(1);
  });

  it("shows an admin's change to the public list on both APIs within 2 s", async () => {
    const password = 'replica admin password 42';
    const admin = await createUser(db.db, {
      email: 'replica.admin@example.com',
      firstName: 'Ada',
      passwordHash: await hashPassword(password),
      isAdmin: true,
      accountSetupComplete: true,
    });
    const login = await send(a, 'POST', '/api/auth/login', { email: admin.email, password });
    expect(login.status).toBe(200);
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
    const names = async (product: Product) =>
      ((await (await send(product, 'GET', '/api/dashboards/public')).json()) as { name: string }[]).map((d) => d.name);
    // Both replicas have the list cached before the change.
    expect(await names(a)).not.toContain('Replica Sample');
    expect(await names(b)).not.toContain('Replica Sample');
    const created = await send(
      a,
      'POST',
      '/api/admin/dashboards',
      {
        name: 'Replica Sample',
        category: 'Sales',
        type: 'Looker',
        embedUrl: 'https://lookerstudio.google.com/embed/reporting/replica',
        isPublic: true,
      },
      cookie,
    );
    expect(created.status, await created.clone().text()).toBe(201);
    const savedAt = Date.now();
    await expect.poll(() => names(a), { timeout: 2000, interval: 50 }).toContain('Replica Sample');
    await expect
      .poll(() => names(b), { timeout: Math.max(100, 2000 - (Date.now() - savedAt)), interval: 50 })
      .toContain('Replica Sample');
  });

  it('sweeps the outbox once per interval across both worker processes', async () => {
    const ids = (await db.sql`select id from outbox_events where type = 'contact.received'`).map((row) => row.id);
    expect(ids.length).toBe(contacts.length);
    // For a few intervals, events keep being stranded as if Redis had been away when they were written (unpublished,
    // a minute old), so every sweeper tick of either process finds work. The sweep republishes each; their jobs have
    // the same ids and every e-mail its delivery record, so no e-mail goes twice.
    const started = Date.now();
    for (let i = 0; Date.now() - started < 8000; i++) {
      await db.sql`
        update outbox_events set published_at = null, created_at = now() - interval '1 minute' where id = ${ids[i % ids.length]!}`;
      await pause(100);
    }
    await expect
      .poll(
        async () =>
          (await db.sql`select count(*)::int as n from outbox_events where published_at is null`)[0]!.n as number,
        { timeout: 20_000, interval: 100 },
      )
      .toBe(0);
    const [inA, inB] = [a, b].map((product) => sweeps(product).filter((round) => round.time >= started));
    const rounds = [...inA!, ...inB!];
    const span = Math.max(...rounds.map((round) => round.time)) - started;
    // One round per interval in the whole cluster (the lease lets the next start a little under an interval after
    // the last): at most span / (0.9 interval) + 1 rounds. Two sweepers each on their own timer make about twice
    // span / interval, which this refuses. And the sweep kept going: at least half an interval's worth.
    expect(rounds.length).toBeLessThanOrEqual(Math.floor(span / (0.9 * SWEEP_INTERVAL_MS)) + 1);
    expect(rounds.length).toBeGreaterThanOrEqual(Math.floor(span / SWEEP_INTERVAL_MS / 2));
    console.info(
      `sweep rounds in ${span} ms: ${rounds.length} (${inA!.length} in one process, ${inB!.length} in the other), ` +
        `events published: ${rounds.reduce((sum, r) => sum + r.published, 0)}`,
    );
    expect(a.smtp.messages).toHaveLength(contacts.length * 2 + 2);
  });
});
