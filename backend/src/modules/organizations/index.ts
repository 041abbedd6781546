/** The organizations module's public face: other modules and the composition root import only this (issue 27). */
export { existingOrganizationIds, findOrganization, insertOrganization } from './organizations.repository';
export { organizationsRoutes } from './organizations.routes';
