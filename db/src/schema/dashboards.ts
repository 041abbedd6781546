import { boolean, index, integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { belongsTo, timeOfInsert, timestamps } from './columns';
import { organizations } from './organizations';
import { users } from './users';

export const dashboards = pgTable(
  'dashboards',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    description: text(),
    category: text().notNull(),
    type: text().notNull(),
    embedUrl: text().notNull(),
    thumbnailUrl: text(),
    isPublic: boolean().notNull().default(false),
    ...timestamps(),
  },
  (t) => [index('dashboards_public_idx').on(t.isPublic)],
);

export const organizationDashboards = pgTable(
  'organization_dashboards',
  {
    organizationId: belongsTo(() => organizations.id),
    dashboardId: belongsTo(() => dashboards.id),
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
    id: serial().primaryKey(),
    dashboardId: belongsTo(() => dashboards.id),
    /** Null for an anonymous view of a public dashboard. */
    userId: integer().references(() => users.id, { onDelete: 'cascade' }),
    viewedAt: timeOfInsert(),
  },
  (t) => [
    index('dashboard_views_dashboard_idx').on(t.dashboardId, t.viewedAt),
    index('dashboard_views_user_idx').on(t.userId, t.dashboardId, t.viewedAt),
  ],
);
