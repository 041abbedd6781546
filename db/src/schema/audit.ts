import { index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { timeOfInsert } from './columns';
import { users } from './users';

/** Every administrative action (D21): who did what to which record, when, and which fields changed. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial().primaryKey(),
    actorId: integer().references(() => users.id, { onDelete: 'set null' }),
    /** Kept when the actor is deleted later. */
    actorEmail: text(),
    action: text().notNull(),
    targetType: text().notNull(),
    targetId: text(),
    changes: jsonb().$type<Record<string, unknown>>(),
    createdAt: timeOfInsert(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt)],
);
