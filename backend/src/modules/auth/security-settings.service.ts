import { SecurityMessages, type SecuritySettings } from '@app/contracts';
import type { Database } from '@app/db';
import { HttpError } from '../../lib/http-error';
import { type Actor, withAudit } from '../audit';
import { hasTwoFactor } from './auth.repository';
import { adminTwoFactorRequired } from './sign-in-steps';
import * as repo from './two-factor.repository';

export async function readSecuritySettings(db: Database): Promise<SecuritySettings> {
  return { requireAdminTwoFactor: await adminTwoFactorRequired(db) };
}

/**
 * 'Require two-factor sign-in for all administrators' (issue 17). Turning it on takes an administrator who signs in
 * with a second factor already (decision 035): otherwise the switch would lock its own author out of the screen it is
 * on. Audited (D21) with the value before and after.
 */
export async function changeSecuritySettings(
  db: Database,
  actor: Actor,
  input: SecuritySettings,
): Promise<SecuritySettings> {
  if (input.requireAdminTwoFactor && !(await hasTwoFactor(db, actor.id)))
    throw new HttpError(409, SecurityMessages.requireOwnFirst);
  const before = await adminTwoFactorRequired(db);
  return withAudit(db, actor, async (tx) => {
    await repo.writeSetting(tx, repo.REQUIRE_ADMIN_TWO_FACTOR, input.requireAdminTwoFactor, actor.id);
    return {
      action: 'settings.security-update',
      targetType: 'settings',
      targetId: 'security',
      targetName: 'Security settings',
      changes: { requireAdminTwoFactor: { from: before, to: input.requireAdminTwoFactor } },
      result: { requireAdminTwoFactor: input.requireAdminTwoFactor },
    };
  });
}
