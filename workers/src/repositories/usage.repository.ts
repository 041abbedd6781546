/** The usage figures (issue 18), shared with the API's usage report: one home, `@app/db/queries/usage`. */
export type { UsageCount } from '@app/db/queries/usage';
export {
  activeAdmins,
  dashboardNames,
  displayName,
  idleDashboards,
  inactiveClients,
  organizationNames,
  viewsPerDashboard,
  viewsPerOrganization,
} from '@app/db/queries/usage';
