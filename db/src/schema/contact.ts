import { boolean, index, pgTable, text } from 'drizzle-orm/pg-core';
import { serialId, timeOfInsert } from './columns';

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: serialId(),
    name: text().notNull(),
    email: text().notNull(),
    subject: text().notNull(),
    message: text().notNull(),
    /** The honeypot was filled in (D11): kept for review, never e-mailed. */
    isSpam: boolean().notNull().default(false),
    ipAddress: text(),
    userAgent: text(),
    createdAt: timeOfInsert(),
  },
  (t) => [index('contact_messages_created_idx').on(t.createdAt)],
);
