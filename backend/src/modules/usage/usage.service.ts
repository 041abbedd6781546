import { todayIn, USAGE_MAX_DAYS, type UsageGrouping, type UsageReport, zonedTimeToUtc } from '@app/contracts';
import type { Database } from '@app/db';
import type { Clock } from '../../lib/clock';
import { unprocessable } from '../../lib/http-error';
import * as repo from './usage.repository';

/** The usage report for account managers (issue 18): views per organization, dashboard and person over a period. */

export interface UsageDeps {
  db: Database;
  clock: Clock;
  timeZone: string;
}

const DAY_MS = 86_400_000;
/** 'Nobody opened it in 30 days', 'not signed in for 30 days'. */
const IDLE_DAYS = 30;
const DEFAULT_DAYS = 30;

const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
const dateOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** The period asked for, as days of the company's zone, checked: to not before from, at most two years. */
function period(query: { from?: string | undefined; to?: string | undefined }, timeZone: string, now: Date) {
  const to = query.to ?? todayIn(timeZone, now);
  const from = query.from ?? dateOf(dayNumber(to) - (DEFAULT_DAYS - 1));
  for (const [field, date] of [
    ['from', from],
    ['to', to],
  ] as const) {
    const year = Number(date.slice(0, 4));
    if (year < 2000 || year > 2100) {
      const message = `${field === 'from' ? 'From' : 'To'} must be a date between 2000 and 2100`;
      throw unprocessable(message, [{ path: field, message }]);
    }
  }
  const days = dayNumber(to) - dayNumber(from) + 1;
  if (days < 1) {
    const message = 'To must be on or after From';
    throw unprocessable(message, [{ path: 'to', message }]);
  }
  if (days > USAGE_MAX_DAYS) {
    const message = 'The period can be at most 2 years';
    throw unprocessable(message, [{ path: 'from', message }]);
  }
  return { from, to };
}

/** The first day of each period from `from` to `to`: each day, or each week from its Monday. */
function bucketsOf(from: string, to: string, groupBy: UsageGrouping): string[] {
  let day = dayNumber(from);
  const step = groupBy === 'week' ? 7 : 1;
  // 1970-01-01 was a Thursday: day 0 is 3 days after a Monday.
  if (groupBy === 'week') day -= (((day + 3) % 7) + 7) % 7;
  const buckets: string[] = [];
  for (; day <= dayNumber(to); day += step) buckets.push(dateOf(day));
  return buckets;
}

/** Counts of each id spread over the buckets, most views first (then by name). */
function series<T extends { id: number; name: string }>(
  counts: repo.UsageCount[],
  buckets: string[],
  known: Map<number, T>,
) {
  const index = new Map(buckets.map((bucket, i) => [bucket, i]));
  const byId = new Map<number, number[]>();
  for (const { bucket, id, views } of counts) {
    const i = index.get(bucket);
    if (i === undefined || !known.has(id)) continue;
    const row = byId.get(id) ?? buckets.map(() => 0);
    row[i]! += views;
    byId.set(id, row);
  }
  return [...byId]
    .map(([id, row]) => ({ ...known.get(id)!, total: row.reduce((a, b) => a + b, 0), counts: row }))
    .sort((a, b) => b.total - a.total || a.name.localeCompare(b.name));
}

const iso = (value: Date | string | null) => (value ? new Date(value).toISOString() : null);

export async function usageReport(
  deps: UsageDeps,
  query: { from?: string | undefined; to?: string | undefined; groupBy?: UsageGrouping | undefined },
): Promise<UsageReport> {
  const now = deps.clock.now();
  const { timeZone, db } = deps;
  const groupBy = query.groupBy ?? 'day';
  const { from, to } = period(query, timeZone, now);
  const window = {
    start: zonedTimeToUtc(from, 0, 0, timeZone),
    end: zonedTimeToUtc(dateOf(dayNumber(to) + 1), 0, 0, timeZone),
    groupBy,
    timeZone,
  };
  const idleSince = new Date(now.getTime() - IDLE_DAYS * DAY_MS);
  const [perDashboard, perPerson, perOrganization, dashboards, organizations, people, idle, inactive] =
    await Promise.all([
      repo.viewsPerDashboard(db, window),
      repo.viewsPerPerson(db, window),
      repo.viewsPerOrganization(db, window),
      repo.dashboardNames(db),
      repo.organizationNames(db),
      repo.personNames(db),
      repo.idleDashboards(db, idleSince),
      repo.inactiveClients(db, idleSince),
    ]);
  const buckets = bucketsOf(from, to, groupBy);
  const index = new Map(buckets.map((bucket, i) => [bucket, i]));
  const totals = buckets.map(() => 0);
  for (const { bucket, views } of perDashboard) {
    const i = index.get(bucket);
    if (i !== undefined) totals[i]! += views;
  }
  const byId = <T extends { id: number }>(rows: T[]) => new Map(rows.map((row) => [row.id, row]));
  return {
    from,
    to,
    groupBy,
    timeZone,
    buckets,
    totals,
    organizations: series(perOrganization, buckets, byId(organizations)),
    dashboards: series(perDashboard, buckets, byId(dashboards)),
    people: series(
      perPerson,
      buckets,
      byId(people.map((p) => ({ id: p.id, name: repo.displayName(p), email: p.email }))),
    ),
    idleDashboards: idle.map((row) => ({ id: row.id, name: row.name, lastViewedAt: iso(row.lastViewedAt) })),
    inactiveClients: inactive.map((row) => ({
      id: row.id,
      name: repo.displayName(row),
      email: row.email,
      organizations: row.organizations,
      lastLoginAt: iso(row.lastLoginAt),
    })),
  };
}
