import { boolean, index, pgTable, text } from 'drizzle-orm/pg-core';
import { requestOrigin, serialId, timeOfInsert, visitor } from './columns';

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: serialId(),
    ...visitor(),
    subject: text().notNull(),
    message: text().notNull(),
    /** The honeypot was filled in (D11): kept for review, never e-mailed. */
    isSpam: boolean().notNull().default(false),
    ...requestOrigin(),
    createdAt: timeOfInsert(),
  },
  (t) => [index('contact_messages_created_idx').on(t.createdAt)],
);
