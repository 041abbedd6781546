import type { AuditEntry } from '@app/contracts';
import type { Database, Transaction } from '@app/db';
import { schema } from '@app/db';
import { desc, eq, inArray } from 'drizzle-orm';

const { organizations, dashboards, users, auditLog } = schema;

type Db = Database | Transaction;

/**
 * The target's name at the time of the action is kept in the row's `changes` under this key (no column of its own):
 * the audit list shows it even after the target is deleted. `listAudit` hands it out as `targetName`.
 */
const TARGET_NAME = 'targetName';

export interface AuditRow {
  actorId: number;
  actorEmail: string;
  action: string;
  targetType: string;
  targetId: string | number | null;
  /** The target's name or e-mail now, shown in the audit list (kept when the target is deleted later). */
  targetName?: string | null;
  changes?: Record<string, unknown>;
}

export async function insertAudit(db: Db, entry: AuditRow) {
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
