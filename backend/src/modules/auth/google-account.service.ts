import { recordPersonEvent } from '../embedding';
import type { AuthDeps } from './auth.deps';
import * as repo from './auth.repository';

/**
 * PUT /api/account/google-account (issue 28): the Google account Looker Studio reports are shared with, when it is not
 * the person's e-mail (null: the e-mail again). Their access moves to it: the change is a sharing event.
 */
export async function setGoogleAccount(
  deps: Pick<AuthDeps, 'db'>,
  user: repo.UserRow,
  googleAccount: string | null,
  requestId?: string,
) {
  await deps.db.transaction(async (tx) => {
    await repo.setGoogleAccount(tx, user.id, googleAccount);
    if ((user.googleAccount ?? null) !== googleAccount)
      await recordPersonEvent(tx, 'user.google_account_changed', user.id, requestId);
  });
  return { googleAccount };
}
