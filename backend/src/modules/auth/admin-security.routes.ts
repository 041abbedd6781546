import { SecuritySettingsSchema, SignInEventSchema, SignInListQuerySchema } from '@app/contracts';
import type { AppDeps } from '../../deps';
import { listRoute } from '../../lib/list-query';
import { adminPagedList, adminRoute } from '../../lib/route-options';
import { adminOnly, type GuardDeps } from '../../plugins/auth';
import { changeSecuritySettings, readSecuritySettings } from './security-settings.service';
import { countSignIns, listSignInPage } from './sign-in-events.repository';

/** The administrators' side of sign-in security (issue 17): the sign-in audit and the two-factor requirement. */
export const adminSecurityRoutes = (deps: Pick<AppDeps, 'db'> & GuardDeps) =>
  adminOnly('admin-security-routes', deps)
    .get(
      '/api/admin/sign-ins',
      listRoute(deps.db, listSignInPage, countSignIns),
      adminPagedList(
        'Sign-in attempts, newest first, with the person and organization by name',
        SignInListQuerySchema,
        SignInEventSchema,
      ),
    )
    .get('/api/admin/settings/security', () => readSecuritySettings(deps.db), {
      ...adminRoute('The security settings', { 200: SecuritySettingsSchema }),
    })
    .put('/api/admin/settings/security', ({ user, body }) => changeSecuritySettings(deps.db, user, body), {
      body: SecuritySettingsSchema,
      ...adminRoute(
        'Change the security settings (audited)',
        { 200: SecuritySettingsSchema },
        {
          description:
            'Turning on "Require two-factor sign-in for all administrators" answers 409 unless the administrator ' +
            'who turns it on signs in with a second factor already.',
        },
      ),
    });
