/** The usage figures (issue 18) are shared with the workers' monthly digest: one home, `@app/db/queries/usage`. */
export type { UsageCount, UsageRanking, UsageTotal, ViewsApart } from '@app/db/queries/usage';
export {
  dashboardNames,
  displayName,
  idleDashboards,
  inactiveClients,
  organizationNames,
  periodsOf,
  personNames,
  viewsApart,
  viewsPerDashboard,
  viewsPerOrganization,
  viewsPerPerson,
} from '@app/db/queries/usage';
export { topDashboards, topOrganizations, topPeople, viewsPerPeriod } from '@app/db/queries/usage-roll-ups';
