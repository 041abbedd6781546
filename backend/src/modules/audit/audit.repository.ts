import type { AuditEntry } from '@app/contracts';
import type { Database, Transaction } from '@app/db';
import * as schema from '@app/db/schema';
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

/** Where the current name of each kind of target is read: an organization's and a dashboard's name, a user's e-mail. */
const CURRENT_NAMES = [
  ['organization', organizations, organizations.name],
  ['dashboard', dashboards, dashboards.name],
  ['user', users, users.email],
] as const;

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
  const current = new Map<string, string>();
  for (const [type, table, name] of CURRENT_NAMES) {
    const ids = idsOf(type);
    if (!ids.length) continue;
    for (const row of await db.select({ id: table.id, name }).from(table).where(inArray(table.id, ids)))
      current.set(`${type}:${row.id}`, row.name);
  }

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
