import { boolean, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';

export const organizations = pgTable('organizations', {
  id: serial().primaryKey(),
  name: text().notNull(),
  domain: text(),
  logoUrl: text(),
  isActive: boolean().notNull().default(true),
  ...timestamps(),
});
