import {
  ApiErrorSchema,
  ConnectionTestSchema,
  EmbedConnectionInputSchema,
  EmbedConnectionSchema,
  IdParamsSchema,
  SavedEmbedConnectionSchema,
} from '@app/contracts';
import { adminChange, adminCreate, adminList, adminRemove, adminRoute, noContent } from '../../lib/route-options';
import { adminOnly, type GuardDeps } from '../../plugins/auth';
import { listConnections } from './connections.repository';
import * as connections from './connections.service';

const TAGS = ['Admin', 'Embedding'];

/** Filed under Embedding too, in the OpenAPI document. */
const embedding = <const R extends { detail: object }>(route: R) => ({
  ...route,
  detail: { ...route.detail, tags: TAGS },
});

/** A route that seals or opens secrets: 503 without APP_ENCRYPTION_KEY. */
const needsKey = <const R extends { response: object; detail: object }>(route: R) =>
  embedding({ ...route, response: { ...route.response, 503: ApiErrorSchema } });

const SAVE_NOTE =
  'Body: `{ name, provider, ...provider fields }` (Power BI: tenantId, clientId, clientSecret; Tableau: siteUrl, ' +
  'siteName, clientId, secretId, secretValue; Metabase: siteUrl, secretKey). Secrets are write-only: never returned, ' +
  'never logged, never in the audit log. The answer carries `test`, what testing the saved connection found: a ' +
  'provider down or a wrong secret never fails the save. 409 for a name taken; 503 when APP_ENCRYPTION_KEY is not set.';

/** The embed connections (issue 14, decision 030), behind the admin guard (401 anonymous, 403 non-admin, D10). */
export const embedConnectionsRoutes = (deps: connections.ConnectionsDeps & GuardDeps) =>
  adminOnly('embed-connections-routes', deps)
    .get(
      '/api/admin/embed-connections',
      () => listConnections(deps.db),
      embedding(adminList('Every embed connection by name, without its secrets', EmbedConnectionSchema)),
    )
    .post(
      '/api/admin/embed-connections',
      async ({ body, user, status }) => status(201, await connections.createConnection(deps, user, body)),
      needsKey(
        adminCreate(
          'Create an embed connection (every secret required), then test it',
          EmbedConnectionInputSchema,
          SavedEmbedConnectionSchema,
          { description: SAVE_NOTE },
        ),
      ),
    )
    .put(
      '/api/admin/embed-connections/:id',
      ({ params, body, user }) => connections.updateConnection(deps, user, params.id, body),
      needsKey(
        adminChange(
          'Change an embed connection (an empty secret keeps the stored one), then test it',
          EmbedConnectionInputSchema,
          SavedEmbedConnectionSchema,
          { description: `${SAVE_NOTE} 409 also when the provider of a connection used by dashboards changes.` },
        ),
      ),
    )
    .delete(
      '/api/admin/embed-connections/:id',
      ({ params, user }) => noContent(connections.deleteConnection(deps, user, params.id)),
      embedding(adminRemove(IdParamsSchema, 'Delete an embed connection (409 while dashboards use it)', 'Deleted')),
    )
    .post(
      '/api/admin/embed-connections/:id/test',
      ({ params, user }) => connections.testConnection(deps, user, params.id),
      needsKey({
        params: IdParamsSchema,
        ...adminRoute(
          'Test an embed connection: asks the provider with the stored secrets',
          { 200: ConnectionTestSchema },
          {
            description:
              '`ok` false with what the provider said (wrong secret, not found, down, too slow) or that the stored ' +
              'secret does not open; 404 for an unknown connection; 503 when APP_ENCRYPTION_KEY is not set.',
          },
        ),
      }),
    );
