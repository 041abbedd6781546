import { Queues, SUBSCRIPTION_TICK_SCHEDULER_ID, USAGE_DIGEST_SCHEDULER_ID } from '@app/contracts/server';
import * as schema from '@app/db/schema';
import { addMembership, createDashboard, createOrganization, createUser, linkDashboard } from '@app/db/testing';
import { startTestSmtpServer } from '@app/testing';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../backend/testing/app';
import { spawnWorkersProcess, stopWorkersProcesses } from '../../../testing';
import { digestEventId, previousMonth } from './usage-digest.processor';

describe('previousMonth and digestEventId', () => {
  it('is the month before, in the company zone', () => {
    // 1 November 07:00 in Paris is still 1 November; 31 October 23:30 UTC is already November in Paris.
    expect(previousMonth(new Date('2026-11-01T06:00:00Z'), 'Europe/Paris')).toBe('2026-10');
    expect(previousMonth(new Date('2026-10-31T23:30:00Z'), 'Europe/Paris')).toBe('2026-10');
    expect(previousMonth(new Date('2026-10-31T23:30:00Z'), 'UTC')).toBe('2026-09');
    expect(previousMonth(new Date('2027-01-01T12:00:00Z'), 'UTC')).toBe('2026-12');
  });

  it('gives one UUID per month and admin', () => {
    expect(digestEventId('2026-10', 1)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-a[0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(digestEventId('2026-10', 1)).toBe(digestEventId('2026-10', 1));
    expect(new Set([digestEventId('2026-10', 1), digestEventId('2026-10', 2), digestEventId('2026-11', 1)]).size).toBe(
      3,
    );
  });
});

describe('the monthly usage digest with two worker processes', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>;
  let processes: ReturnType<typeof spawnWorkersProcess>[] = [];
  let redis: Redis;
  let queue: Queue;

  beforeAll(async () => {
    t = await createTestApp();
    smtp = await startTestSmtpServer();
    const options = {
      databaseUrl: t.databaseUrl,
      queuePrefix: t.queuePrefix,
      smtpUrl: smtp.url,
      env: { BOOKING_TIMEZONE: 'Europe/Paris' },
    };
    processes = [spawnWorkersProcess(options), spawnWorkersProcess(options)];
    redis = new Redis(inject('redisUrl'), { maxRetriesPerRequest: null });
    queue = new Queue(Queues.reports.name, { connection: redis, prefix: t.queuePrefix });
  }, 60_000);

  afterAll(async () => {
    await stopWorkersProcesses(processes);
    await queue?.close();
    redis?.disconnect();
    await smtp?.close();
    await t?.close();
  });

  it('keeps one scheduler for the cluster, and sends each active admin exactly one digest of the month', async () => {
    // Both processes are up and have upserted the scheduler: still one, with its fixed id.
    await expect.poll(async () => (await queue.getWorkers()).length, { timeout: 30_000 }).toBe(2);
    // The reports queue also holds Power BI's capacity round and nightly report check, and the report subscriptions'
    // tick (issue 29): one of each, whatever the processes.
    const schedulers = await queue.getJobSchedulers();
    expect(schedulers.map((s) => s.key).sort()).toEqual(
      [
        USAGE_DIGEST_SCHEDULER_ID,
        SUBSCRIPTION_TICK_SCHEDULER_ID,
        'powerbi-capacity-round',
        'powerbi-check-nightly',
      ].sort(),
    );
    expect(schedulers.find((s) => s.key === USAGE_DIGEST_SCHEDULER_ID)).toMatchObject({
      pattern: '0 7 1 * *',
      tz: 'Europe/Paris',
    });

    const ada = await createUser(t.db, { isAdmin: true, firstName: 'Ada', email: 'ada@lucid.test' });
    const bea = await createUser(t.db, { isAdmin: true, firstName: 'Bea', email: 'bea@lucid.test' });
    await createUser(t.db, { isAdmin: true, isActive: false, email: 'gone@lucid.test' });
    const acme = await createOrganization(t.db, { name: '<b>Acme</b>' });
    const beta = await createOrganization(t.db, { name: 'Beta' });
    const sales = await createDashboard(t.db, { name: 'Sales' });
    const idle = await createDashboard(t.db, { name: 'Never opened' });
    await linkDashboard(t.db, acme.id, sales.id);
    await linkDashboard(t.db, beta.id, idle.id);
    const client = await createUser(t.db, { firstName: 'Cy', lastName: 'Client', lastLoginAt: new Date('2026-11-01') });
    const dormant = await createUser(t.db, { firstName: 'Dee', lastName: 'Dormant' });
    await addMembership(t.db, acme.id, client.id);
    await addMembership(t.db, beta.id, dormant.id);
    const at = (iso: string) => ({ dashboardId: sales.id, userId: client.id, viewedAt: new Date(iso) });
    // October (Paris): 5 views, one of them at 23:30 UTC on 30 September; September: 4 views.
    await t.db.insert(schema.dashboardViews).values([
      at('2026-09-30T23:30:00Z'),
      at('2026-10-05T10:00:00Z'),
      at('2026-10-06T10:00:00Z'),
      at('2026-10-20T10:00:00Z'),
      at('2026-10-31T10:00:00Z'),
      at('2026-09-02T10:00:00Z'),
      at('2026-09-03T10:00:00Z'),
      at('2026-09-04T10:00:00Z'),
      at('2026-09-05T10:00:00Z'),
      // Not clients' usage (D37): an admin's previews, and a client's load that failed.
      { ...at('2026-10-07T10:00:00Z'), userId: ada.id, byAdmin: true },
      { dashboardId: idle.id, userId: ada.id, viewedAt: new Date('2026-10-08T10:00:00Z'), byAdmin: true },
      { ...at('2026-10-09T10:00:00Z'), loaded: false },
    ]);

    // The month's job, triggered twice (as a second trigger or a retried job would) with both processes running.
    await Promise.all([
      queue.add('usage-digest', { month: '2026-10' }),
      queue.add('usage-digest', { month: '2026-10' }),
    ]);
    await smtp.waitFor((messages) => messages.length >= 2, 30_000);
    // Time for any duplicate to arrive.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(smtp.to('ada@lucid.test')).toHaveLength(1);
    expect(smtp.to('bea@lucid.test')).toHaveLength(1);
    expect(smtp.to('gone@lucid.test')).toHaveLength(0);
    expect(smtp.messages).toHaveLength(2);
    const deliveries = await t.db.select().from(schema.emailDeliveries);
    expect(deliveries.map((d) => [d.template, d.recipient, d.status]).sort()).toEqual([
      ['usage-digest', 'ada@lucid.test', 'sent'],
      ['usage-digest', 'bea@lucid.test', 'sent'],
    ]);

    const [mail] = smtp.to('ada@lucid.test');
    expect(mail!.subject).toBe('Lucid Insight usage in October 2026: 5 dashboard views');
    expect(mail!.text).toContain('Hello Ada');
    expect(mail!.text).toContain('5 views: up 25% on September 2026 (4).');
    expect(mail!.text).toContain('<b>Acme</b>: 5 (month before: 4)');
    expect(mail!.text).toContain('Sales: 5 (month before: 4)');
    expect(mail!.text).toContain('- Never opened');
    expect(mail!.text).toContain('- Dee Dormant (Beta)');
    expect(mail!.text).not.toContain('Cy Client');
    expect(mail!.text).toContain('http://localhost:3000/admin/usage');
    expect(mail!.html).toContain('&lt;b&gt;Acme&lt;/b&gt;');
    expect(mail!.html).not.toContain('<b>Acme</b>');
    expect(mail!.html).toContain('href="http://localhost:3000/admin/usage"');
    expect(bea.id).not.toBe(ada.id);

    // The next month's digest is a new one.
    await queue.add('usage-digest', { month: '2026-11' });
    await smtp.waitFor((messages) => messages.length >= 4, 30_000);
    expect(smtp.to('ada@lucid.test')).toHaveLength(2);
  }, 90_000);
});
