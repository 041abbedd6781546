import { EventTypes } from '@app/contracts/server';
import type { Database } from '@app/db';
import { insertEventsFrom } from '@app/platform/outbox';

export interface NewContactMessage {
  name: string;
  email: string;
  subject: string;
  message: string;
  isSpam: boolean;
  ipAddress?: string | null;
  userAgent?: string | null;
  requestId?: string | null;
}

export interface StoredContactMessage {
  id: number;
  /** The `contact.received` event written with it; null for spam. */
  eventId: string | null;
}

/**
 * Stores messages and, for each one that is not spam, its `contact.received` event (written by the outbox's
 * `insertEventsFrom`), in ONE statement: a statement is
 * its own transaction, so every message comes with its event or nothing is written, in one round trip and one commit
 * however many messages there are (the contact form is the busiest write of the product; see `createBatcher`).
 * Results come back in the order of `messages`.
 *
 * postgres.js directly: its tagged template prepares the statement once per connection, where Drizzle would send it
 * unprepared and make PostgreSQL parse and plan it every time.
 */
export async function insertContactMessagesWithEvents(
  db: Database,
  messages: NewContactMessage[],
): Promise<StoredContactMessage[]> {
  const sql = db.$client;
  // The batch travels as one JSON parameter: no per-row placeholders, so one prepared statement fits every size.
  const input = JSON.stringify(
    messages.map((m) => ({
      name: m.name,
      email: m.email,
      subject: m.subject,
      message: m.message,
      is_spam: m.isSpam,
      ip_address: m.ipAddress ?? null,
      user_agent: m.userAgent ?? null,
      request_id: m.requestId ?? null,
    })),
  );
  const rows = await sql<{ ord: string; id: number; eventId: string | null }[]>`
    with input as materialized (
      select nextval(pg_get_serial_sequence('contact_messages', 'id')) as id, t.*
      from rows from (
        jsonb_to_recordset(${input}::jsonb) as (
          name text, email text, subject text, message text, is_spam boolean,
          ip_address text, user_agent text, request_id text
        )
      ) with ordinality as t(name, email, subject, message, is_spam, ip_address, user_agent, request_id, ord)
    ), message as (
      insert into contact_messages (id, name, email, subject, message, is_spam, ip_address, user_agent)
      select id, name, email, subject, message, is_spam, ip_address, user_agent from input
    ), event as (${insertEventsFrom(
      sql,
      EventTypes.contactReceived,
      sql`select jsonb_build_object('contactMessageId', id) as payload, request_id from input where not is_spam`,
    )})
    select input.ord, input.id, event.id as "eventId"
    from input left join event on (event.payload ->> 'contactMessageId')::int = input.id
    order by input.ord`;
  if (rows.length !== messages.length) throw new Error('Could not store the contact messages');
  return rows.map((row) => ({ id: Number(row.id), eventId: row.eventId }));
}
