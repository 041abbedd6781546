import type { Transaction } from '@app/db';
import * as schema from '@app/db/schema';
import { and, count, eq, gt, or, type SQLWrapper, sql } from 'drizzle-orm';

const { auditLog, bookings, contactMessages, dashboardViews, emailDeliveries, leads, signInEvents, users } = schema;

export type Db = Pick<Transaction, 'select' | 'update' | 'delete' | 'execute'>;

/** The address as stored, compared case-insensitively (D4: addresses are one person whatever their case). */
export const sameAddress = (column: SQLWrapper, email: string) => eq(sql`lower(${column})`, email);

/**
 * A regular expression (PostgreSQL's, case-insensitive with `~*`) that finds the address as a whole inside any text:
 * not when it is the tail of a longer address (`xann@example.com` does not name `ann@example.com`), nor the head of a
 * longer domain (`ann@example.com.au`).
 */
export const addressPattern = (email: string) =>
  `(?<![A-Za-z0-9._%+-])${email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![A-Za-z0-9_-]|\\.[A-Za-z0-9])`;

/** Held until the transaction ends: erases of one address run one after the other. */
export async function lockAddress(db: Db, email: string) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`erase:${email}`}, 0))`);
}

export async function findAccount(db: Db, email: string) {
  const [user] = await db.select().from(users).where(sameAddress(users.email, email));
  return user ?? null;
}

export async function countActiveAdmins(db: Db) {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.isAdmin, true), eq(users.isActive, true)));
  return row?.n ?? 0;
}

export async function upcomingBookings(db: Db, email: string, now: Date) {
  return db
    .select({ id: bookings.id, startsAt: bookings.startsAt })
    .from(bookings)
    .where(and(sameAddress(bookings.email, email), eq(bookings.status, 'confirmed'), gt(bookings.startsAt, now)));
}

/** Rows removed or anonymized by an erase, per kind. */
export interface ErasedCounts {
  contactMessages: number;
  bookings: number;
  leads: number;
  dashboardViews: number;
  auditEntries: number;
  signInEvents: number;
  emailDeliveries: number;
  otherRows: number;
}

/**
 * Erases the address inside the caller's transaction: its contact messages and bookings (with their history and
 * link tokens) and their lead deleted; the account deleted with its sessions, memberships, tokens and dashboard views; the audit
 * entries, sign-in events and e-mail delivery records that named it keep `marker` instead (and lose the internet
 * address and browser). Last, every other text or JSON column of every table (read from information_schema, so a
 * table added later is covered too) has the address replaced by `marker`.
 */
export async function erasePersonalData(
  db: Db,
  email: string,
  account: { id: number } | null,
  marker: string,
): Promise<ErasedCounts> {
  const pattern = addressPattern(email);
  const contact = await db
    .delete(contactMessages)
    .where(sameAddress(contactMessages.email, email))
    .returning({ id: contactMessages.id });
  const booked = await db.delete(bookings).where(sameAddress(bookings.email, email)).returning({ id: bookings.id });
  // Their lead (issue 27) goes with its messages and bookings: keyed by the trimmed address, notes and all.
  const lead = await db.delete(leads).where(eq(leads.email, email.trim())).returning({ id: leads.id });
  const userId = account?.id ?? -1;
  const views = await db
    .delete(dashboardViews)
    .where(eq(dashboardViews.userId, userId))
    .returning({ id: dashboardViews.id });
  const audit = await anonymizeAuditEntries(db, pattern, userId, marker);
  const signIns = await db
    .update(signInEvents)
    .set({ email: marker, ipAddress: null, userAgent: null })
    .where(or(eq(signInEvents.userId, userId), sql`${signInEvents.email} ~* ${pattern}`))
    .returning({ id: signInEvents.id });
  const deliveries = await db
    .update(emailDeliveries)
    .set({ recipient: marker })
    .where(sql`${emailDeliveries.recipient} ~* ${pattern}`)
    .returning({ id: emailDeliveries.id });
  if (account) await db.delete(users).where(eq(users.id, account.id));
  const otherRows = await scrubEverywhere(db, pattern, marker);
  return {
    contactMessages: contact.length,
    bookings: booked.length,
    leads: lead.length,
    dashboardViews: views.length,
    auditEntries: audit,
    signInEvents: signIns.length,
    emailDeliveries: deliveries.length,
    otherRows,
  };
}

/**
 * The audit entries that name the person keep only the marker (issue 26): an entry about their account (its target)
 * keeps which fields changed, never a value (`lastName` from and to, an address they had before, their e-mail as the
 * target's name); in any other entry each value that names their address is replaced whole (a booking's target name
 * "Erin Example <erin@...>" loses the name with the address); their own actions keep the marker as actor. The list's
 * search text follows (a generated column). How many entries changed.
 */
async function anonymizeAuditEntries(db: Db, pattern: string, userId: number, marker: string) {
  const isTarget = and(eq(auditLog.targetType, 'user'), eq(auditLog.targetId, String(userId)));
  const rows = await db
    .select({
      id: auditLog.id,
      changes: auditLog.changes,
      isTarget: sql<boolean>`coalesce(${isTarget}, false)`,
      isActor: sql<boolean>`coalesce(${auditLog.actorEmail} ~* ${pattern}, false)`,
    })
    .from(auditLog)
    .where(or(sql`${auditLog.actorEmail} ~* ${pattern}`, sql`${auditLog.changes}::text ~* ${pattern}`, isTarget));
  const address = new RegExp(pattern, 'i');
  for (const row of rows)
    await db
      .update(auditLog)
      .set({
        ...(row.isActor ? { actorEmail: marker } : {}),
        ...(row.isTarget ? { targetId: marker } : {}),
        changes: anonymized(row.changes, row.isTarget ? null : address, marker) as Record<string, unknown> | null,
      })
      .where(eq(auditLog.id, row.id));
  return rows.length;
}

/** `value` with every leaf that names the address (every leaf at all when `address` is null) replaced by `marker`. */
function anonymized(value: unknown, address: RegExp | null, marker: string): unknown {
  if (value === null || value === undefined) return value;
  if (Array.isArray(value)) return value.map((inner) => anonymized(inner, address, marker));
  if (typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, anonymized(inner, address, marker)]));
  if (!address) return marker;
  return typeof value === 'string' && address.test(value) ? marker : value;
}

/**
 * Every text and JSON column of the app's tables that can be written: a generated column (audit_log.search_text)
 * cannot be set, and PostgreSQL computes it again from the scrubbed columns of its row.
 */
async function textColumns(db: Pick<Db, 'execute'>) {
  const rows = await db.execute<{ table_name: string; column_name: string; data_type: string }>(sql`
    select c.table_name, c.column_name, c.data_type
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = 'public' and t.table_type = 'BASE TABLE' and c.is_generated = 'NEVER'
      and c.data_type in ('text', 'character varying', 'character', 'json', 'jsonb')
    order by c.table_name, c.column_name`);
  return [...rows];
}

/** Replaces the address wherever it is still written; how many rows changed. */
async function scrubEverywhere(db: Db, pattern: string, marker: string) {
  let changed = 0;
  for (const { table_name: table, column_name: column, data_type: type } of await textColumns(db)) {
    const json = type === 'json' || type === 'jsonb';
    const col = sql.identifier(column);
    const asText = json ? sql`${col}::text` : col;
    const replaced = sql`regexp_replace(${asText}, ${pattern}, ${marker}, 'gi')`;
    const value = json ? sql`${replaced}::${sql.raw(type)}` : replaced;
    const result = await db.execute(
      sql`update ${sql.identifier(table)} set ${col} = ${value} where ${asText} ~* ${pattern}`,
    );
    changed += (result as unknown as { count?: number }).count ?? 0;
  }
  return changed;
}
