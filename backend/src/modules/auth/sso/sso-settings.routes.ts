import {
  ApiErrorSchema,
  CheckResultSchema,
  IdParamsSchema,
  SsoSettingsInputSchema,
  SsoSettingsSchema,
} from '@app/contracts';
import { adminChange, adminRemove, adminRoute, noContent } from '../../../lib/route-options';
import { adminOnly, type GuardDeps } from '../../../plugins/auth';
import * as settings from './sso-settings.service';

const TAGS = ['Admin', 'Single sign-on'];

/** Filed under Single sign-on too; 503 where the secret is sealed or opened without APP_ENCRYPTION_KEY. */
const sso = <const R extends { response: object; detail: object }>(route: R, needsKey = true) => ({
  ...route,
  response: needsKey ? { ...route.response, 503: ApiErrorSchema } : route.response,
  detail: { ...route.detail, tags: TAGS },
});

/** An organization's single sign-on (issue 17, decision 034), behind the admin guard (D10). */
export const ssoSettingsRoutes = (deps: settings.SsoSettingsDeps & GuardDeps) =>
  adminOnly('sso-settings-routes', deps)
    .get(
      '/api/admin/organizations/:id/sso',
      ({ params }) => settings.getSettings(deps, params.id),
      sso(
        {
          params: IdParamsSchema,
          ...adminRoute(
            "An organization's single sign-on settings, without the client secret",
            { 200: SsoSettingsSchema },
            { description: '404 when the organization is unknown or has no single sign-on.' },
          ),
        },
        false,
      ),
    )
    .put(
      '/api/admin/organizations/:id/sso',
      ({ params, body, user }) => settings.saveSettings(deps, user, params.id, body),
      sso(
        adminChange(
          "Set an organization's OpenID Connect provider and e-mail domains",
          SsoSettingsInputSchema,
          SsoSettingsSchema,
          {
            description:
              'The client secret is write-only: never returned, never logged, never in the audit log; empty on a ' +
              'change keeps the stored one (422 when there is none yet). 409 when a domain belongs to another ' +
              'organization; 503 when APP_ENCRYPTION_KEY is not set.',
          },
        ),
      ),
    )
    .delete(
      '/api/admin/organizations/:id/sso',
      ({ params, user }) => noContent(settings.deleteSettings(deps, user, params.id)),
      sso(adminRemove(IdParamsSchema, "Remove an organization's single sign-on", 'Removed'), false),
    )
    .post(
      '/api/admin/organizations/:id/sso/test',
      ({ params }) => settings.testSettings(deps, params.id),
      sso({
        params: IdParamsSchema,
        ...adminRoute(
          "Test sign-in: fetch and check the provider's discovery document",
          { 200: CheckResultSchema },
          {
            description:
              '`ok` false with what went wrong: the provider down or too slow, a discovery document whose issuer ' +
              'is not exactly the configured one, endpoints missing, or a stored secret that does not open.',
          },
        ),
      }),
    );
