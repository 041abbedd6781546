import { addDays, Queues, todayIn, weekday, zonedTimeToUtc } from '@app/contracts/server';
import type { Database } from '@app/db';
import { createQueue } from '@app/platform/queues';
import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Clock } from '../../lib/clock';
import { consultationsBetween, failedEmails, failedSignIns, failingDashboards, newLeads } from './overview.repository';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface OverviewDeps {
  db: Database;
  clock: Clock;
  timeZone: string;
  /** Counts the jobs in every queue's failed list; null when the queues cannot be read (Redis down). */
  failedJobs: () => Promise<number | null>;
}

/** The start of a day of the company's time zone, as an instant. */
const startOf = (day: string, timeZone: string) => zonedTimeToUtc(day, 0, 0, timeZone);

/**
 * What the administrators' landing page counts (issue 27): today's and this week's consultations (company days,
 * weeks from Monday), the leads still new, the last 7 days' failed e-mails, jobs failed in the queues, dashboards
 * whose provider check fails, and the last 24 hours' failed sign-ins.
 */
export async function adminOverview(deps: OverviewDeps) {
  const now = deps.clock.now();
  const today = todayIn(deps.timeZone, now);
  const monday = addDays(today, -((weekday(today) + 6) % 7));
  const lastWeek = new Date(now.getTime() - 7 * DAY_MS);
  const [todayCount, weekCount, leads, emails, jobs, dashboards, signIns] = await Promise.all([
    consultationsBetween(deps.db, startOf(today, deps.timeZone), startOf(addDays(today, 1), deps.timeZone)),
    consultationsBetween(deps.db, startOf(monday, deps.timeZone), startOf(addDays(monday, 7), deps.timeZone)),
    newLeads(deps.db),
    failedEmails(deps.db, lastWeek),
    deps.failedJobs(),
    failingDashboards(deps.db, lastWeek),
    failedSignIns(deps.db, new Date(now.getTime() - DAY_MS)),
  ]);
  return {
    consultations: { today: todayCount, week: weekCount },
    leads,
    failures: { emails, jobs },
    dashboards,
    signIns: { failed: signIns },
  };
}

/** The failed-job counter over every queue, its queues made at the first call (building it connects nothing). */
export function failedJobCounter(deps: { redis: Redis; prefix: string }) {
  let queues: Queue<unknown>[] | null = null;
  return async (): Promise<number | null> => {
    queues ??= Object.values(Queues).map((definition) => createQueue<unknown>(deps, definition));
    try {
      const counts = await Promise.all(queues.map((queue) => queue.getFailedCount()));
      return counts.reduce((sum, n) => sum + n, 0);
    } catch {
      return null;
    }
  };
}
