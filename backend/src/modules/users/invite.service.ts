import { EventTypes } from '@app/contracts/server';
import { insertEvent } from '@app/platform/outbox';
import { type DispatchDeps, dispatch } from '../../events/dispatch';

/**
 * Sends a user the invitation to set up their account: stores a `user.invited` event (ids only); the worker mints
 * the registration token, keeps its hash and e-mails the link (D5, D7). Any older invitation link stops working.
 */
export async function inviteUser(deps: DispatchDeps, userId: number, requestId?: string) {
  const event = await insertEvent(deps.db, EventTypes.userInvited, { userId }, requestId);
  await dispatch(deps, [event]);
  return event;
}
