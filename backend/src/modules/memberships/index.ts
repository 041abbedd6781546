/** The memberships module's public face: other modules and the composition root import only this (issue 27). */
export { addMembership, organizationIdsOf, removeMemberships } from './memberships.repository';
export { membershipsRoutes } from './memberships.routes';
