import type { AdminDashboard, DashboardListQuery } from '@app/contracts';
import type { Database, Transaction } from '@app/db';
import * as lists from '@app/db/queries/list-query';
import * as schema from '@app/db/schema';
import { type SQL, sql } from 'drizzle-orm';
import { withViews } from './dashboards.repository';

const { dashboards } = schema;

type Db = Database | Transaction;

/**
 * A URL anyone who has it can open, as `isPublicShareLink` (contracts) tells it, in SQL: Power BI "publish to web",
 * Tableau Public, Looker Studio, a Metabase public link. Stored URLs are normalized https addresses (D18).
 */
const publicShareLink = sql`(${dashboards.embedMode} = 'url' and (
  ${dashboards.embedUrl} ~* '^https://[^/?#]*powerbi\\.com(:[0-9]+)?/view[^?#]*\\?([^#]*&)?r(=|&|#|$)'
  or ${dashboards.embedUrl} ~* '^https://public\\.tableau\\.com(:[0-9]+)?([/?#]|$)'
  or ${dashboards.embedUrl} ~* '^https://(lookerstudio|datastudio)\\.google\\.com(:[0-9]+)?([/?#]|$)'
  or ${dashboards.embedUrl} ~* '^https://[^/?#]*(/[^?#]*)?/public/(dashboard|question)/'))`;

function embedFilter(embed: DashboardListQuery['embed']): SQL | undefined {
  if (embed === undefined) return undefined;
  if (embed === 'public-link') return publicShareLink;
  // An unknown stored mode reads as 'url' (embedModeOf).
  if (embed === 'url') return sql`${dashboards.embedMode} not in ('powerbi', 'tableau', 'metabase')`;
  return sql`${dashboards.embedMode} = ${embed}`;
}

const dashboardSort: lists.SortSpec<NonNullable<DashboardListQuery['sort']>> = {
  by: {
    name: sql`lower(${dashboards.name})`,
    category: sql`lower(${dashboards.category})`,
    type: sql`lower(${dashboards.type})`,
    // Private before public when ascending.
    isPublic: dashboards.isPublic,
    id: dashboards.id,
  },
  fallback: [sql`lower(${dashboards.name})`],
  tieBreak: [dashboards.id],
};

const dashboardFilter = (query: DashboardListQuery) =>
  lists.allOf(
    lists.contains(dashboards.name, query.name),
    lists.containsAny([dashboards.name, dashboards.description, dashboards.category, dashboards.type], query.q),
    lists.equalsIf(dashboards.category, query.category),
    lists.equalsIf(dashboards.type, query.type),
    lists.stateIf(dashboards.isPublic, query.visibility, 'public'),
    embedFilter(query.embed),
  );

/** One page (or all) of the dashboards list, filtered and sorted, with the view counts of its dashboards. */
export async function listDashboardPage(
  db: Db,
  query: DashboardListQuery,
  page: lists.Page | null,
): Promise<AdminDashboard[]> {
  return withViews(
    db,
    await lists.sortedPage(db, dashboards, dashboardFilter(query), lists.orderOf(dashboardSort, query), page),
  );
}

/** How many dashboards the list's filters keep. */
export const countDashboards = (db: Db, query: DashboardListQuery): Promise<number> =>
  lists.countWhere(db, dashboards, dashboardFilter(query));
