import { Queues } from '@app/contracts/server';
import { createQueue } from '@app/platform/queues';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../testing/app';
import { metricsPlugin } from './metrics';

const t = useTestApp();

describe('GET /metrics (Prometheus)', () => {
  it('reports request durations by route and status, queue depth by state and the outbox lag', async () => {
    await t.get('/healthz');
    await t.get('/api/dashboards/999999');
    await t.get('/api/no/such/thing');
    await new Promise((r) => setTimeout(r, 50));
    const response = await t.get('/metrics');
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/healthz",status="200"\} 1/);
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/dashboards\/:id",status="404"\} 1/,
    );
    expect(text).toMatch(/queue_jobs\{queue="emails",state="failed"\} 0/);
    expect(text).toMatch(/outbox_lag_seconds 0/);
  });

  /** An API replica's metrics on this file's database, Redis and the given queue prefix. */
  const replica = (prefix: string, sharedMs = 3000) =>
    metricsPlugin({ sql: t.sql, redis: t.deps.redis, prefix, queueCountsSharedMs: sharedMs });
  const scrape = async (app: ReturnType<typeof replica>) =>
    (await app.handle(new Request('http://localhost/metrics'))).text();
  const outboxLag = async (app: ReturnType<typeof replica>) =>
    Number(/^outbox_lag_seconds (\S+)$/m.exec(await scrape(app))?.[1]);

  it('shows the age of the oldest unpublished event as the outbox lag', async () => {
    await t.sql`insert into outbox_events (type, payload, created_at) values ('contact.received', '{"contactMessageId":1}', now() - interval '90 seconds')`;
    // A replica of its own: the app's reading of the first test (no lag) may still be shared.
    const lag = await outboxLag(replica(`test-${crypto.randomUUID().slice(0, 8)}`));
    expect(lag).toBeGreaterThanOrEqual(90);
    expect(lag).toBeLessThan(120);
  });

  it('reads the outbox lag once per few seconds for the whole cluster, and it keeps growing between readings', async () => {
    const prefix = `test-${crypto.randomUUID().slice(0, 8)}`;
    const [a, b] = [replica(prefix), replica(prefix)];
    const first = await outboxLag(a);
    expect(first).toBeGreaterThanOrEqual(90);
    // A far older stranded event: B reports A's reading (aged by the time since), not a query of its own.
    await t.sql`insert into outbox_events (type, payload, created_at) values ('contact.received', '{"contactMessageId":2}', now() - interval '1 hour')`;
    const shared = await outboxLag(b);
    expect(shared).toBeGreaterThanOrEqual(first);
    expect(shared).toBeLessThan(first + 60);
    // Once that reading is older than the shared time, the next scrape (of either replica) reads the outbox again.
    await expect.poll(() => outboxLag(b), { timeout: 10_000, interval: 250 }).toBeGreaterThanOrEqual(3600);
    expect(await outboxLag(a)).toBeGreaterThanOrEqual(3600);
    await t.sql`delete from outbox_events where published_at is null`;
  });

  it('counts the queues once per few seconds for the whole cluster: another replica reports the same reading', async () => {
    const prefix = `test-${crypto.randomUUID().slice(0, 8)}`;
    // Two API replicas on one Redis and one queue prefix.
    const replica = () => metricsPlugin({ sql: t.sql, redis: t.deps.redis, prefix, queueCountsSharedMs: 3000 });
    const [a, b] = [replica(), replica()];
    const waiting = async (app: ReturnType<typeof replica>) => {
      const text = await (await app.handle(new Request('http://localhost/metrics'))).text();
      return Number(/^queue_jobs\{queue="emails",state="waiting"\} (\S+)$/m.exec(text)?.[1]);
    };
    expect(await waiting(a)).toBe(0);
    const emails = createQueue({ redis: t.deps.redis, prefix }, Queues.emails);
    await emails.add('contact-notification', { eventId: crypto.randomUUID(), template: 'contact-notification' });
    // B does not count again: it reports A's reading, a moment old.
    expect(await waiting(b)).toBe(0);
    // Once that reading is older than the shared time, the next scrape (of either replica) counts again.
    await expect.poll(() => waiting(b), { timeout: 10_000, interval: 250 }).toBe(1);
    expect(await waiting(a)).toBe(1);
    await emails.obliterate({ force: true });
    await emails.close();
  });
});
