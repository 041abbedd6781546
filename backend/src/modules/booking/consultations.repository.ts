import type { ConsultationListQuery } from '@app/contracts';
import type { Database, Transaction } from '@app/db';
import * as lists from '@app/db/queries/list-query';
import * as schema from '@app/db/schema';
import { and, asc, eq, gt, inArray, isNull, lt, lte, type SQL, sql } from 'drizzle-orm';

const { bookings, bookingChanges, users, closedDates, calendarFeeds } = schema;

type Db = Database | Transaction;

type ConsultationSort = NonNullable<ConsultationListQuery['sort']>;

/**
 * How the list sorts (decision 038): by a column, ties broken by id; without a sort, upcoming first (soonest first),
 * then the past (latest first), as the list always showed it. Which is which depends on `now`.
 */
const consultationSort = (now: Date): lists.SortSpec<ConsultationSort> => {
  const at = now.toISOString();
  return {
    by: {
      startsAt: bookings.startsAt,
      name: sql`lower(${bookings.name})`,
      email: sql`lower(${bookings.email})`,
      businessName: sql`lower(coalesce(${bookings.businessName}, ''))`,
      status: bookings.status,
      source: bookings.source,
      createdAt: bookings.createdAt,
      id: bookings.id,
    },
    fallback: [
      sql`${bookings.startsAt} <= ${at}::timestamptz`,
      sql`case when ${bookings.startsAt} > ${at}::timestamptz then ${bookings.startsAt} end asc`,
      sql`${bookings.startsAt} desc`,
    ],
    tieBreak: [bookings.id],
  };
};

/** The conditions of the filters and the search (`%` and `_` typed in the search box mean themselves). */
function consultationFilter(query: ConsultationListQuery, now: Date): SQL | undefined {
  return lists.allOf(
    query.when === 'upcoming' ? gt(bookings.startsAt, now) : undefined,
    query.when === 'past' ? lte(bookings.startsAt, now) : undefined,
    lists.equalsIf(bookings.status, query.status),
    lists.equalsIf(bookings.source, query.source),
    lists.containsAny([bookings.name, bookings.email, bookings.businessName], query.q),
  );
}

/** The whole list (no page) holds at most this many, as it always did. */
const WHOLE_LIST_LIMIT = 1000;

/** One page of the consultations the query picks (upcoming: starting after `now`), or the list's first 1,000. */
export async function listBookings(db: Db, query: ConsultationListQuery, now: Date, page: lists.Page | null) {
  const order = lists.orderOf(consultationSort(now), query);
  return lists.sortedPage(
    db,
    bookings,
    consultationFilter(query, now),
    order,
    page ?? { limit: WHOLE_LIST_LIMIT, offset: 0 },
  );
}

/** How many consultations the query picks (all pages). */
export const countBookings = (db: Db, query: ConsultationListQuery, now: Date): Promise<number> =>
  lists.countWhere(db, bookings, consultationFilter(query, now));

/** The history of these bookings, oldest first, with the administrator's name when one made the change. */
export async function changesOf(db: Db, bookingIds: number[]) {
  if (bookingIds.length === 0) return [];
  return db
    .select({ change: bookingChanges, actor: schema.personNameColumns })
    .from(bookingChanges)
    .leftJoin(users, eq(users.id, bookingChanges.actorUserId))
    .where(inArray(bookingChanges.bookingId, bookingIds))
    .orderBy(asc(bookingChanges.createdAt), asc(bookingChanges.id));
}

/** The confirmed bookings of a day (yyyy-MM-dd in the company's zone), soonest first: closing it warns of them. */
export async function confirmedOn(db: Db, date: string) {
  return db
    .select()
    .from(bookings)
    .where(and(eq(bookings.status, 'confirmed'), eq(bookings.date, date)))
    .orderBy(asc(bookings.startsAt), asc(bookings.id));
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
