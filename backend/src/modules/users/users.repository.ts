import type { User, UserListQuery } from '@app/contracts';
import type { Database, Transaction } from '@app/db';
import { updateEdited } from '@app/db/queries/edited-rows';
import * as lists from '@app/db/queries/list-query';
import * as schema from '@app/db/schema';
import { asc, eq, inArray, type SQL, sql } from 'drizzle-orm';

const { users, memberships, organizations, sessions } = schema;

type Db = Database | Transaction;

export type UserRow = typeof users.$inferSelect;

/** The one lookup of a user by e-mail address, in any letter case. */
export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  return user ?? null;
}

/** Whether someone (other than `exceptId`) has this address, in any letter case. */
export async function emailTaken(db: Db, email: string, exceptId?: number) {
  const user = await findUserByEmail(db, email);
  return Boolean(user && user.id !== exceptId);
}

/** The user; `lock` holds their row until the transaction ends. */
export async function findUserById(db: Db, id: number, lock = false): Promise<UserRow | null> {
  const query = db.select().from(users).where(eq(users.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/**
 * Signs the person out everywhere: their sessions end (a deactivated person, a changed password or e-mail). A user's
 * record owns this so that the account's security (auth) and the administration of users share it without depending
 * on each other (issue 27).
 */
export async function deleteUserSessions(db: Db, userId: number) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** A user as the API shows them (to themselves and to administrators): never the password hash. */
export const userView = (user: UserRow, organizations: { id: number; name: string }[]): User => ({
  id: user.id,
  email: user.email,
  firstName: user.firstName,
  lastName: user.lastName,
  isAdmin: user.isAdmin,
  isActive: user.isActive,
  hasLoggedIn: user.hasLoggedIn,
  accountSetupComplete: user.accountSetupComplete,
  lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
  hasPassword: user.passwordHash !== null,
  passwordChangedAt: user.passwordChangedAt?.toISOString() ?? null,
  createdAt: user.createdAt.toISOString(),
  organizations,
  googleAccount: user.googleAccount,
});

/** Users as the administration sees them, with their organizations; `ids` narrows the list. */
export async function listUsers(db: Db, ids?: number[]): Promise<User[]> {
  const rows = await db
    .select()
    .from(users)
    .where(ids ? inArray(users.id, ids) : undefined)
    .orderBy(asc(users.email));
  return withOrganizations(db, rows);
}

/** 'first last' as the name filter and the name sort see it (a trigram index serves the filter, decision 038). */
const fullName = sql`(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, ''))`;

const userSort: lists.SortSpec<NonNullable<UserListQuery['sort']>> = {
  by: {
    email: sql`lower(${users.email})`,
    name: sql`lower(${fullName})`,
    // 'Never' is the oldest: first when ascending, last when descending (as the screen always sorted it).
    lastLoginAt: sql`coalesce(${users.lastLoginAt}, '-infinity'::timestamptz)`,
    isAdmin: users.isAdmin,
    createdAt: users.createdAt,
    id: users.id,
  },
  fallback: [sql`lower(${users.email})`],
  tieBreak: [users.id],
};

/** The conditions of the users list's filters and search. */
function userFilter(query: UserListQuery): SQL | undefined {
  return lists.allOf(
    lists.contains(users.email, query.email),
    lists.contains(fullName, query.name),
    lists.containsAny([users.email, fullName], query.q),
    lists.stateIf(users.isAdmin, query.userType, 'admin'),
    lists.stateIf(users.hasLoggedIn, query.login, 'logged-in'),
    lists.stateIf(users.accountSetupComplete, query.setup, 'complete'),
    lists.stateIf(users.isActive, query.status, 'active'),
    query.organization === undefined
      ? undefined
      : sql`exists (select 1 from ${memberships} where ${memberships.organizationId} = ${query.organization} and ${memberships.userId} = ${users.id})`,
  );
}

/** One page (or all) of the users list, filtered and sorted, with their organizations. */
export async function listUserPage(db: Db, query: UserListQuery, page: lists.Page | null): Promise<User[]> {
  return withOrganizations(
    db,
    await lists.sortedPage(db, users, userFilter(query), lists.orderOf(userSort, query), page),
  );
}

/** How many users the list's filters keep. */
export const countUsers = (db: Db, query: UserListQuery): Promise<number> =>
  lists.countWhere(db, users, userFilter(query));

async function withOrganizations(db: Db, rows: UserRow[]): Promise<User[]> {
  if (!rows.length) return [];
  const orgs = await db
    .select({ userId: memberships.userId, id: organizations.id, name: organizations.name })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(
      inArray(
        memberships.userId,
        rows.map((u) => u.id),
      ),
    )
    .orderBy(asc(organizations.name));
  return rows.map((user) =>
    userView(
      user,
      orgs.filter((o) => o.userId === user.id).map(({ id, name }) => ({ id, name })),
    ),
  );
}

export async function insertUser(db: Db, values: typeof users.$inferInsert) {
  const [row] = await db.insert(users).values(values).returning({ id: users.id });
  return row!.id;
}

export async function updateUser(db: Db, id: number, values: Partial<typeof users.$inferInsert>) {
  await updateEdited(db, users, id, values);
}

/** Permanent: their sessions, memberships, tokens and views go with them (foreign keys cascade). */
export async function deleteUser(db: Db, id: number) {
  await db.delete(users).where(eq(users.id, id));
}

export async function upsertAdmin(db: Database, email: string, passwordHash: string) {
  const existing = await findUserByEmail(db, email);
  const values = { isAdmin: true, isActive: true, accountSetupComplete: true, passwordHash, updatedAt: new Date() };
  if (existing) {
    await db.update(users).set(values).where(eq(users.id, existing.id));
    return { id: existing.id, created: false };
  }
  const [row] = await db
    .insert(users)
    .values({ email, ...values })
    .returning({ id: users.id });
  if (!row) throw new Error('Could not create the administrator');
  return { id: row.id, created: true };
}
