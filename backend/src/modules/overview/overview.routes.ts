import { AdminOverviewSchema } from '@app/contracts';
import { Elysia } from 'elysia';
import type { AppDeps } from '../../deps';
import { adminRoute } from '../../lib/route-options';
import type { GuardDeps } from '../../plugins/auth';
import { adminOverview, failedJobCounter } from './overview.service';

/** The administrators' landing page's figures (issue 27), for administrators only (D10). */
export const overviewRoutes = (deps: Pick<AppDeps, 'db' | 'clock' | 'config' | 'redis'> & GuardDeps) => {
  const failedJobs = failedJobCounter({ redis: deps.redis, prefix: deps.config.QUEUE_PREFIX });
  return new Elysia({ name: 'overview-routes' }).use(deps.auth).get(
    '/api/admin/overview',
    ({ set }) => {
      set.headers['cache-control'] = 'no-store';
      return adminOverview({ db: deps.db, clock: deps.clock, timeZone: deps.config.BOOKING_TIMEZONE, failedJobs });
    },
    {
      auth: 'admin',
      ...adminRoute(
        "Today's and this week's consultations, new leads, failing e-mails, jobs and dashboards, failed sign-ins",
        { 200: AdminOverviewSchema },
        {
          description:
            'Days and weeks are those of BOOKING_TIMEZONE (weeks start on Monday). A new lead is a contact message ' +
            '(spam left out) or a booking made in the last 7 days; failed e-mails are those of the last 7 days; jobs ' +
            "are those in every queue's failed list (null when the queues cannot be read); a dashboard fails when its " +
            "connection's last sync failed or its last view of the last 7 days did not load; sign-ins failed in the " +
            'last 24 hours.',
        },
      ),
    },
  );
};
