import {
  ApiErrorSchema,
  CapacityAnswerSchema,
  CapacityInputSchema,
  IdParamsSchema,
  PowerBiImportableSchema,
} from '@app/contracts';
import { adminChange, adminRemove, adminRoute, noContent } from '../../lib/route-options';
import { adminOnly, type GuardDeps } from '../../plugins/auth';
import type { ConnectionsDeps } from './connections.service';
import { embedding } from './embedding-route';
import * as powerbi from './powerbi-admin.service';

const providerErrors = { 422: ApiErrorSchema, 502: ApiErrorSchema, 503: ApiErrorSchema, 504: ApiErrorSchema };

/** Power BI as the commercial portals run it (issue 29): the capacity that pauses itself, import from a workspace. */
export const powerBiAdminRoutes = (deps: ConnectionsDeps & GuardDeps) =>
  adminOnly('powerbi-admin-routes', deps)
    .get(
      '/api/admin/embed-connections/:id/capacity',
      ({ params }) => powerbi.readCapacity(deps, params.id),
      embedding({
        params: IdParamsSchema,
        ...adminRoute(
          "The connection's capacity: its settings, what Azure last said, hours paused this month and the money saved",
          { 200: CapacityAnswerSchema },
          { description: '`capacity` null when the connection names none; 404 for an unknown connection.' },
        ),
      }),
    )
    .put(
      '/api/admin/embed-connections/:id/capacity',
      ({ params, body, user }) => powerbi.saveCapacity(deps, user, params.id, body),
      embedding(
        adminChange(
          'Name the Azure capacity of a Power BI connection, its active hours and when it pauses (audited)',
          CapacityInputSchema,
          CapacityAnswerSchema,
          {
            description:
              'Outside the active hours (local times in `timeZone` on `activeDays`, 1 = Monday; equal times: none) ' +
              'the capacity is paused after `idleMinutes` without a viewer and no export running; a viewer arriving ' +
              'resumes it. The service principal needs a role on the capacity that may suspend and resume it. 422 ' +
              'for another provider or a field out of range.',
          },
        ),
      ),
    )
    .delete(
      '/api/admin/embed-connections/:id/capacity',
      ({ params, user }) => noContent(powerbi.removeCapacity(deps, user, params.id)),
      embedding(adminRemove(IdParamsSchema, 'Stop managing the capacity of a Power BI connection', 'Removed')),
    )
    .get(
      '/api/admin/embed-connections/:id/powerbi-reports',
      ({ params }) => powerbi.importableReports(deps, params.id),
      embedding({
        params: IdParamsSchema,
        ...adminRoute(
          'Power BI: the workspaces the service principal sees and their reports, those already imported marked',
          { 200: PowerBiImportableSchema, ...providerErrors },
          {
            description:
              'A workspace whose reports cannot be listed (403) carries `error`; 502 with what Power BI said when ' +
              'the workspaces cannot be listed, 504 when it did not answer in time; 422 for another provider.',
          },
        ),
      }),
    );
