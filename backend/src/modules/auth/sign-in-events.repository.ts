import { ERASED_PERSON, isErasedMarker, personName, type SignInEvent, type SignInListQuery } from '@app/contracts';
import type { Database } from '@app/db';
import * as lists from '@app/db/queries/list-query';
import * as schema from '@app/db/schema';
import { desc, eq, sql } from 'drizzle-orm';
import { describeUserAgent } from '../../lib/user-agent';

const { signInEvents, users, organizations } = schema;

/** One sign-in attempt (issue 17): by password, single sign-on or second factor; never a password or a code. */
export async function recordSignIn(db: Database, event: typeof signInEvents.$inferInsert): Promise<void> {
  await db.insert(signInEvents).values(event);
}

/** The most attempts the list answers without `page` (newest first), as the audit does. */
const WHOLE_LIST_LIMIT = 500;

const signInSort: lists.SortSpec<NonNullable<SignInListQuery['sort']>> = {
  by: {
    createdAt: signInEvents.createdAt,
    email: sql`lower(${signInEvents.email})`,
    method: signInEvents.method,
    result: signInEvents.result,
  },
  fallback: [desc(signInEvents.createdAt)],
  // Ids grow with time: attempts of the same instant keep the order they were made in, either way.
  tieBreak: [signInEvents.id],
  tieBreakFollowsOrder: true,
};

const personNameSql = sql<string>`concat_ws(' ', ${users.firstName}, ${users.lastName})`;

/**
 * The filters: `q` in the address as typed or the account's name; `email` the address in any letter case; the
 * account, result and method. Searched through the join with the account (the name is not on the row).
 */
const signInFilter = (query: SignInListQuery) =>
  lists.allOf(
    lists.containsAny([signInEvents.email, personNameSql], query.q),
    query.email ? eq(sql`lower(${signInEvents.email})`, query.email.toLowerCase()) : undefined,
    lists.equalsIf(signInEvents.userId, query.userId),
    lists.equalsIf(signInEvents.result, query.result),
    lists.equalsIf(signInEvents.method, query.method),
  );

/** How many attempts the list's filters keep. */
export async function countSignIns(db: Database, query: SignInListQuery): Promise<number> {
  if (!query.q) return lists.countWhere(db, signInEvents, signInFilter(query));
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(signInEvents)
    .leftJoin(users, eq(users.id, signInEvents.userId))
    .where(signInFilter(query));
  return row?.n ?? 0;
}

/**
 * The administrators' list (issue 27): newest first unless sorted otherwise, one page (or the newest 500), each
 * attempt with the names it refers to resolved on the server, ids kept: the person's current name ('Erased person'
 * once their data was erased, never the marker an erase left) and the single sign-on organization's name.
 */
export async function listSignInPage(
  db: Database,
  query: SignInListQuery,
  page: lists.Page | null,
): Promise<SignInEvent[]> {
  const select = db
    .select({ event: signInEvents, person: schema.personNameColumns, organizationName: organizations.name })
    .from(signInEvents)
    .leftJoin(users, eq(users.id, signInEvents.userId))
    .leftJoin(organizations, eq(organizations.id, signInEvents.organizationId))
    .where(signInFilter(query))
    .orderBy(...lists.orderOf(signInSort, query))
    .$dynamic();
  const rows = await lists.paged(select, page ?? { limit: WHOLE_LIST_LIMIT, offset: 0 });
  return rows.map(({ event, person, organizationName }) => {
    const erased = isErasedMarker(event.email);
    const { browser, os } = describeUserAgent(event.userAgent);
    return {
      ...event,
      personName: erased ? ERASED_PERSON : person && personName(person),
      erased,
      organizationName,
      browser,
      system: os,
      createdAt: event.createdAt.toISOString(),
    };
  });
}
