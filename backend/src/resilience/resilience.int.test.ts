import { DEFAULT_TIME_SLOTS } from '@app/contracts';
import { withDatabase } from '@app/db/testing';
import { sleep, startTcpProxy, waitUntil } from '@app/testing';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { startMailingWorkers } from '../../../workers/testing';
import { createTestApp } from '../../testing/app';
import { contactMessage } from '../../testing/contact';

const COMPANY = 'hello@lucid-insight.test';

/** The next `count` weekdays at least two days from now, as yyyy-MM-dd. */
function weekdays(count: number): string[] {
  const days: string[] = [];
  for (let offset = 2; days.length < count; offset++) {
    const day = new Date(Date.now() + offset * 86_400_000);
    if (day.getUTCDay() !== 0 && day.getUTCDay() !== 6) days.push(day.toISOString().slice(0, 10));
  }
  return days;
}

/** Every (date, slot) pair of the coming weekdays, in order. */
function slots(days: number) {
  return weekdays(days).flatMap((date) => DEFAULT_TIME_SLOTS.map((time) => ({ date, time })));
}

const cleanup: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step().catch(() => {});
});

describe('Redis stopped for 30 s under steady contact and booking traffic', () => {
  it('fails no request, then delivers every e-mail exactly once, with the workers resuming by themselves', async () => {
    const redisUrl = new URL(inject('redisUrl'));
    const proxy = await startTcpProxy(redisUrl.hostname, Number(redisUrl.port || 6379));
    cleanup.push(() => proxy.close());
    const t = await createTestApp({ redisUrl: proxy.url('redis:') });
    cleanup.push(() => t.close());
    const { smtp, close } = await startMailingWorkers(t, { redisUrl: proxy.url('redis:') });
    cleanup.push(close);

    const free = slots(30);
    const statuses: number[] = [];
    const visitors: string[] = [];
    const bookers: string[] = [];
    let n = 0;
    const traffic = async (untilMs: number) => {
      while (Date.now() < untilMs) {
        n++;
        const visitor = `visitor${n}@example.com`;
        const booker = `booker${n}@example.com`;
        const slot = free.shift()!;
        const [contact, booking] = await Promise.all([
          t.post('/api/contact', contactMessage({ email: visitor, message: 'A message while Redis may be down.' })),
          t.post('/api/booking', { name: 'Steady', email: booker, ...slot }),
        ]);
        statuses.push(contact.status, booking.status);
        visitors.push(visitor);
        bookers.push(booker);
        await sleep(500);
      }
    };

    await traffic(Date.now() + 2_000);
    await proxy.cut();
    await traffic(Date.now() + 30_000);
    await proxy.restore();
    await traffic(Date.now() + 2_000);

    expect(statuses.filter((s) => s !== 201)).toEqual([]);
    const expected = visitors.length * 2 + bookers.length * 2;
    await smtp.waitFor((m) => m.length >= expected, 60_000);
    await sleep(1500);
    expect(smtp.messages).toHaveLength(expected);
    for (const visitor of visitors) expect(smtp.to(visitor)).toHaveLength(1);
    for (const booker of bookers) expect(smtp.to(booker)).toHaveLength(1);
    expect(smtp.to(COMPANY)).toHaveLength(visitors.length + bookers.length);
  }, 150_000);
});

describe('PostgreSQL restarted', () => {
  it('makes /readyz answer 503 while it is away, then recovers without restarting the API', async () => {
    const server = new URL(inject('databaseServerUrl'));
    const proxy = await startTcpProxy(server.hostname, Number(server.port || 5432));
    cleanup.push(() => proxy.close());
    // The app reaches its database through the proxy; the database itself is created directly.
    const direct = await createTestApp();
    cleanup.push(() => direct.close());
    const proxiedUrl = withDatabase(
      `postgres://${server.username ? `${server.username}@` : ''}127.0.0.1:${proxy.port}/`,
      direct.databaseUrl.split('/').pop()!,
    );
    const t = await createTestApp({ databaseUrl: proxiedUrl });
    cleanup.push(() => t.close());

    expect((await t.get('/readyz')).status).toBe(200);
    await proxy.cut();
    const down = await t.get('/readyz');
    expect(down.status).toBe(503);
    expect(await down.json()).toEqual({ status: 'unavailable', checks: { database: 'down', redis: 'up' } });
    const during = await t.post('/api/contact', contactMessage({ message: 'Sent while the database is away.' }));
    expect(during.status).toBe(503);

    await proxy.restore();
    const ready = await waitUntil(
      async () => (await t.get('/readyz')).status === 200,
      20_000,
      'the API to be ready again',
    );
    expect(ready).toBe(true);
    const after = await t.post('/api/contact', contactMessage({ message: 'Sent after the database returned.' }));
    expect(after.status).toBe(201);
  }, 60_000);
});
