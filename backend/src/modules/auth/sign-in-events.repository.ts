import type { Database } from '@app/db';
import { signInEvents } from '@app/db/schema';

/** One sign-in attempt for the administrators' list (issue 17): never a password, code or token. */
export async function recordSignIn(db: Database, event: typeof signInEvents.$inferInsert): Promise<void> {
  await db.insert(signInEvents).values(event);
}
