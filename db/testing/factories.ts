import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../src/client';
import { dashboards, memberships, organizationDashboards, organizations, users } from '../src/schema';

let counter = 0;
const next = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

/** A factory of `table`'s rows: inserts one with fresh defaults, then the test's overrides, and returns it. */
function factory<T extends PgTable>(name: string, table: T, defaults: () => T['$inferInsert']) {
  return async (db: Database, overrides: Partial<T['$inferInsert']> = {}): Promise<T['$inferSelect']> => {
    const [row] = await db
      .insert(table)
      .values({ ...defaults(), ...overrides })
      .returning();
    if (!row) throw new Error(`${name} failed`);
    return row;
  };
}

export const createUser = factory('createUser', users, () => ({
  email: `user-${next()}@example.com`,
  firstName: 'Test',
  lastName: 'User',
}));

export const createOrganization = factory('createOrganization', organizations, () => ({
  name: `Organization ${next()}`,
}));

export const createDashboard = factory('createDashboard', dashboards, () => ({
  name: `Dashboard ${next()}`,
  category: 'Sales',
  type: 'PowerBI',
  embedUrl: 'https://app.powerbi.com/view?r=test',
}));

export async function addMembership(db: Database, organizationId: number, userId: number, role = 'Member') {
  await db.insert(memberships).values({ organizationId, userId, role });
}

/** `dataScope`: what the organization may see of a token-mode dashboard (issue 14); none by default. */
export async function linkDashboard(
  db: Database,
  organizationId: number,
  dashboardId: number,
  dataScope: Record<string, unknown> | null = null,
) {
  await db.insert(organizationDashboards).values({ organizationId, dashboardId, dataScope });
}
