import type { AdminOrganization } from '@app/contracts';
import type { Database, Transaction } from '@app/db';
import * as schema from '@app/db/schema';
import { asc, desc, eq, inArray } from 'drizzle-orm';

const { organizations } = schema;

type Db = Database | Transaction;

const organizationView = (row: typeof organizations.$inferSelect): AdminOrganization => ({
  id: row.id,
  name: row.name,
  domain: row.domain,
  logoUrl: row.logoUrl,
  isActive: row.isActive,
  createdAt: row.createdAt.toISOString(),
});

export async function listOrganizations(db: Db) {
  const rows = await db.select().from(organizations).orderBy(desc(organizations.isActive), asc(organizations.name));
  return rows.map(organizationView);
}

export async function findOrganization(db: Db, id: number) {
  const [row] = await db.select().from(organizations).where(eq(organizations.id, id));
  return row ? organizationView(row) : null;
}

/** Which of these ids are organizations. */
export async function existingOrganizationIds(db: Db, ids: number[]) {
  if (!ids.length) return [];
  const rows = await db.select({ id: organizations.id }).from(organizations).where(inArray(organizations.id, ids));
  return rows.map((r) => r.id);
}

export async function insertOrganization(
  db: Db,
  values: { name: string; domain: string | null; logoUrl: string | null },
) {
  const [row] = await db.insert(organizations).values(values).returning();
  return organizationView(row!);
}

export async function updateOrganization(db: Db, id: number, values: Partial<typeof organizations.$inferInsert>) {
  const [row] = await db
    .update(organizations)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(organizations.id, id))
    .returning();
  return row ? organizationView(row) : null;
}
