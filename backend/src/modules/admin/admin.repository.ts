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

/** Removes one link; returns the names of both sides, or null when there was no such link. */
export async function deleteLink(db: Db, organizationId: number, dashboardId: number) {
  const [row] = await db
    .delete(organizationDashboards)
    .where(
      and(
        eq(organizationDashboards.organizationId, organizationId),
        eq(organizationDashboards.dashboardId, dashboardId),
      ),
    )
    .returning({ organizationId: organizationDashboards.organizationId });
  if (!row) return null;
  const [names] = await db
    .select({ organizationName: organizations.name, dashboardName: dashboards.name })
    .from(organizations)
    .innerJoin(dashboards, eq(dashboards.id, dashboardId))
    .where(eq(organizations.id, organizationId));
  return names ?? null;
}

/** Removes one membership; returns the organization's name, the user's e-mail and the role, or null when none. */
export async function deleteMembership(db: Db, organizationId: number, userId: number) {
  const [row] = await db
    .delete(memberships)
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)))
    .returning({ role: memberships.role });
  if (!row) return null;
  const [names] = await db
    .select({ organizationName: organizations.name, userEmail: users.email })
    .from(organizations)
    .innerJoin(users, eq(users.id, userId))
    .where(eq(organizations.id, organizationId));
  return names ? { ...names, role: row.role } : null;
}

// Audit (D21)

/**
 * The target's name at the time of the action is kept in the row's `changes` under this key (no column of its own):
 * the audit list shows it even after the target is deleted. `listAudit` hands it out as `targetName`.
 */
const TARGET_NAME = 'targetName';

export async function audit(
  db: Db,
  entry: {
    actorId: number;
    actorEmail: string;
    action: string;
    targetType: string;
    targetId: string | number | null;
    /** The target's name or e-mail now, shown in the audit list (kept when the target is deleted later). */
    targetName?: string | null;
    changes?: Record<string, unknown>;
  },
) {
  const { targetName, changes, ...rest } = entry;
  const stored = targetName ? { ...changes, [TARGET_NAME]: targetName } : (changes ?? null);
  await db.insert(auditLog).values({
    ...rest,
    targetId: entry.targetId === null ? null : String(entry.targetId),
    changes: stored,
  });
}

const fullName = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ') || null;

/**
 * Newest first, with names instead of bare ids: the actor's current name (their e-mail is kept on the row), and the
 * target's name recorded with the action, else (rows written before names were recorded) its current name.
 */
export async function listAudit(db: Db, limit = 500): Promise<AuditEntry[]> {
  const rows = await db
    .select({
      entry: auditLog,
      actorFirstName: users.firstName,
      actorLastName: users.lastName,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);

  const idsOf = (type: string) => [
    ...new Set(
      rows
        .filter(({ entry }) => entry.targetType === type && /^\d{1,9}$/.test(entry.targetId ?? ''))
        .map(({ entry }) => Number(entry.targetId)),
    ),
  ];
  const [organizationIds, dashboardIds, userIds] = [idsOf('organization'), idsOf('dashboard'), idsOf('user')];
  const current = new Map<string, string>();
  if (organizationIds.length)
    for (const o of await db
      .select({ id: organizations.id, name: organizations.name })
      .from(organizations)
      .where(inArray(organizations.id, organizationIds)))
      current.set(`organization:${o.id}`, o.name);
  if (dashboardIds.length)
    for (const d of await db
      .select({ id: dashboards.id, name: dashboards.name })
      .from(dashboards)
      .where(inArray(dashboards.id, dashboardIds)))
      current.set(`dashboard:${d.id}`, d.name);
  if (userIds.length)
    for (const u of await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, userIds)))
      current.set(`user:${u.id}`, u.email);

  return rows.map(({ entry, actorFirstName, actorLastName }) => {
    const { [TARGET_NAME]: recorded, ...changes } = entry.changes ?? {};
    const targetName =
      (typeof recorded === 'string' ? recorded : null) ??
      current.get(`${entry.targetType}:${entry.targetId}`) ??
      (entry.targetType === 'user' && typeof changes.email === 'string' ? changes.email : null) ??
      (typeof changes.name === 'string' ? changes.name : null);
    return {
      ...entry,
      actorName: fullName(actorFirstName, actorLastName),
      targetName,
      changes: entry.changes === null ? null : changes,
      createdAt: entry.createdAt.toISOString(),
    };
  });
}
