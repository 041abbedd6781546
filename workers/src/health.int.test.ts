import { useTestDatabase } from '@app/db/testing';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { startHealthServer } from './health';

// What the workers' /readyz answers (README, Operations): unlike the API's, 503 while Redis is away, since a worker
// without Redis takes no job.

const database = useTestDatabase(1);
const up = new Redis(inject('redisUrl'), { lazyConnect: true, maxRetriesPerRequest: 0 });
const away = new Redis('redis://127.0.0.1:1', {
  lazyConnect: true,
  maxRetriesPerRequest: 0,
  retryStrategy: () => null,
});
away.on('error', () => {});
afterAll(() => {
  up.disconnect();
  away.disconnect();
});

describe("the workers' health port", () => {
  it('answers /readyz 200 with PostgreSQL and Redis, and 503 unavailable while Redis is away', async () => {
    const ready = startHealthServer(0, { sql: database.sql, redis: up });
    const notReady = startHealthServer(0, { sql: database.sql, redis: away });
    try {
      const ok = await fetch(`http://127.0.0.1:${ready.port}/readyz`);
      expect(ok.status).toBe(200);
      expect(await ok.json()).toEqual({ status: 'ok', checks: { database: 'up', redis: 'up' } });
      const down = await fetch(`http://127.0.0.1:${notReady.port}/readyz`);
      expect(down.status).toBe(503);
      expect(await down.json()).toEqual({ status: 'unavailable', checks: { database: 'up', redis: 'down' } });
    } finally {
      await ready.stop();
      await notReady.stop();
    }
  });
});
