import { ApiErrorSchema, IdParamsSchema, PowerBiImportInputSchema, PowerBiImportResultSchema } from '@app/contracts';
import type { AppDeps } from '../../deps';
import { adminRoute } from '../../lib/route-options';
import { adminOnly, type GuardDeps } from '../../plugins/auth';
import type { DashboardAdminDeps } from './dashboards.service';
import { importReports } from './powerbi-import.service';

/** Import from a workspace (issue 29): the dashboards a Power BI connection's reports become. */
export const powerBiImportRoutes = (deps: Pick<AppDeps, 'embedOrigins'> & DashboardAdminDeps & GuardDeps) =>
  adminOnly('powerbi-import-routes', deps).post(
    '/api/admin/embed-connections/:id/import',
    ({ params, body, user }) => importReports(deps, user, params.id, body),
    {
      params: IdParamsSchema,
      body: PowerBiImportInputSchema,
      ...adminRoute(
        'Power BI: make a token-mode dashboard of each chosen report (name and description as edited)',
        { 200: PowerBiImportResultSchema, 422: ApiErrorSchema, 503: ApiErrorSchema },
        {
          description:
            'Each report is read again first: one deleted since the listing, already imported or no longer visible ' +
            'is listed in `failed` with why; the others are made (audited as dashboard.create). 422 for another ' +
            'provider or a secret that does not open.',
        },
      ),
    },
  );
