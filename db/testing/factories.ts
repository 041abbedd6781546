import type { Database } from '../src/client';
import { dashboards, memberships, organizationDashboards, organizations, users } from '../src/schema';

let counter = 0;
const next = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

export async function createUser(db: Database, overrides: Partial<typeof users.$inferInsert> = {}) {
  const [user] = await db
    .insert(users)
    .values({ email: `user-${next()}@example.com`, firstName: 'Test', lastName: 'User', ...overrides })
    .returning();
  if (!user) throw new Error('createUser failed');
  return user;
}

export async function createOrganization(db: Database, overrides: Partial<typeof organizations.$inferInsert> = {}) {
  const [org] = await db
    .insert(organizations)
    .values({ name: `Organization ${next()}`, ...overrides })
    .returning();
  if (!org) throw new Error('createOrganization failed');
  return org;
}

export async function createDashboard(db: Database, overrides: Partial<typeof dashboards.$inferInsert> = {}) {
  const [dashboard] = await db
    .insert(dashboards)
    .values({
      name: `Dashboard ${next()}`,
      category: 'Sales',
      type: 'PowerBI',
      embedUrl: 'https://app.powerbi.com/view?r=test',
      ...overrides,
    })
    .returning();
  if (!dashboard) throw new Error('createDashboard failed');
  return dashboard;
}

export async function addMembership(db: Database, organizationId: number, userId: number, role = 'Member') {
  await db.insert(memberships).values({ organizationId, userId, role });
}

export async function linkDashboard(db: Database, organizationId: number, dashboardId: number) {
  await db.insert(organizationDashboards).values({ organizationId, dashboardId });
}
