import {
  ApiErrorSchema,
  CheckResultSchema,
  EmbedConnectionInputSchema,
  EmbedConnectionSchema,
  IdParamsSchema,
  LookerStudioAssetsQuerySchema,
  LookerStudioAssetsSchema,
  SavedEmbedConnectionSchema,
  SharingSyncResultSchema,
} from '@app/contracts';
import { adminChange, adminCreate, adminList, adminRemove, adminRoute, noContent } from '../../lib/route-options';
import { adminOnly, type GuardDeps } from '../../plugins/auth';
import { listConnections } from './connections.repository';
import * as connections from './connections.service';
import { embedding } from './embedding-route';
import * as lookerSharing from './looker-sharing.service';

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
          { 200: CheckResultSchema },
          {
            description:
              '`ok` false with what the provider said (wrong secret, not found, down, too slow) or that the stored ' +
              'secret does not open; 404 for an unknown connection; 503 when APP_ENCRYPTION_KEY is not set.',
          },
        ),
      }),
    )
    .get(
      '/api/admin/embed-connections/:id/assets',
      ({ params, query }) => lookerSharing.searchReports(deps, params.id, query.q),
      needsKey({
        params: IdParamsSchema,
        query: LookerStudioAssetsQuerySchema,
        ...adminRoute(
          'Looker Studio: the reports the delegated user can share (assets:search), `q` filtering by title',
          { 200: LookerStudioAssetsSchema, 422: ApiErrorSchema, 502: ApiErrorSchema, 504: ApiErrorSchema },
          {
            description:
              '422 for a connection of another provider or whose key does not open; 502 with what Google said (a ' +
              'key or delegation it refuses, Google down), 504 when it did not answer in time.',
          },
        ),
      }),
    )
    .post(
      '/api/admin/embed-connections/:id/sync',
      ({ params, user }) => lookerSharing.syncConnection(deps, user, params.id),
      needsKey({
        params: IdParamsSchema,
        ...adminRoute(
          'Looker Studio: bring every report of the connection in step with the organizations now (audited)',
          { 200: SharingSyncResultSchema, 422: ApiErrorSchema, 502: ApiErrorSchema, 504: ApiErrorSchema },
          {
            description:
              'Adds as VIEWER whoever may see a dashboard through an organization, removes the VIEWERs the portal ' +
              'granted who no longer may, turns link sharing off, and reports the VIEWERs nobody expected (removed ' +
              'only when the connection owns sharing, D36); owners and editors are never touched. A report that could ' +
              'not be brought in step is listed in `errors`. 502/504 when Google refuses the key or delegation, or is ' +
              'down or too slow.',
          },
        ),
      }),
    );
