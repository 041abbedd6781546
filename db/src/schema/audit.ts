import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { mentions, serialId, timeOfInsert } from './columns';
import { users } from './users';

/** Every administrative action (D21): who did what to which record, when, and which fields changed. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serialId(),
    actorId: mentions(() => users.id),
    /** Kept when the actor is deleted later. */
    actorEmail: text(),
    action: text().notNull(),
    targetType: text().notNull(),
    targetId: text(),
    changes: jsonb().$type<Record<string, unknown>>(),
    createdAt: timeOfInsert(),
    /**
     * What the audit list's `q` searches (decision 038): who, the action, the target's type, id and recorded name,
     * a newline between them (a search box never holds one), lower-cased. Stored, so a search reads one short text per
     * row instead of taking `changes` apart and lower-casing it again; PostgreSQL keeps it in step with every insert
     * and update (the personal-data erasure rewrites these columns).
     */
    searchText: text().generatedAlwaysAs(
      (): SQL =>
        sql`lower(coalesce(${auditLog.actorEmail}, '') || E'\\n' || ${auditLog.action} || E'\\n' || ${auditLog.targetType} || E'\\n' || coalesce(${auditLog.targetId}, '') || E'\\n' || coalesce(${auditLog.changes} ->> 'targetName', ''))`,
    ),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    // `q` is ILIKE '%...%' on the lower-cased text: a trigram index finds the candidate rows (pg_trgm, migration 0010).
    index('audit_log_search_text_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    // The list sorted by action walks this index in either direction and stops at its page.
    index('audit_log_action_id_idx').on(t.action, t.id),
  ],
);

/**
 * The columns an entry is made of: all but `search_text`, which only the list's `q` reads (the same text again,
 * lower-cased). The audit list and the personal-data export answer from these.
 */
const { searchText: _searchText, ...auditEntryColumns } = getTableColumns(auditLog);

export { auditEntryColumns };
