import { type AuditEntry, type AuditListQuery, ERASED_PERSON, isErasedMarker, personName } from '@app/contracts';
import type { Database, Transaction } from '@app/db';
import {
  allOf,
  contains,
  containsLowered,
  countWhere,
  orderOf,
  type Page,
  paged,
  type SortSpec,
} from '@app/db/queries/list-query';
import * as schema from '@app/db/schema';
import { desc, eq, inArray, sql } from 'drizzle-orm';

const { organizations, dashboards, users, auditLog } = schema;

type Db = Database | Transaction;

/**
 * The target's name at the time of the action is kept in the row's `changes` under this key (no column of its own):
 * the audit list shows it even after the target is deleted. `listAuditPage` hands it out as `targetName`.
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

/** The most entries the list answers without `page` (newest first), as it always has. */
const WHOLE_LIST_LIMIT = 500;

const auditSort: SortSpec<NonNullable<AuditListQuery['sort']>> = {
  by: {
    createdAt: auditLog.createdAt,
    action: auditLog.action,
    actorEmail: sql`lower(${auditLog.actorEmail})`,
    targetType: auditLog.targetType,
  },
  fallback: [desc(auditLog.createdAt)],
  // Ids grow with time: entries of the same instant keep the order they were written in, either way.
  tieBreak: [auditLog.id],
  tieBreakFollowsOrder: true,
};

/** `to` is a whole day: up to the start of the next one. */
const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString();

const auditFilter = (query: AuditListQuery) =>
  allOf(
    contains(auditLog.actorEmail, query.actor),
    contains(auditLog.action, query.action),
    contains(auditLog.targetType, query.targetType),
    // Who, the action, the target's type, id and recorded name: one stored text with a trigram index (migration 0015).
    containsLowered(auditLog.searchText, query.q),
    query.from === undefined ? undefined : sql`${auditLog.createdAt} >= ${`${query.from}T00:00:00Z`}::timestamptz`,
    query.to === undefined ? undefined : sql`${auditLog.createdAt} < ${dayAfter(query.to)}::timestamptz`,
  );

/** How many entries the list's filters keep. */
export const countAudit = (db: Db, query: AuditListQuery) => countWhere(db, auditLog, auditFilter(query));

/**
 * Newest first unless sorted otherwise, one page (or the newest 500), with names instead of bare ids: the actor's
 * current name (their e-mail is kept on the row), and the target's name recorded with the action, else (rows written
 * before names were recorded) its current name.
 */
export async function listAuditPage(db: Db, query: AuditListQuery, page: Page | null): Promise<AuditEntry[]> {
  const select = db
    .select({ entry: schema.auditEntryColumns, actor: schema.personNameColumns })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(auditFilter(query))
    .orderBy(...orderOf(auditSort, query))
    .$dynamic();
  const rows = await paged(select, page ?? { limit: WHOLE_LIST_LIMIT, offset: 0 });

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
  const organizationNames = await namesOfOrganizations(
    db,
    rows.flatMap(({ entry }) => organizationIdsIn(entry.changes)),
  );

  return rows.map(({ entry, actor }) => {
    const { [TARGET_NAME]: recorded, ...changes } = entry.changes ?? {};
    const targetErased = isErasedMarker(entry.targetId);
    const targetName = targetErased
      ? ERASED_PERSON
      : ((typeof recorded === 'string' ? recorded : null) ??
        current.get(`${entry.targetType}:${entry.targetId}`) ??
        (entry.targetType === 'user' && typeof changes.email === 'string' ? changes.email : null) ??
        (typeof changes.name === 'string' ? changes.name : null));
    const actorErased = isErasedMarker(entry.actorEmail);
    return {
      ...entry,
      actorEmail: actorErased ? null : entry.actorEmail,
      actorName: actorErased ? ERASED_PERSON : actor && personName(actor),
      targetName: isErasedMarker(targetName) ? ERASED_PERSON : targetName,
      changes: entry.changes === null ? null : readableChanges(changes, organizationNames),
      createdAt: entry.createdAt.toISOString(),
    };
  });
}

/** The organization ids a user's change names (`organizationIds: { from: [1, 2], to: [2, 3] }`). */
function organizationIdsIn(changes: Record<string, unknown> | null): number[] {
  const change = changes?.organizationIds;
  if (!change || typeof change !== 'object') return [];
  const { from, to } = change as { from?: unknown; to?: unknown };
  return [from, to].flatMap((ids) => (Array.isArray(ids) ? ids.filter((id) => Number.isSafeInteger(id)) : []));
}

async function namesOfOrganizations(db: Db, ids: number[]) {
  const unique = [...new Set(ids)].filter((id) => id > 0 && id <= 2_147_483_647);
  if (!unique.length) return new Map<number, string>();
  const rows = await db
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(inArray(organizations.id, unique));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/**
 * The changes as people read them (issue 27), ids kept: a change of organizations also by name (`organizations`,
 * 'Organization 7' for one deleted since), and an erase's marker as 'Erased person', never the marker.
 */
function readableChanges(changes: Record<string, unknown>, organizationNames: Map<number, string>) {
  const erasedOut = (value: unknown): unknown => {
    if (isErasedMarker(value as string)) return ERASED_PERSON;
    if (Array.isArray(value)) return value.map(erasedOut);
    if (value && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, erasedOut(inner)]));
    return value;
  };
  const readable = erasedOut(changes) as Record<string, unknown>;
  const ids = changes.organizationIds as { from?: unknown; to?: unknown } | undefined;
  if (ids && typeof ids === 'object' && (Array.isArray(ids.from) || Array.isArray(ids.to))) {
    const named = (list: unknown) =>
      Array.isArray(list) ? list.map((id) => organizationNames.get(id as number) ?? `Organization ${id}`) : list;
    readable.organizations = { from: named(ids.from), to: named(ids.to) };
  }
  return readable;
}
