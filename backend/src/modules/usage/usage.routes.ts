import { UsageQuerySchema, UsageReportSchema } from '@app/contracts';
import { Elysia } from 'elysia';
import * as v from 'valibot';
import type { AppDeps } from '../../deps';
import { adminRoute } from '../../lib/route-options';
import type { GuardDeps } from '../../plugins/auth';
import { usageCsv } from './usage.csv';
import { usageReport } from './usage.service';

const PERIOD_NOTE =
  '`from` and `to` are days (yyyy-MM-dd) of the company time zone (BOOKING_TIMEZONE), both counted; without them ' +
  'the last 30 days up to today. `groupBy` is day (default) or week (weeks start on Monday). 422 for a date that is ' +
  'not one, `to` before `from`, or more than 2 years. ';

/** The usage report for account managers (issue 18), admins only (D10): as JSON for the Usage tab, and as CSV. */
export const usageRoutes = (deps: Pick<AppDeps, 'db' | 'clock' | 'config'> & GuardDeps) => {
  const usage = { db: deps.db, clock: deps.clock, timeZone: deps.config.BOOKING_TIMEZONE };
  return new Elysia({ name: 'usage-routes' }).use(deps.auth).guard({ auth: 'admin' }, (app) =>
    app
      .get('/api/admin/usage', ({ query }) => usageReport(usage, query), {
        query: UsageQuerySchema,
        ...adminRoute(
          'Dashboard views per organization, dashboard and person over a period; idle dashboards and clients',
          { 200: UsageReportSchema },
          {
            description:
              PERIOD_NOTE +
              'A view counts for an organization when the viewer is its member and the dashboard is linked to it.',
          },
        ),
      })
      .get(
        '/api/admin/usage.csv',
        async ({ query, set }) => {
          const report = await usageReport(usage, query, null);
          set.headers['content-type'] = 'text/csv; charset=utf-8';
          set.headers['content-disposition'] =
            `attachment; filename="usage-${report.from}-to-${report.to}-by-${report.groupBy}.csv"`;
          set.headers['cache-control'] = 'no-store';
          return usageCsv(report);
        },
        {
          query: UsageQuerySchema,
          ...adminRoute(
            'The same figures as CSV (a download)',
            { 200: v.pipe(v.string(), v.description('CSV, one row per figure')) },
            {
              description:
                PERIOD_NOTE +
                'Cells a spreadsheet would read as a formula (starting with = + - @) get a leading apostrophe.',
            },
          ),
        },
      ),
  );
};
