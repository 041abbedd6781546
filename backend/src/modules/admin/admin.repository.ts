import type {
  AdminDashboard,
  AdminOrganization,
  AdminUser,
  AuditEntry,
  OrganizationDashboardLink,
} from '@app/contracts';
import type { Database, Transaction } from '@app/db';
import { schema } from '@app/db';
import { and, asc, count, desc, eq, inArray, max, ne, sql } from 'drizzle-orm';

const { organizations, dashboards, dashboardViews, organizationDashboards, users, memberships, sessions, auditLog } =
  schema;

type Db = Database | Transaction;

// Organizations

const organizationView = (row: typeof organizations.$inferSelect): AdminOrganization => ({
  id: row.id,
  name: row.name,
  domain: row.domain,
  logoUrl: row.logoUrl,
  isActive: row.isActive,
  createdAt: row.createdAt.toISOString(),
});

export async function listOrganizations(db: Db) {
  const rows = await db.select().from(organizations).orderBy(desc(organizations.isActive), asc(organizations.name));
  return rows.map(organizationView);
}

export async function findOrganization(db: Db, id: number) {
  const [row] = await db.select().from(organizations).where(eq(organizations.id, id));
  return row ? organizationView(row) : null;
}

export async function insertOrganization(
  db: Db,
  values: { name: string; domain: string | null; logoUrl: string | null },
) {
  const [row] = await db.insert(organizations).values(values).returning();
  return organizationView(row!);
}

export async function updateOrganization(db: Db, id: number, values: Partial<typeof organizations.$inferInsert>) {
  const [row] = await db
    .update(organizations)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(organizations.id, id))
    .returning();
  return row ? organizationView(row) : null;
}

// Dashboards

export async function listDashboards(db: Db, ids?: number[]): Promise<AdminDashboard[]> {
  const views = db
    .select({
      dashboardId: dashboardViews.dashboardId,
      viewCount: count().as('view_count'),
      lastViewedAt: max(dashboardViews.viewedAt).as('last_viewed_at'),
    })
    .from(dashboardViews)
    .groupBy(dashboardViews.dashboardId)
    .as('views');
  const rows = await db
    .select({ dashboard: dashboards, viewCount: views.viewCount, lastViewedAt: views.lastViewedAt })
    .from(dashboards)
    .leftJoin(views, eq(views.dashboardId, dashboards.id))
    .where(ids ? inArray(dashboards.id, ids) : undefined)
    .orderBy(asc(dashboards.name), asc(dashboards.id));
  return rows.map(({ dashboard, viewCount, lastViewedAt }) => ({
    id: dashboard.id,
    name: dashboard.name,
    description: dashboard.description,
    category: dashboard.category,
    type: dashboard.type,
    embedUrl: dashboard.embedUrl,
    thumbnailUrl: dashboard.thumbnailUrl,
    isPublic: dashboard.isPublic,
    viewCount: Number(viewCount ?? 0),
    lastViewedAt: lastViewedAt ? new Date(lastViewedAt).toISOString() : null,
  }));
}

export async function insertDashboard(db: Db, values: typeof dashboards.$inferInsert) {
  const [row] = await db.insert(dashboards).values(values).returning({ id: dashboards.id });
  return row!.id;
}

export async function updateDashboard(db: Db, id: number, values: Partial<typeof dashboards.$inferInsert>) {
  const [row] = await db
    .update(dashboards)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(dashboards.id, id))
    .returning({ id: dashboards.id });
  return row?.id ?? null;
}

/** Its links to organizations and its views go with it (foreign keys cascade). */
export async function deleteDashboard(db: Db, id: number) {
  const [row] = await db
    .delete(dashboards)
    .where(eq(dashboards.id, id))
    .returning({ id: dashboards.id, name: dashboards.name });
  return row ?? null;
}

// Users

