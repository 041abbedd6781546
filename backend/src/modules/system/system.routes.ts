import { COMPANY_NAME, HealthSchema, type PublicConfig, PublicConfigSchema } from '@app/contracts';
import { probe } from '@app/platform/readiness';
import { Elysia } from 'elysia';
import type { AppDeps } from '../../deps';

export const systemRoutes = (deps: Pick<AppDeps, 'config' | 'sql' | 'redis'>) => {
  const publicConfig: PublicConfig = {
    companyName: COMPANY_NAME,
    companyEmail: deps.config.COMPANY_EMAIL,
    schedulingUrl: deps.config.SCHEDULING_URL ?? null,
    bookingTimeZone: deps.config.BOOKING_TIMEZONE,
    singleSignOn: Boolean(deps.config.OIDC_ISSUER && deps.config.OIDC_CLIENT_ID && deps.config.OIDC_CLIENT_SECRET),
  };
  return new Elysia({ name: 'system-routes' })
    .get('/healthz', () => ({ status: 'ok', checks: {} }), {
      response: HealthSchema,
      detail: { tags: ['System'], summary: 'Liveness: the process answers' },
    })
    .get(
      '/readyz',
      async ({ set }) => {
        const [database, redis] = await Promise.all([probe(() => deps.sql`select 1`), probe(() => deps.redis.ping())]);
        // Ready means the API can serve, which takes PostgreSQL. Without Redis it still serves (events wait in the
        // outbox, rate limits fall back per process): draining every replica then would take the site down for nothing.
        // Redis is reported here and as the `redis_up` metric.
        const ready = database === 'up';
        set.status = ready ? 200 : 503;
        set.headers['cache-control'] = 'no-store';
        return { status: ready ? (redis === 'up' ? 'ok' : 'degraded') : 'unavailable', checks: { database, redis } };
      },
      {
        response: { 200: HealthSchema, 503: HealthSchema },
        detail: {
          tags: ['System'],
          summary: 'Readiness: PostgreSQL reachable (Redis reported, status degraded while it is not)',
          // The README says the same, word for word (system.int.test.ts compares them).
          description:
            'The API answers 200 while PostgreSQL answers: `status` is `ok`, or `degraded` with `checks.redis` ' +
            '`down` while Redis is unreachable (the API still serves; events wait in the outbox). It answers 503 ' +
            '(`unavailable`) only when PostgreSQL does not answer.',
        },
      },
    )
    .get(
      '/api/config',
      ({ set }) => {
        set.headers['cache-control'] = 'public, max-age=60';
        return publicConfig;
      },
      {
        response: PublicConfigSchema,
        detail: { tags: ['System'], summary: 'Public runtime settings for the browser' },
      },
    );
};
