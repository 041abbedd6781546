import type { Database, Transaction } from '@app/db';
import { type AuditRow, insertAudit } from './audit.repository';

/** The administrator who acts. */
export interface Actor {
  id: number;
  email: string;
}

/** What an audited change reports: its audit entry (D21) and what the caller gets back (if anything). */
export type Audited<T> = Omit<AuditRow, 'actorId' | 'actorEmail'> &
  (undefined extends T ? { result?: T } : { result: T });

/**
 * The one way an administrator's change is made: `change` runs in a transaction and says what it did; its audit row
 * is written in the same transaction, so a change is never made without its record, nor recorded without being made
 * (an error thrown by `change`, or by the audit insert, undoes both).
 */
export async function withAudit<T>(
  db: Database,
  actor: Actor,
  change: (tx: Transaction) => Promise<Audited<T>>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const { result, ...entry } = await change(tx);
    await insertAudit(tx, { actorId: actor.id, actorEmail: actor.email, ...entry });
    return result as T;
  });
}

/** An audit entry's action on an organization (itself, its members or its links), named as the organization is now. */
export const onOrganization = (action: string, organizationId: number, organizationName: string) => ({
  action,
  targetType: 'organization',
  targetId: organizationId,
  targetName: organizationName,
});

/** The fields an update changes, as `{ field: { from, to } }` for the audit log. */
export const changed = (before: object, after: Record<string, unknown>) => {
  const old = before as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(after)
      .filter(([key, value]) => value !== undefined && old[key] !== value)
      .map(([key, value]) => [key, { from: old[key] ?? null, to: value }]),
  );
};
