import { boolean, pgTable, text } from 'drizzle-orm/pg-core';
import { serialId, timestamps } from './columns';

export const organizations = pgTable('organizations', {
  id: serialId(),
  name: text().notNull(),
  domain: text(),
  logoUrl: text(),
  /** A Google group it manages itself (issue 28): Looker Studio access goes to `group:<googleGroup>`, not each member. */
  googleGroup: text(),
  isActive: boolean().notNull().default(true),
  ...timestamps(),
});
