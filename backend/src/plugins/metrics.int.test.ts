import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../testing/app';

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

  it('shows the age of the oldest unpublished event as the outbox lag', async () => {
    await t.sql`insert into outbox_events (type, payload, created_at) values ('contact.received', '{"contactMessageId":1}', now() - interval '90 seconds')`;
    const text = await (await t.get('/metrics')).text();
    const lag = Number(/^outbox_lag_seconds (\S+)$/m.exec(text)?.[1]);
    expect(lag).toBeGreaterThanOrEqual(90);
    expect(lag).toBeLessThan(120);
  });
});
