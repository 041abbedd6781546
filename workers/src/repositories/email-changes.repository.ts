import { hashToken } from '@app/contracts/server';
import type { Database } from '@app/db';
import * as schema from '@app/db/schema';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';

const { users, emailChanges } = schema;

/** A request to change an e-mail address (issue 12), with the user who asked. */
export async function findEmailChange(db: Database, id: number) {
  const [row] = await db
    .select({
      change: emailChanges,
      user: { id: users.id, email: users.email, firstName: users.firstName, isActive: users.isActive },
    })
    .from(emailChanges)
    .innerJoin(users, eq(users.id, emailChanges.userId))
    .where(eq(emailChanges.id, id));
  return row ?? null;
}

/** The account (other than this user's) that already has the address, compared case-insensitively (D4). */
export async function findOtherUserWithEmail(db: Database, email: string, userId: number) {
  const [row] = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, email.toLowerCase()), ne(users.id, userId)));
  return row ?? null;
}

/**
 * Stores the hash of the link's token (D7) on a request that is still pending; a newer token of a retried job
 * replaces the older one. False when the request was used or replaced meanwhile.
 */
export async function storeEmailChangeToken(db: Database, id: number, token: string, expiresAt: Date) {
  const rows = await db
    .update(emailChanges)
    .set({ tokenHash: hashToken(token), expiresAt })
    .where(and(eq(emailChanges.id, id), isNull(emailChanges.usedAt)))
    .returning({ id: emailChanges.id });
  return rows.length > 0;
}
