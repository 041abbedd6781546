import { EventTypes } from '@app/contracts';
import type { DispatchDeps } from '../../events/dispatch';
import { queueUserEmail } from '../auth/auth.service';

/**
 * Sends a user the invitation to set up their account: stores a `user.invited` event (ids only); the worker mints
 * the registration token, keeps its hash and e-mails the link (D5, D7). Any older invitation link stops working.
 */
export const inviteUser = (deps: DispatchDeps, userId: number, requestId?: string) =>
  queueUserEmail(deps, EventTypes.userInvited, userId, requestId);
