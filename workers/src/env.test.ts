import { workersEnv as env } from '@app/testing/config-env';
import { describe, expect, it } from 'vitest';
import { loadWorkersConfig, workersRequiredVariables } from './env';

describe('workers configuration', () => {
  it('names every missing variable in one message', () => {
    expect(() => loadWorkersConfig({})).toThrow(
      new RegExp(workersRequiredVariables.map((name) => `${name} is required`).join('[\\s\\S]*')),
    );
  });

  it('refuses an SMTP URL of another scheme and fills in the retry defaults', () => {
    expect(() => loadWorkersConfig({ ...env, SMTP_URL: 'http://mail' })).toThrow(/SMTP_URL: must be a SMTP URL/);
    expect(loadWorkersConfig(env)).toMatchObject({
      EMAIL_ATTEMPTS: 10,
      EMAIL_BACKOFF_MS: 2000,
      WORKER_CONCURRENCY: 10,
    });
  });

  it('takes the database pool size and the PgBouncer switch, and refuses bad values', () => {
    // Unset, the pool follows WORKER_CONCURRENCY (workers/src/database.ts).
    expect(loadWorkersConfig(env).DATABASE_POOL_SIZE).toBeUndefined();
    expect(loadWorkersConfig(env).DATABASE_PGBOUNCER).toBe(false);
    expect(loadWorkersConfig({ ...env, DATABASE_POOL_SIZE: '4', DATABASE_PGBOUNCER: 'true' })).toMatchObject({
      DATABASE_POOL_SIZE: 4,
      DATABASE_PGBOUNCER: true,
    });
    expect(() => loadWorkersConfig({ ...env, DATABASE_POOL_SIZE: '0', DATABASE_PGBOUNCER: 'yes' })).toThrow(
      /DATABASE_POOL_SIZE: must be a whole number of connections from 1 to 1000[\s\S]*DATABASE_PGBOUNCER: must be true or false/,
    );
  });

  it('takes MEETING_URL_TEMPLATE as an https address (http only on localhost), and says what it must be', () => {
    expect(loadWorkersConfig(env).MEETING_URL_TEMPLATE).toBeUndefined();
    for (const good of [
      'https://meet.example.com/lucid-{bookingId}',
      'https://meet.example.com/fixed-room',
      'http://localhost:8080/room/{bookingId}',
    ])
      expect(loadWorkersConfig({ ...env, MEETING_URL_TEMPLATE: good }).MEETING_URL_TEMPLATE).toBe(good);
    for (const bad of [
      'http://meet.example.com/{bookingId}',
      'meet.example.com/room',
      'javascript:alert(1)',
      'ftp://x',
    ])
      expect(() => loadWorkersConfig({ ...env, MEETING_URL_TEMPLATE: bad }), bad).toThrow(
        /MEETING_URL_TEMPLATE: must be an https URL \(http only for localhost\)/,
      );
  });
});
