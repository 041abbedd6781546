import type { Database } from '@app/db';
import * as schema from '@app/db/schema';
import { eq } from 'drizzle-orm';

const { contactMessages } = schema;

export async function findContactMessage(db: Database, id: number) {
  const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, id));
  return row ?? null;
}
