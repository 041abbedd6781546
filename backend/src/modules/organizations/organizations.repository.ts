import {
  type AdminOrganization,
  type AdminOrganizationListItem,
  type OrganizationListQuery,
  type OrganizationMember,
  personName,
} from '@app/contracts';
import type { Database, Transaction } from '@app/db';
import { updateEdited } from '@app/db/queries/edited-rows';
import * as lists from '@app/db/queries/list-query';
import * as schema from '@app/db/schema';
import { desc, eq, exists, inArray, sql } from 'drizzle-orm';

const { organizations, memberships, organizationDashboards, organizationSso } = schema;

type Db = Database | Transaction;

const organizationView = (row: typeof organizations.$inferSelect): AdminOrganization => ({
  id: row.id,
  name: row.name,
  domain: row.domain,
  logoUrl: row.logoUrl,
  googleGroup: row.googleGroup,
  isActive: row.isActive,
  createdAt: row.createdAt.toISOString(),
});

const organizationSort: lists.SortSpec<NonNullable<OrganizationListQuery['sort']>> = {
  by: {
    name: sql`lower(${organizations.name})`,
    domain: sql`lower(${organizations.domain})`,
    isActive: organizations.isActive,
    createdAt: organizations.createdAt,
    id: organizations.id,
  },
  // Active first, inactive after them (spec section 2), each by name.
  fallback: [desc(organizations.isActive), sql`lower(${organizations.name})`],
  tieBreak: [organizations.id],
};

const organizationFilter = (query: OrganizationListQuery) =>
  lists.allOf(
    lists.containsAny([organizations.name, organizations.domain], query.q),
    lists.stateIf(organizations.isActive, query.status, 'active'),
  );

/**
 * One page (or all) of the organizations list, filtered and sorted, each with its members, dashboards and whether it
 * has SSO (issue 27): one query, the counts as subqueries of the page's rows (both read the primary key's index).
 */
export async function listOrganizationPage(
  db: Db,
  query: OrganizationListQuery,
  page: lists.Page | null,
): Promise<AdminOrganizationListItem[]> {
  const select = db
    .select({
      row: organizations,
      memberCount: db.$count(memberships, eq(memberships.organizationId, organizations.id)),
      dashboardCount: db.$count(organizationDashboards, eq(organizationDashboards.organizationId, organizations.id)),
      ssoEnabled: exists(
        db.select({ one: sql`1` }).from(organizationSso).where(eq(organizationSso.organizationId, organizations.id)),
      ),
    })
    .from(organizations)
    .where(organizationFilter(query))
    .orderBy(...lists.orderOf(organizationSort, query))
    .$dynamic();
  const rows = await lists.paged(select, page);
  return rows.map(({ row, memberCount, dashboardCount, ssoEnabled }) => ({
    ...organizationView(row),
    memberCount: Number(memberCount),
    dashboardCount: Number(dashboardCount),
    ssoEnabled: Boolean(ssoEnabled),
  }));
}

/** How many organizations the list's filters keep. */
export const countOrganizations = (db: Db, query: OrganizationListQuery) =>
  lists.countWhere(db, organizations, organizationFilter(query));

export async function findOrganization(db: Db, id: number) {
  const [row] = await db.select().from(organizations).where(eq(organizations.id, id));
  return row ? organizationView(row) : null;
}

/** Which of these ids are organizations. */
export async function existingOrganizationIds(db: Db, ids: number[]) {
  if (!ids.length) return [];
  const rows = await db.select({ id: organizations.id }).from(organizations).where(inArray(organizations.id, ids));
  return rows.map((r) => r.id);
}

export async function insertOrganization(
  db: Db,
  values: { name: string; domain: string | null; logoUrl: string | null },
) {
  const [row] = await db.insert(organizations).values(values).returning();
  return organizationView(row!);
}

export async function updateOrganization(db: Db, id: number, values: Partial<typeof organizations.$inferInsert>) {
  const row = await updateEdited(db, organizations, id, values);
  return row ? organizationView(row) : null;
}

/** The organization's members (issue 27), by e-mail, each with their role in it. */
export async function organizationMembers(db: Db, organizationId: number): Promise<OrganizationMember[]> {
  const { users, memberships } = schema;
  const rows = await db
    .select({
      id: users.id,
      ...schema.personNameColumns,
      role: memberships.role,
      isActive: users.isActive,
      isAdmin: users.isAdmin,
      lastLoginAt: users.lastLoginAt,
      memberSince: memberships.createdAt,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.organizationId, organizationId))
    .orderBy(sql`lower(${users.email})`, users.id);
  return rows.map(({ firstName, lastName, lastLoginAt, memberSince, ...row }) => ({
    ...row,
    name: personName({ firstName, lastName }),
    lastLoginAt: lastLoginAt?.toISOString() ?? null,
    memberSince: memberSince.toISOString(),
  }));
}
