import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { belongsTo, serialId, timeOfInsert, timestamps, timestamptz, uses } from './columns';
import { embedConnections } from './embedding';
import { organizations } from './organizations';
import { users } from './users';

export const dashboards = pgTable(
  'dashboards',
  {
    id: serialId(),
    name: text().notNull(),
    description: text(),
    category: text().notNull(),
    type: text().notNull(),
    /** 'url' (the frame's address below) or a provider whose tokens the server mints per organization (issue 14). */
    embedMode: text().notNull().default('url'),
    /** The frame's address in 'url' mode; empty in the token modes. */
    embedUrl: text().notNull(),
    /** The connection tokens are minted with (token modes); a connection in use cannot be deleted. */
    connectionId: uses(() => embedConnections.id),
    /** Which report, view or dashboard of the provider: `{ workspaceId, reportId }`, `{ viewUrl }` or `{ metabaseDashboardId }`. */
    embedTarget: jsonb().$type<Record<string, string | number>>(),
    thumbnailUrl: text(),
    isPublic: boolean().notNull().default(false),
    ...timestamps(),
  },
  (t) => [index('dashboards_public_idx').on(t.isPublic), index('dashboards_connection_idx').on(t.connectionId)],
);

export const organizationDashboards = pgTable(
  'organization_dashboards',
  {
    organizationId: belongsTo(() => organizations.id),
    dashboardId: belongsTo(() => dashboards.id),
    /**
     * What this organization may see of the dashboard in a token mode (issue 14): Power BI `{ roles, username?,
     * customData? }`, Tableau `{ attributes }`, Metabase `{ params }`. Null: not set up, so no token is minted.
     */
    dataScope: jsonb().$type<Record<string, unknown>>(),
    createdAt: timeOfInsert(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.dashboardId] }),
    index('organization_dashboards_dashboard_idx').on(t.dashboardId),
  ],
);

/** Who viewed which dashboard when (D19): clients' lists are ordered by it, admins see counts and last views. */
export const dashboardViews = pgTable(
  'dashboard_views',
  {
    id: serialId(),
    dashboardId: belongsTo(() => dashboards.id),
    /** Null for an anonymous view of a public dashboard. */
    userId: integer().references(() => users.id, { onDelete: 'cascade' }),
    viewedAt: timeOfInsert(),
    /**
     * The organizations this view counts for: those the viewer was a member of, with the dashboard linked to them,
     * when it was recorded. Filled by the database (trigger `dashboard_views_attribute`, migration 0017) whoever
     * inserts the row; empty for an anonymous view (decision 039).
     */
    organizationIds: integer().array(),
    /** An administrator's look (a preview, D37): recorded, and listed apart from clients' usage. */
    byAdmin: boolean().notNull().default(false),
    /** Whether the dashboard loaded for the viewer, as the viewer reported it (D37, decision 042). */
    loaded: boolean().notNull().default(true),
    /**
     * D37: a client's view that loaded, the only kind the usage report, its roll-ups (migration 0022) and the
     * monthly digest count. One definition, kept by the database.
     */
    clientUsage: boolean().generatedAlwaysAs(sql`not by_admin and loaded`),
  },
  (t) => [
    index('dashboard_views_dashboard_idx').on(t.dashboardId, t.viewedAt),
    index('dashboard_views_user_idx').on(t.userId, t.dashboardId, t.viewedAt),
    // The usage report (issue 18) reads a period of clients' views across every dashboard: time first, then the two
    // ids it groups by, so the whole report is index-only range scans (decisions 036, 042).
    index('dashboard_views_viewed_at_idx').on(t.viewedAt, t.dashboardId, t.userId).where(sql`client_usage`),
    // The usage report's periods of the most viewed organizations (decision 039).
    index('dashboard_views_organizations_idx').using('gin', t.organizationIds).where(sql`client_usage`),
    // Each dashboard's last client view (idle dashboards, the admin list's counts; decision 042).
    index('dashboard_views_client_dashboard_idx').on(t.dashboardId, t.viewedAt).where(sql`client_usage`),
    // The few views that are not clients' usage (previews, failed loads), listed apart (D37).
    index('dashboard_views_apart_idx').on(t.viewedAt, t.dashboardId).where(sql`not client_usage`),
  ],
);

/*
 * The usage report's roll-ups (issue 18, decision 039): views counted per UTC hour, and per UTC month and dashboard,
 * person or organization. The database keeps them equal to `dashboard_views` (statement triggers on insert, update
 * and delete, migration 0017); `db/src/queries/usage.ts` reads whole hours and months from them and only the parts
 * of a period that do not fill one from `dashboard_views`.
 */

/** Every view, per UTC hour. */
export const dashboardViewHours = pgTable('dashboard_view_hours', {
  hour: timestamptz().primaryKey(),
  views: integer().notNull(),
});

/** Views per UTC month and dashboard. */
export const dashboardViewMonths = pgTable(
  'dashboard_view_months',
  { month: timestamptz().notNull(), dashboardId: belongsTo(() => dashboards.id), views: integer().notNull() },
  (t) => [primaryKey({ columns: [t.month, t.dashboardId] })],
);

/** Views per UTC month and signed-in person. */
export const personViewMonths = pgTable(
  'person_view_months',
  { month: timestamptz().notNull(), userId: belongsTo(() => users.id), views: integer().notNull() },
  (t) => [primaryKey({ columns: [t.month, t.userId] })],
);

/** Views per UTC month and organization they count for. */
export const organizationViewMonths = pgTable(
  'organization_view_months',
  {
    month: timestamptz().notNull(),
    organizationId: belongsTo(() => organizations.id),
    views: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.month, t.organizationId] })],
);

/** The dashboards a person keeps at the top of their portal (issue 18): one row per person and dashboard. */
export const dashboardFavourites = pgTable(
  'dashboard_favourites',
  {
    userId: belongsTo(() => users.id),
    dashboardId: belongsTo(() => dashboards.id),
    createdAt: timeOfInsert(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.dashboardId] }),
    index('dashboard_favourites_dashboard_idx').on(t.dashboardId),
  ],
);
