import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
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
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('dashboards_public_idx').on(t.isPublic)],
);

export const organizationDashboards = pgTable(
  'organization_dashboards',
  {
    organizationId: integer()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    dashboardId: integer()
      .notNull()
      .references(() => dashboards.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
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
    dashboardId: integer()
      .notNull()
      .references(() => dashboards.id, { onDelete: 'cascade' }),
    /** Null for an anonymous view of a public dashboard. */
    userId: integer().references(() => users.id, { onDelete: 'cascade' }),
    viewedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('dashboard_views_dashboard_idx').on(t.dashboardId, t.viewedAt),
    index('dashboard_views_user_idx').on(t.userId, t.dashboardId, t.viewedAt),
  ],
);
