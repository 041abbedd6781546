import { hashToken } from '@app/contracts/server';
import type { Database } from '@app/db';
import { outstandingTokens } from '@app/db/queries/users';
import * as schema from '@app/db/schema';
import { and, asc, eq, gt, lt, type SQL, sql } from 'drizzle-orm';

const { users, userTokens } = schema;

/** The active user `where` picks, with what the e-mails to them need. */
async function findActive(db: Database, where: SQL) {
  const [user] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      hasPassword: sql<boolean>`${users.passwordHash} is not null`,
    })
    .from(users)
    .where(and(where, eq(users.isActive, true)));
  return user ?? null;
}

export const findActiveUser = (db: Database, id: number) => findActive(db, eq(users.id, id));

/** The active user with this address, compared case-insensitively (D4): a reset asked for by address (issue 26). */
export const findActiveUserByEmail = (db: Database, email: string) =>
  findActive(db, eq(sql`lower(${users.email})`, email.toLowerCase()));

/**
 * Stores a new token's hash and retires the user's older tokens of the same kind (newest only, D5 and D6).
 *
 * The token is stored as made at `requestedAt` (the time of the event it is minted for), and "older" means "for an
 * earlier request": a token minted again for the same request (an e-mail resent because its
 * worker died after the SMTP server had accepted the first copy) leaves the first copy's link working; using either
 * link retires both (the API retires every outstanding token of the user when one is used). A request older than one
 * already served gets a token that is retired at once, as it would have been had the two been served in order; so does
 * a request older than the user's last password change.
 */
export async function issueUserToken(
  db: Database,
  userId: number,
  kind: 'registration' | 'password_reset',
  token: string,
  expiresAt: Date,
  requestedAt: Date,
) {
  await db.transaction(async (tx) => {
    // One issuer at a time per user and kind, so that two requests served at once cannot both stay valid.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`user-token:${kind}:${userId}`}, 0))`);
    const [newer] = await tx
      .select({ id: userTokens.id })
      .from(userTokens)
      .where(and(eq(userTokens.userId, userId), eq(userTokens.kind, kind), gt(userTokens.createdAt, requestedAt)))
      .limit(1);
    // A password set after the request (decision 045) retires the links asked for before it, minted or not yet.
    const [changedSince] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, userId), gt(users.passwordChangedAt, requestedAt)));
    await tx
      .update(userTokens)
      .set({ usedAt: sql`now()` })
      .where(outstandingTokens(kind, eq(userTokens.userId, userId), lt(userTokens.createdAt, requestedAt)));
    await tx.insert(userTokens).values({
      userId,
      kind,
      tokenHash: hashToken(token),
      expiresAt,
      createdAt: requestedAt,
      ...(newer || changedSince ? { usedAt: sql`now()` } : {}),
    });
  });
}

/**
 * The active organizations the user belongs to, by name (then id), as the portal's header lists them: their names and
 * logos head the user's account e-mails (issue 18). A person belongs to a handful at most, so all of them are read.
 */
export function activeOrganizationsOf(db: Database, userId: number) {
  return db
    .select({ name: schema.organizations.name, logoUrl: schema.organizations.logoUrl })
    .from(schema.memberships)
    .innerJoin(schema.organizations, eq(schema.organizations.id, schema.memberships.organizationId))
    .where(and(eq(schema.memberships.userId, userId), eq(schema.organizations.isActive, true)))
    .orderBy(asc(schema.organizations.name), asc(schema.organizations.id));
}
