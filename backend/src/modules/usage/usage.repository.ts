/** The usage figures (issue 18) are shared with the workers' monthly digest: one home, `@app/db/queries/usage`. */
export type { UsageCount, UsageRanking, UsageTotal } from '@app/db/queries/usage';
export {
  dashboardNames,
  displayName,
  idleDashboards,
  inactiveClients,
  organizationNames,
  periodsOf,
  personNames,
  topDashboards,
  topOrganizations,
  topPeople,
  viewsPerDashboard,
  viewsPerOrganization,
  viewsPerPeriod,
  viewsPerPerson,
} from '@app/db/queries/usage';
