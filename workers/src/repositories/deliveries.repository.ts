import { createHash } from 'node:crypto';
import type { Database } from '@app/db';
import * as schema from '@app/db/schema';
import { and, eq, sql } from 'drizzle-orm';

const { emailDeliveries } = schema;

export interface DeliveryKey {
  eventId: string;
  template: string;
  recipient: string;
}

/**
 * The Message-ID of one delivery, derived from its unique key (event, template, recipient): every copy of the same
 * e-mail carries the same one, so a receiving system (and a person) can tell a resent copy for what it is (D30).
 */
export function deliveryMessageId(key: DeliveryKey, domain: string) {
  const recipient = createHash('sha256').update(key.recipient.trim().toLowerCase()).digest('hex').slice(0, 16);
  return `<${key.eventId}.${key.template}.${recipient}@${domain}>`;
}

/**
 * The delivery record for this event, template and recipient, created on first sight with the Message-ID the e-mail
 * will carry (kept from then on: a retry sends the same one); counts the attempt.
 */
export async function claimDelivery(db: Database, key: DeliveryKey, messageId: string) {
  await db
    .insert(emailDeliveries)
    .values({ ...key, messageId })
    .onConflictDoNothing();
  const [row] = await db
    .update(emailDeliveries)
    .set({
      attempts: sql`${emailDeliveries.attempts} + 1`,
      messageId: sql`coalesce(${emailDeliveries.messageId}, ${messageId})`,
    })
    .where(
      and(
        eq(emailDeliveries.eventId, key.eventId),
        eq(emailDeliveries.template, key.template),
        eq(emailDeliveries.recipient, key.recipient),
      ),
    )
    .returning({
      id: emailDeliveries.id,
      status: emailDeliveries.status,
      attempts: emailDeliveries.attempts,
      messageId: emailDeliveries.messageId,
    });
  if (!row) throw new Error('Could not claim the e-mail delivery');
  return { ...row, messageId: row.messageId ?? messageId };
}

/**
 * Records that the SMTP server accepted the e-mail: the one write between its 250 and a worker that may die (D30),
 * so it is a single prepared statement on the pool, and it is tried again a few times (over about 3 seconds) before
 * the job fails: a database hiccup then costs a short wait, not a second copy of the e-mail.
 */
export async function markDeliverySent(db: Database, id: number, { tries = 5, delayMs = 100 } = {}) {
  for (let attempt = 1; ; attempt++) {
    try {
      await db.$client`update email_deliveries set status = 'sent', sent_at = now(), last_error = null where id = ${id}`;
      return;
    } catch (error) {
      if (attempt >= tries) throw error;
      await new Promise((resolve) => setTimeout(resolve, delayMs * 2 ** (attempt - 1)));
    }
  }
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

/** Whether any e-mail of this event and template was ever tried (sent, being sent or failed for good). */
export async function hasDelivery(db: Database, eventId: string, template: string) {
  const [row] = await db
    .select({ id: emailDeliveries.id })
    .from(emailDeliveries)
    .where(and(eq(emailDeliveries.eventId, eventId), eq(emailDeliveries.template, template)))
    .limit(1);
  return row !== undefined;
}
