import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { mentions, serialId, timeOfInsert, timestamps, timestamptz } from './columns';
import { organizations } from './organizations';
import { users } from './users';

/**
 * A prospect (issue 27, decision 049): one per person, every contact message (not spam) and every consultation booking
 * of theirs grouped by their normalised address (`lower(btrim(email))`). The database keeps it: a trigger on
 * `contact_messages` and `bookings` makes or updates the lead in the transaction of the message or booking itself.
 * The messages and bookings stay in their own tables and are found by that address.
 */
export const leads = pgTable(
  'leads',
  {
    id: serialId(),
    /** The person's address, normalised (trimmed, lower case): the key that groups their messages and bookings. */
    email: text().notNull(),
    /** The name they gave last. */
    name: text().notNull(),
    /** The business they named last in a booking (contact messages name none). */
    businessName: text(),
    status: text({ enum: ['new', 'contacted', 'consultation', 'won', 'lost'] })
      .notNull()
      .default('new'),
    /** The administrator who follows the lead. */
    ownerUserId: mentions(() => users.id),
    notes: text().notNull().default(''),
    /** When their last message or booking arrived. */
    lastActivityAt: timeOfInsert(),
    /** Set once by the conversion to a client: the organization made and the account invited or linked. */
    convertedAt: timestamptz(),
    organizationId: mentions(() => organizations.id),
    userId: mentions(() => users.id),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('leads_email_unique').on(t.email),
    index('leads_last_activity_idx').on(t.lastActivityAt, t.id),
    index('leads_status_idx').on(t.status, t.id),
    index('leads_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
    index('leads_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('leads_business_name_trgm_idx').using('gin', t.businessName.op('gin_trgm_ops')),
  ],
);
