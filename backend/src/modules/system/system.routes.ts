import { COMPANY_NAME, type PublicConfig } from '@app/contracts';
import { Elysia } from 'elysia';
import * as v from 'valibot';
import type { AppDeps } from '../../app';

const withTimeout = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), ms))]);

const PublicConfigSchema = v.object({
  companyName: v.string(),
  companyEmail: v.string(),
  schedulingUrl: v.nullable(v.string()),
  bookingTimeZone: v.string(),
});

const CheckSchema = v.object({ status: v.string(), checks: v.record(v.string(), v.string()) });

export const systemRoutes = (deps: AppDeps) => {
  const publicConfig: PublicConfig = {
    companyName: COMPANY_NAME,
    companyEmail: deps.config.COMPANY_EMAIL,
    schedulingUrl: deps.config.SCHEDULING_URL ?? null,
    bookingTimeZone: deps.config.BOOKING_TIMEZONE,
  };
  return new Elysia({ name: 'system-routes' })
    .get('/healthz', () => ({ status: 'ok', checks: {} }), {
      response: CheckSchema,
      detail: { tags: ['System'], summary: 'Liveness: the process answers' },
    })
    .get(
      '/readyz',
      async ({ set }) => {
        const [database, redis] = await Promise.all([
          withTimeout(deps.sql`select 1`, 2000).then(
            () => 'up',
            () => 'down',
          ),
          withTimeout(deps.redis.ping(), 2000).then(
            () => 'up',
            () => 'down',
          ),
        ]);
        const ok = database === 'up' && redis === 'up';
        set.status = ok ? 200 : 503;
        set.headers['cache-control'] = 'no-store';
        return { status: ok ? 'ok' : 'unavailable', checks: { database, redis } };
      },
      {
        response: { 200: CheckSchema, 503: CheckSchema },
        detail: { tags: ['System'], summary: 'Readiness: PostgreSQL and Redis reachable' },
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
