import { generateToken, hashToken } from '@app/contracts/server';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../src/client';
import {
  dashboards,
  memberships,
  organizationDashboards,
  organizations,
  signInEvents,
  users,
  userTokens,
} from '../src/schema';

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

/** A user (as `createUser` makes them) who is a member of the organization, with the role `Member`. */
export async function createMember(
  db: Database,
  organizationId: number,
  overrides: Partial<typeof users.$inferInsert> = {},
) {
  const user = await createUser(db, overrides);
  await addMembership(db, organizationId, user.id);
  return user;
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

/** A dashboard (as `createDashboard` makes it) linked to each of `organizationIds`, without a data scope. */
export async function createLinkedDashboard(
  db: Database,
  organizationIds: number[],
  overrides: Partial<typeof dashboards.$inferInsert> = {},
) {
  const dashboard = await createDashboard(db, overrides);
  for (const organizationId of organizationIds) await linkDashboard(db, organizationId, dashboard.id);
  return dashboard;
}

/**
 * An invitation or reset link as the workers mint it (D7): only its hash in the table, good for `hours`; the raw
 * token is returned, for the test to follow the link.
 */
export async function issueUserToken(
  db: Database,
  userId: number,
  kind: (typeof userTokens.$inferInsert)['kind'],
  hours = 1,
) {
  const token = generateToken();
  await db
    .insert(userTokens)
    .values({ userId, kind, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + hours * 3600_000) });
  return token;
}

type SignIn = typeof signInEvents.$inferInsert;

/**
 * `count` password sign-ins of `user` (a list's pages, its filters): `each(i)` gives the i-th its result, its time and
 * anything else the test needs.
 */
export async function createSignIns(
  db: Database,
  user: { id: number; email: string },
  count: number,
  each: (i: number) => Partial<SignIn> & Pick<SignIn, 'result'>,
) {
  await db.insert(signInEvents).values(
    Array.from({ length: count }, (_, i) => ({
      userId: user.id,
      email: user.email,
      method: 'password' as const,
      ...each(i),
    })),
  );
}