export async function listUsers(db: Db, ids?: number[]): Promise<AdminUser[]> {
  const rows = await db
    .select()
    .from(users)
    .where(ids ? inArray(users.id, ids) : undefined)
    .orderBy(asc(users.email));
  if (!rows.length) return [];
  const orgs = await db
    .select({ userId: memberships.userId, id: organizations.id, name: organizations.name })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(
      inArray(
        memberships.userId,
        rows.map((u) => u.id),
      ),
    )
    .orderBy(asc(organizations.name));
  return rows.map((user) => ({
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    isAdmin: user.isAdmin,
    isActive: user.isActive,
    hasLoggedIn: user.hasLoggedIn,
    accountSetupComplete: user.accountSetupComplete,
    lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
    createdAt: user.createdAt.toISOString(),
    organizations: orgs.filter((o) => o.userId === user.id).map(({ id, name }) => ({ id, name })),
  }));
}

export async function findUserRow(db: Db, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row ?? null;
}

export async function findUserRowByEmail(db: Db, email: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  return row ?? null;
}

export async function emailTaken(db: Db, email: string, exceptId?: number) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, email.toLowerCase()), exceptId ? ne(users.id, exceptId) : undefined));
  return Boolean(row);
}

export async function insertUser(db: Db, values: typeof users.$inferInsert) {
  const [row] = await db.insert(users).values(values).returning({ id: users.id });
  return row!.id;
}

export async function updateUser(db: Db, id: number, values: Partial<typeof users.$inferInsert>) {
  await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id));
}

export async function deleteUser(db: Db, id: number) {
  await db.delete(users).where(eq(users.id, id));
}

export async function endSessions(db: Db, userId: number) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export async function organizationIdsOf(db: Db, userId: number) {
  const rows = await db
    .select({ id: memberships.organizationId })
    .from(memberships)
    .where(eq(memberships.userId, userId));
  return rows.map((r) => r.id);
}

export async function addMembership(db: Db, organizationId: number, userId: number, role: string) {
  const rows = await db.insert(memberships).values({ organizationId, userId, role }).onConflictDoNothing().returning();
  return rows.length > 0;
}

export async function removeMemberships(db: Db, userId: number, organizationIds: number[]) {
  if (!organizationIds.length) return;
  await db
    .delete(memberships)
    .where(and(eq(memberships.userId, userId), inArray(memberships.organizationId, organizationIds)));
}

export async function existingOrganizationIds(db: Db, ids: number[]) {
  if (!ids.length) return [];
  const rows = await db.select({ id: organizations.id }).from(organizations).where(inArray(organizations.id, ids));
  return rows.map((r) => r.id);
}

// Organization-dashboard links

export async function listLinks(db: Db): Promise<OrganizationDashboardLink[]> {
  return db
    .select({
      organizationId: organizations.id,
      organizationName: organizations.name,
      dashboardId: dashboards.id,
      dashboardName: dashboards.name,
      dashboardCategory: dashboards.category,
      dashboardType: dashboards.type,
    })
    .from(organizationDashboards)
    .innerJoin(organizations, eq(organizations.id, organizationDashboards.organizationId))
    .innerJoin(dashboards, eq(dashboards.id, organizationDashboards.dashboardId))
    .orderBy(asc(organizations.name), asc(dashboards.name));
}

export async function insertLink(db: Db, organizationId: number, dashboardId: number) {
  const rows = await db
    .insert(organizationDashboards)
    .values({ organizationId, dashboardId })
    .onConflictDoNothing()
    .returning();
  return rows.length > 0;
}

// Audit (D21)

export async function audit(
  db: Db,
  entry: {
    actorId: number;
    actorEmail: string;
    action: string;
    targetType: string;
    targetId: string | number | null;
    changes?: Record<string, unknown>;
  },
) {
  await db.insert(auditLog).values({
    ...entry,
    targetId: entry.targetId === null ? null : String(entry.targetId),
    changes: entry.changes ?? null,
  });
}

export async function listAudit(db: Db, limit = 500): Promise<AuditEntry[]> {
  const rows = await db.select().from(auditLog).orderBy(desc(auditLog.createdAt), desc(auditLog.id)).limit(limit);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}
