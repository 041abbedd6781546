import type { Database, Transaction } from '@app/db';
import { deleteRow, insertIfAbsent } from '@app/db/queries/association-rows';
import * as schema from '@app/db/schema';
import { and, eq, inArray } from 'drizzle-orm';

const { organizations, users, memberships } = schema;

type Db = Database | Transaction;

/** The e-mail of the person a membership would be for, or null when there is no such person. */
export async function memberEmail(db: Db, userId: number): Promise<string | null> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email ?? null;
}

export async function organizationIdsOf(db: Db, userId: number) {
  const rows = await db
    .select({ id: memberships.organizationId })
    .from(memberships)
    .where(eq(memberships.userId, userId));
  return rows.map((r) => r.id);
}

/** False when the user already is a member. */
export const addMembership = (db: Db, organizationId: number, userId: number, role: string) =>
  insertIfAbsent(db, memberships, { organizationId, userId, role });

export async function removeMemberships(db: Db, userId: number, organizationIds: number[]) {
  if (!organizationIds.length) return;
  await db
    .delete(memberships)
    .where(and(eq(memberships.userId, userId), inArray(memberships.organizationId, organizationIds)));
}

/** Removes one membership; returns the organization's name, the user's e-mail and the role, or null when none. */
export async function deleteMembership(db: Db, organizationId: number, userId: number) {
  const row = await deleteRow(db, memberships, { organizationId, userId });
  if (!row) return null;
  const [names] = await db
    .select({ organizationName: organizations.name, userEmail: users.email })
    .from(organizations)
    .innerJoin(users, eq(users.id, userId))
    .where(eq(organizations.id, organizationId));
  return names ? { ...names, role: row.role } : null;
}

/**
 * Sets a member's role (issue 27), the row locked while it changes: the role it had and the names the audit keeps,
 * or null when they are not a member.
 */
export async function changeMemberRole(db: Transaction, organizationId: number, userId: number, role: string) {
  const [before] = await db
    .select({ role: memberships.role, organizationName: organizations.name, userEmail: users.email })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)))
    .for('update', { of: memberships });
  if (!before) return null;
  await db
    .update(memberships)
    .set({ role })
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)));
  return before;
}
