import type { Database, Transaction } from '@app/db';
import * as schema from '@app/db/schema';
import { and, asc, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';

const { organizationSso, organizationSsoDomains, ssoStates, organizations, users, memberships } = schema;

type Db = Database | Transaction;

export type SsoRow = typeof organizationSso.$inferSelect;

/** An organization's settings (sealed secret included: for the service, never for an answer), or null. */
export async function findSettings(db: Db, organizationId: number) {
  const [row] = await db.select().from(organizationSso).where(eq(organizationSso.organizationId, organizationId));
  return row ?? null;
}

export async function domainsOf(db: Db, organizationId: number): Promise<string[]> {
  const rows = await db
    .select({ domain: organizationSsoDomains.domain })
    .from(organizationSsoDomains)
    .where(eq(organizationSsoDomains.organizationId, organizationId))
    .orderBy(asc(organizationSsoDomains.domain));
  return rows.map((row) => row.domain);
}

export async function findOrganization(db: Db, id: number) {
  const [row] = await db.select().from(organizations).where(eq(organizations.id, id));
  return row ?? null;
}

/** The domains of `domains` that belong to another organization (a 409). */
export async function domainsTakenElsewhere(db: Db, organizationId: number, domains: string[]) {
  if (!domains.length) return [];
  const rows = await db
    .select({ domain: organizationSsoDomains.domain })
    .from(organizationSsoDomains)
    .where(
      and(
        inArray(organizationSsoDomains.domain, domains),
        sql`${organizationSsoDomains.organizationId} <> ${organizationId}`,
      ),
    );
  return rows.map((row) => row.domain);
}

/** Saves the settings and replaces the domains; a domain of another organization throws the unique violation. */
export async function saveSettings(
  tx: Transaction,
  values: Omit<typeof organizationSso.$inferInsert, 'createdAt' | 'updatedAt'>,
  domains: string[],
): Promise<SsoRow> {
  const [row] = await tx
    .insert(organizationSso)
    .values(values)
    .onConflictDoUpdate({ target: organizationSso.organizationId, set: { ...values, updatedAt: new Date() } })
    .returning();
  await tx.delete(organizationSsoDomains).where(eq(organizationSsoDomains.organizationId, values.organizationId));
  await tx
    .insert(organizationSsoDomains)
    .values(domains.map((domain) => ({ domain, organizationId: values.organizationId })));
  return row!;
}

/** Locks the organization's settings row (saves of one organization run one after the other). */
export async function lockSettings(tx: Transaction, organizationId: number) {
  const [row] = await tx
    .select()
    .from(organizationSso)
    .where(eq(organizationSso.organizationId, organizationId))
    .for('update');
  return row ?? null;
}

export async function deleteSettings(tx: Transaction, organizationId: number) {
  await tx.delete(organizationSsoDomains).where(eq(organizationSsoDomains.organizationId, organizationId));
  const [row] = await tx.delete(organizationSso).where(eq(organizationSso.organizationId, organizationId)).returning();
  return row ?? null;
}

/** The organizations that have settings, each with them (the caller adds its condition). */
const withSettings = (db: Db) =>
  db
    .select({ organization: organizations, settings: organizationSso })
    .from(organizations)
    .innerJoin(organizationSso, eq(organizationSso.organizationId, organizations.id))
    .$dynamic();

/** The organization whose provider speaks for an e-mail domain, with its settings; null when none. */
export async function findByDomain(db: Db, domain: string) {
  const [row] = await withSettings(db)
    .innerJoin(organizationSsoDomains, eq(organizationSsoDomains.organizationId, organizations.id))
    .where(eq(organizationSsoDomains.domain, domain));
  return row ?? null;
}

/** An organization with its settings (null when it has none). */
export async function findWithSettings(db: Db, organizationId: number) {
  const [row] = await withSettings(db).where(eq(organizations.id, organizationId));
  return row ?? null;
}

// Sign-ins under way (single-use, 10 minutes).

export async function insertState(db: Db, values: typeof ssoStates.$inferInsert) {
  await db.insert(ssoStates).values(values);
}

/**
 * Uses a state once: marks it used when it is unused and newer than `since`, in one statement, so of parallel
 * callbacks with one state exactly one gets the row.
 */
export async function useState(db: Db, id: string, at: Date, since: Date) {
  const [row] = await db
    .update(ssoStates)
    .set({ usedAt: at })
    .where(and(eq(ssoStates.id, id), isNull(ssoStates.usedAt), gt(ssoStates.createdAt, since)))
    .returning();
  return row ?? null;
}

/** The state row as it is (to say why it could not be used). */
export async function findState(db: Db, id: string) {
  const [row] = await db.select().from(ssoStates).where(eq(ssoStates.id, id));
  return row ?? null;
}

/** Removes states older than `before` (called now and then by starts; they are useless after 10 minutes). */
export async function deleteStatesBefore(db: Db, before: Date) {
  await db.delete(ssoStates).where(lte(ssoStates.createdAt, before));
}

// Accounts

/** Makes a person's account and membership at first sign-in; throws the unique violation when the e-mail is taken. */
export async function createMember(
  db: Database,
  values: { email: string; firstName: string | null; lastName: string | null; organizationId: number; at: Date },
) {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        email: values.email,
        firstName: values.firstName,
        lastName: values.lastName,
        // No password: they sign in at their organization's provider (a reset link can still give them one).
        accountSetupComplete: true,
      })
      .returning();
    await tx.insert(memberships).values({ organizationId: values.organizationId, userId: user!.id, role: 'Member' });
    return user!;
  });
}

export async function isMember(db: Db, organizationId: number, userId: number) {
  const [row] = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)));
  return Boolean(row);
}

export async function addMember(db: Db, organizationId: number, userId: number) {
  await db.insert(memberships).values({ organizationId, userId, role: 'Member' }).onConflictDoNothing();
}
