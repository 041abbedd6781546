import type { Database } from '@app/db';
import { schema } from '@app/db';
import { eq, sql } from 'drizzle-orm';

const { users } = schema;

export async function findUserByEmail(db: Database, email: string) {
  const [user] = await db
    .select({ id: users.id, email: users.email, isAdmin: users.isAdmin })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  return user ?? null;
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
