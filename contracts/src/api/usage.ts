import * as v from 'valibot';
import { IdNameEntries } from './common';

/** The usage report for account managers (issue 18): who opened which dashboard, over time. */

const USAGE_GROUPINGS = ['day', 'week'] as const;
export type UsageGrouping = (typeof USAGE_GROUPINGS)[number];

/** The longest period a report covers: two years, a day for a leap year included. */
export const USAGE_MAX_DAYS = 731;

/** A yyyy-MM-dd that names a day of the calendar (not 2026-02-30). */
const isCalendarDate = (value: string) => {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};

const UsageDateSchema = (name: string) =>
  v.optional(
    v.pipe(
      v.string(`${name} must be a date (yyyy-MM-dd)`),
      v.regex(/^\d{4}-\d{2}-\d{2}$/, `${name} must be a date (yyyy-MM-dd)`),
      v.check(isCalendarDate, `${name} must be a real date (yyyy-MM-dd)`),
    ),
  );

/**
 * GET /api/admin/usage and /api/admin/usage.csv: `from` and `to` are days of the company's time zone, both counted;
 * without them, the last 30 days up to today. The range checks (to not before from, at most two years) are the
 * service's, with the same 422.
 */
export const UsageQuerySchema = v.object({
  from: UsageDateSchema('From'),
  to: UsageDateSchema('To'),
  groupBy: v.optional(v.picklist(USAGE_GROUPINGS, 'Group by must be day or week'), 'day'),
});

/**
 * The report lists at most this many of each kind: the most viewed organizations, dashboards and people, the longest
 * idle dashboards and the longest absent clients. How many there are in all comes beside each list; the CSV has
 * every one.
 */
export const USAGE_LIST_LIMIT = 50;

/** The first of each list also carry their views per period (the charts' lines); in the CSV every one does. */
export const USAGE_SERIES_LIMIT = 5;

/**
 * Views of one organization, dashboard or person: the total, and for the first USAGE_SERIES_LIMIT of a list one
 * count per period of `buckets`.
 */
const usageSeries = <E extends v.ObjectEntries>(entries: E) =>
  v.object({ ...entries, total: v.number(), counts: v.optional(v.array(v.number())) });

/** A dashboard's views that are not clients' usage (D37). */
const ViewsApartSchema = v.object({ ...IdNameEntries, total: v.number() });

/** The days a report counts, of the company's time zone (yyyy-MM-dd), both counted. */
export const UsagePeriodEntries = { from: v.string(), to: v.string() };

export const UsageReportSchema = v.object({
  ...UsagePeriodEntries,
  groupBy: v.picklist(USAGE_GROUPINGS),
  timeZone: v.string(),
  /** The first day (yyyy-MM-dd) of each period: each day, or each week from its Monday. */
  buckets: v.array(v.string()),
  /** Every client's view of the period that loaded, per period (D37: the team's previews and failed loads are apart). */
  totals: v.array(v.number()),
  /**
   * A view counts for an organization when the viewer is one of its members and the dashboard is linked to it
   * (a person in two such organizations counts for both). Most views first.
   */
  organizations: v.array(usageSeries(IdNameEntries)),
  /** How many organizations had a view in the period (`organizations` lists the most viewed). */
  organizationCount: v.number(),
  dashboards: v.array(usageSeries(IdNameEntries)),
  dashboardCount: v.number(),
  /** Signed-in viewers (anonymous views of public dashboards count in the totals only). */
  people: v.array(usageSeries({ ...IdNameEntries, email: v.string() })),
  personCount: v.number(),
  /** Dashboards linked to an organization or public, that nobody has opened in the last 30 days; the longest idle first. */
  idleDashboards: v.array(v.object({ ...IdNameEntries, lastViewedAt: v.nullable(v.string()) })),
  idleDashboardCount: v.number(),
  /** Active members of client organizations (not admins) who have not signed in for 30 days; the longest absent first. */
  inactiveClientCount: v.number(),
  /**
   * D37, listed apart from clients' usage: the views of administrators (previews, whether they loaded or not) per
   * dashboard, most first, how many dashboards were previewed, and how many previews in all.
   */
  previews: v.array(ViewsApartSchema),
  previewCount: v.number(),
  previewViews: v.number(),
  /** Clients' loads that failed ('Work in Progress'), per dashboard, most first; likewise. */
  failedLoads: v.array(ViewsApartSchema),
  failedLoadCount: v.number(),
  failedLoadViews: v.number(),
  inactiveClients: v.array(
    v.object({
      ...IdNameEntries,
      email: v.string(),
      organizations: v.array(v.string()),
      lastLoginAt: v.nullable(v.string()),
    }),
  ),
});
export type UsageReport = v.InferOutput<typeof UsageReportSchema>;
