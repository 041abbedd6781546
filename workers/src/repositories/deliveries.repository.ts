import type { Database } from '@app/db';
import { schema } from '@app/db';
import { and, eq, sql } from 'drizzle-orm';

const { emailDeliveries } = schema;

export interface DeliveryKey {
  eventId: string;
  template: string;
  recipient: string;
}

/** The delivery record for this event, template and recipient, created on first sight; counts the attempt. */
export async function claimDelivery(db: Database, key: DeliveryKey) {
  await db.insert(emailDeliveries).values(key).onConflictDoNothing();
  const [row] = await db
    .update(emailDeliveries)
    .set({ attempts: sql`${emailDeliveries.attempts} + 1` })
    .where(
      and(
        eq(emailDeliveries.eventId, key.eventId),
        eq(emailDeliveries.template, key.template),
        eq(emailDeliveries.recipient, key.recipient),
      ),
    )
    .returning({ id: emailDeliveries.id, status: emailDeliveries.status, attempts: emailDeliveries.attempts });
  if (!row) throw new Error('Could not claim the e-mail delivery');
  return row;
}

export async function markDeliverySent(db: Database, id: number, messageId: string) {
  await db
    .update(emailDeliveries)
    .set({ status: 'sent', messageId, sentAt: sql`now()`, lastError: null })
    .where(eq(emailDeliveries.id, id));
}

export async function recordDeliveryError(db: Database, id: number, error: string) {
  await db
    .update(emailDeliveries)
    .set({ lastError: error.slice(0, 1000) })
    .where(eq(emailDeliveries.id, id));
}

/** After the last attempt: the e-mail is given up on (the job stays failed on the queue board, retryable). */
export async function markDeliveriesFailed(db: Database, eventId: string, template: string) {
  await db
    .update(emailDeliveries)
    .set({ status: 'failed' })
    .where(
      and(
        eq(emailDeliveries.eventId, eventId),
        eq(emailDeliveries.template, template),
        eq(emailDeliveries.status, 'pending'),
      ),
    );
}
