import type { EventPayload, EventType } from '@app/contracts/server';
import type { Database, Transaction } from '@app/db';
import { lookerStudioInUse, organizationIdsOf } from '@app/platform/lookerstudio/sharing.repository';
import { insertEvent } from '@app/platform/outbox';

/**
 * The domain events of Looker Studio sharing (issue 28, D36), written in the transaction of the change that causes
 * them, so a change is never made without its event: a link made or deleted, a member added or removed, a person
 * deactivated, erased or given another e-mail or Google account, an organization deactivated or given a Google group, a
 * dashboard switched or deleted. The workers bring the reports concerned in step (the outbox's sweeper publishes them).
 * Nothing is written while Looker Studio is not in use at all.
 */

type SharingEvent =
  | 'dashboard_link.created'
  | 'dashboard_link.deleted'
  | 'organization_member.added'
  | 'organization_member.removed'
  | 'user.deactivated'
  | 'user.reactivated'
  | 'user.erased'
  | 'user.email_changed'
  | 'user.google_account_changed'
  | 'organization.deactivated'
  | 'organization.reactivated'
  | 'organization.google_group_changed'
  | 'dashboard.embed_changed'
  | 'dashboard.deleted';

export async function recordSharingEvent<T extends SharingEvent & EventType>(
  tx: Transaction | Database,
  type: T,
  payload: EventPayload<T>,
  requestId?: string,
) {
  if (!(await lookerStudioInUse(tx))) return null;
  return insertEvent(tx, type, payload, requestId);
}

/** A person's change, with the organizations they belong to now (read before an erase removes them). */
export async function recordPersonEvent(
  tx: Transaction | Database,
  type: 'user.deactivated' | 'user.reactivated' | 'user.erased' | 'user.email_changed' | 'user.google_account_changed',
  userId: number,
  requestId?: string,
) {
  if (!(await lookerStudioInUse(tx))) return null;
  return insertEvent(tx, type, { userId, organizationIds: await organizationIdsOf(tx, userId) }, requestId);
}
