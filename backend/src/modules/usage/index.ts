/** The usage module's public face: other modules and the composition root import only this (issue 27). */

export { periodsOf, viewsPerOrganization } from './usage.repository';
export { usageRoutes } from './usage.routes';
