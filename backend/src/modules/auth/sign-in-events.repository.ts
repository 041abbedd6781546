import type { SignInEvent, SignInQuery } from '@app/contracts';
import type { Database } from '@app/db';
import * as schema from '@app/db/schema';
import { and, desc, eq, lt, sql } from 'drizzle-orm';

const { signInEvents } = schema;

/** One sign-in attempt (issue 17): by password, single sign-on or second factor; never a password or a code. */
export async function recordSignIn(db: Database, event: typeof signInEvents.$inferInsert): Promise<void> {
  await db.insert(signInEvents).values(event);
}

/**
 * The administrators' list: newest first, filtered by person (user id, or the address as typed, compared without
 * letter case), result and method; `limit` rows after the id `before` (keyset paging: stable while new rows arrive).
 */
export async function listSignIns(
  db: Database,
  query: SignInQuery,
): Promise<{ events: SignInEvent[]; nextBefore: number | null }> {
  const limit = query.limit ?? 50;
  const rows = await db
    .select()
    .from(signInEvents)
    .where(
      and(
        query.userId === undefined ? undefined : eq(signInEvents.userId, query.userId),
        query.email ? eq(sql`lower(${signInEvents.email})`, query.email.toLowerCase()) : undefined,
        query.result ? eq(signInEvents.result, query.result) : undefined,
        query.method ? eq(signInEvents.method, query.method) : undefined,
        query.before === undefined ? undefined : lt(signInEvents.id, query.before),
      ),
    )
    .orderBy(desc(signInEvents.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  return {
    events: page.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    nextBefore: rows.length > limit ? (page.at(-1)?.id ?? null) : null,
  };
}
