/** The usage figures (issue 18) are shared with the workers' monthly digest: one home, `@app/db/queries/usage`. */
export type { UsageCount } from '@app/db/queries/usage';
export {
  dashboardNames,
  displayName,
  idleDashboards,
  inactiveClients,
  organizationNames,
  personNames,
  viewsPerDashboard,
  viewsPerOrganization,
  viewsPerPerson,
} from '@app/db/queries/usage';
