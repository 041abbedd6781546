import { EventTypes } from '@app/contracts';
import type { Database } from '@app/db';

export interface NewContactMessage {
  name: string;
  email: string;
  subject: string;
  message: string;
  isSpam: boolean;
  ipAddress?: string | null;
  userAgent?: string | null;
}

/**
 * Stores the message and, unless it is spam, its `contact.received` event in ONE statement: a single statement is
 * its own transaction, so both rows are written or neither is, in one round trip to the database (the contact form
 * is the busiest write of the product).
 */
export async function insertContactMessageWithEvent(db: Database, values: NewContactMessage, requestId?: string) {
  // postgres.js directly (its tagged template prepares the statement once per connection); Drizzle sends every query
  // unprepared, which makes PostgreSQL parse and plan this one for each message.
  const sql = db.$client;
  const rows = await sql<{ id: number; eventId: string | null }[]>`
    with message as (
      insert into contact_messages (name, email, subject, message, is_spam, ip_address, user_agent)
      values (${values.name}, ${values.email}, ${values.subject}, ${values.message}, ${values.isSpam},
              ${values.ipAddress ?? null}, ${values.userAgent ?? null})
      returning id
    ), event as (
      insert into outbox_events (type, payload, request_id)
      select ${EventTypes.contactReceived}, jsonb_build_object('contactMessageId', message.id), ${requestId ?? null}::text
      from message where not ${values.isSpam}::boolean
      returning id
    )
    select message.id, (select id from event) as "eventId" from message`;
  const row = rows[0];
  if (!row) throw new Error('Could not store the contact message');
  return { id: Number(row.id), eventId: row.eventId };
}
