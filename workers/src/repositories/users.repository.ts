import { hashToken } from '@app/contracts';
import type { Database } from '@app/db';
import { schema } from '@app/db';
import { and, eq, isNull, sql } from 'drizzle-orm';

const { users, userTokens } = schema;

export async function findActiveUser(db: Database, id: number) {
  const [user] = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(users)
    .where(and(eq(users.id, id), eq(users.isActive, true)));
  return user ?? null;
}

/** Stores a new token's hash and retires the user's older tokens of the same kind (newest only, D5 and D6). */
export async function issueUserToken(
  db: Database,
  userId: number,
  kind: 'registration' | 'password_reset',
  token: string,
  expiresAt: Date,
) {
  await db.transaction(async (tx) => {
    await tx
      .update(userTokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(userTokens.userId, userId), eq(userTokens.kind, kind), isNull(userTokens.usedAt)));
    await tx.insert(userTokens).values({ userId, kind, tokenHash: hashToken(token), expiresAt });
  });
}
