import type { Database, Transaction } from '@app/db';
import * as schema from '@app/db/schema';
import { and, asc, eq, gt, ilike, inArray, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';

const { bookings, bookingChanges, users, closedDates, calendarFeeds } = schema;

type Db = Database | Transaction;

export interface ConsultationFilters {
  when: 'upcoming' | 'past' | 'all';
  status?: 'confirmed' | 'cancelled' | undefined;
  source?: 'form' | 'scheduling_service' | undefined;
  q?: string | undefined;
}

/** `%` and `_` typed in the search box mean themselves. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The consultations the filters pick (upcoming: starting after `now`), at most `limit`. */
export async function listBookings(db: Db, filters: ConsultationFilters, now: Date, limit = 1000) {
  const at = now.toISOString();
  const where: (SQL | undefined)[] = [];
  if (filters.when === 'upcoming') where.push(gt(bookings.startsAt, now));
  if (filters.when === 'past') where.push(lte(bookings.startsAt, now));
  if (filters.status) where.push(eq(bookings.status, filters.status));
  if (filters.source) where.push(eq(bookings.source, filters.source));
  const q = filters.q?.trim();
  if (q) {
    const pattern = likePattern(q);
    where.push(
      or(ilike(bookings.name, pattern), ilike(bookings.email, pattern), ilike(bookings.businessName, pattern)),
    );
  }
  return (
    db
      .select()
      .from(bookings)
      .where(and(...where))
      // Upcoming first (soonest first), then the past (latest first).
      .orderBy(
        sql`${bookings.startsAt} <= ${at}::timestamptz`,
        sql`case when ${bookings.startsAt} > ${at}::timestamptz then ${bookings.startsAt} end asc`,
        sql`${bookings.startsAt} desc`,
        asc(bookings.id),
      )
      .limit(limit)
  );
}

/** The history of these bookings, oldest first, with the administrator's name when one made the change. */
export async function changesOf(db: Db, bookingIds: number[]) {
  if (bookingIds.length === 0) return [];
  return db
    .select({
      change: bookingChanges,
      actorFirstName: users.firstName,
      actorLastName: users.lastName,
      actorEmail: users.email,
    })
    .from(bookingChanges)
    .leftJoin(users, eq(users.id, bookingChanges.actorUserId))
    .where(inArray(bookingChanges.bookingId, bookingIds))
    .orderBy(asc(bookingChanges.createdAt), asc(bookingChanges.id));
}

/** Confirmed bookings that start in [from, to), soonest first: the calendar feed. */
export async function confirmedBetween(db: Db, from: Date, to: Date) {
  return db
    .select()
    .from(bookings)
    .where(and(eq(bookings.status, 'confirmed'), gt(bookings.endsAt, from), lt(bookings.startsAt, to)))
    .orderBy(asc(bookings.startsAt));
}

export async function listClosedDates(db: Db) {
  return db.select().from(closedDates).orderBy(asc(closedDates.date));
}

/** Adds a closed date; null when the day is already in the list. */
export async function insertClosedDate(tx: Transaction, values: typeof closedDates.$inferInsert) {
  const [row] = await tx.insert(closedDates).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

/** Removes a closed date; null when the day was not in the list. */
export async function deleteClosedDate(tx: Transaction, date: string) {
  const [row] = await tx.delete(closedDates).where(eq(closedDates.date, date)).returning();
  return row ?? null;
}

export async function findLiveFeed(db: Db) {
  const [row] = await db.select().from(calendarFeeds).where(isNull(calendarFeeds.revokedAt));
  return row ?? null;
}

export async function findLiveFeedByHash(db: Db, tokenHash: string) {
  const [row] = await db
    .select({ id: calendarFeeds.id })
    .from(calendarFeeds)
    .where(and(eq(calendarFeeds.tokenHash, tokenHash), isNull(calendarFeeds.revokedAt)));
  return row ?? null;
}

/**
 * Revokes every live feed; returns how many there were. Serialized by a transaction-scoped lock, so two admins who
 * make a feed at the same moment do not leave two live ones.
 */
export async function revokeFeeds(tx: Transaction, at: Date) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('calendar_feeds'))`);
  const rows = await tx
    .update(calendarFeeds)
    .set({ revokedAt: at })
    .where(isNull(calendarFeeds.revokedAt))
    .returning({ id: calendarFeeds.id });
  return rows.length;
}

export async function insertFeed(tx: Transaction, values: typeof calendarFeeds.$inferInsert) {
  const [row] = await tx.insert(calendarFeeds).values(values).returning();
  if (!row) throw new Error('Could not store the calendar feed');
  return row;
}
