import {
  todayIn,
  USAGE_LIST_LIMIT,
  USAGE_MAX_DAYS,
  USAGE_SERIES_LIMIT,
  type UsageGrouping,
  type UsageReport,
  zonedTimeToUtc,
} from '@app/contracts';
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

/** Each one's total, and for those `withCounts` names its counts spread over the periods; most views first (then by name). */
function series<T extends { id: number; name: string }>(
  top: repo.UsageTotal[],
  counts: repo.UsageCount[],
  buckets: string[],
  known: Map<number, T>,
  withCounts: Set<number>,
) {
  const index = new Map(buckets.map((bucket, i) => [bucket, i]));
  const byId = new Map<number, number[]>();
  for (const { bucket, id, views } of counts) {
    const i = index.get(bucket);
    if (i === undefined) continue;
    const row = byId.get(id) ?? buckets.map(() => 0);
    row[i]! += views;
    byId.set(id, row);
  }
  return top
    .flatMap(({ id, views }) => {
      const item = known.get(id);
      if (!item) return [];
      return [
        { ...item, total: views, ...(withCounts.has(id) ? { counts: byId.get(id) ?? buckets.map(() => 0) } : {}) },
      ];
    })
    .sort((a, b) => b.total - a.total || a.name.localeCompare(b.name));
}

const iso = (value: Date | string | null) => (value ? new Date(value).toISOString() : null);
const idsOf = (ranking: repo.UsageRanking) => ranking.top.map((t) => t.id);
const apartIds = (apart: repo.ViewsApart) => [...idsOf(apart.previews), ...idsOf(apart.failedLoads)];
const byId = <T extends { id: number }>(rows: T[]) => new Map(rows.map((row) => [row.id, row]));

/**
 * The usage report: every period's total, the `limit` most viewed organizations, dashboards and people with their
 * counts per period, the idle dashboards and the absent clients (at most `limit` each), and how many of each there
 * are; the first USAGE_SERIES_LIMIT of each list with their views per period. `limit` null (the CSV) lists every one,
 * each with its periods. Two rounds of queries: the periods' totals and the rankings (roll-ups for whole hours and
 * months), then the periods of the charted ones and the names of the listed ones (decision 039).
 */
export async function usageReport(
  deps: UsageDeps,
  query: { from?: string | undefined; to?: string | undefined; groupBy?: UsageGrouping | undefined },
  limit: number | null = USAGE_LIST_LIMIT,
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
  const [totals, organizations, dashboards, people, idle, inactive, apart] = await Promise.all([
    repo.viewsPerPeriod(db, window),
    repo.topOrganizations(db, window, limit),
    repo.topDashboards(db, window, limit),
    repo.topPeople(db, window, limit),
    repo.idleDashboards(db, idleSince, limit),
    repo.inactiveClients(db, idleSince, limit),
    repo.viewsApart(db, window, limit),
  ]);
  // Names of the listed ones, periods of the charted ones; all of them (no filter) for the CSV.
  const only = (ranking: repo.UsageRanking) => (limit === null ? undefined : idsOf(ranking));
  const charted = (ranking: repo.UsageRanking) =>
    limit === null ? undefined : idsOf(ranking).slice(0, USAGE_SERIES_LIMIT);
  const [perOrganization, perDashboard, perPerson, organizationNames, dashboardNames, personNames] = await Promise.all([
    repo.viewsPerOrganization(db, window, charted(organizations)),
    repo.viewsPerDashboard(db, window, charted(dashboards)),
    repo.viewsPerPerson(db, window, charted(people)),
    repo.organizationNames(db, only(organizations)),
    repo.dashboardNames(db, limit === null ? undefined : [...idsOf(dashboards), ...apartIds(apart)]),
    repo.personNames(db, only(people)),
  ]);
  const { labels: buckets } = repo.periodsOf(window);
  const names = byId(dashboardNames);
  const listedApart = (ranking: repo.UsageRanking) =>
    ranking.top.flatMap(({ id, views }) => {
      const name = names.get(id)?.name;
      return name === undefined ? [] : [{ id, name, total: views }];
    });
  const chartedOf = (ranking: repo.UsageRanking) => new Set<number>(charted(ranking) ?? idsOf(ranking));
  return {
    from,
    to,
    groupBy,
    timeZone,
    buckets,
    totals,
    organizations: series(
      organizations.top,
      perOrganization,
      buckets,
      byId(organizationNames),
      chartedOf(organizations),
    ),
    organizationCount: organizations.count,
    dashboards: series(dashboards.top, perDashboard, buckets, names, chartedOf(dashboards)),
    dashboardCount: dashboards.count,
    people: series(
      people.top,
      perPerson,
      buckets,
      byId(personNames.map((p) => ({ id: p.id, name: repo.displayName(p), email: p.email }))),
      chartedOf(people),
    ),
    personCount: people.count,
    idleDashboards: idle.rows.map((row) => ({ id: row.id, name: row.name, lastViewedAt: iso(row.lastViewedAt) })),
    idleDashboardCount: idle.count,
    inactiveClients: inactive.rows.map((row) => ({
      id: row.id,
      name: repo.displayName(row),
      email: row.email,
      organizations: row.organizations,
      lastLoginAt: iso(row.lastLoginAt),
    })),
    inactiveClientCount: inactive.count,
    previews: listedApart(apart.previews),
    previewCount: apart.previews.count,
    previewViews: apart.previewViews,
    failedLoads: listedApart(apart.failedLoads),
    failedLoadCount: apart.failedLoads.count,
    failedLoadViews: apart.failedLoadViews,
  };
}
