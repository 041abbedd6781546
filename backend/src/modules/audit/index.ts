/** The audit module's public face: other modules and the composition root import only this (issue 27). */
export { insertAudit } from './audit.repository';
export { auditRoutes } from './audit.routes';
export { type Actor, changed, onOrganization, withAudit } from './with-audit';
