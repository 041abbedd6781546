/** The leads module's public face: other modules and the composition root import only this (issue 27). */
export { leadsRoutes } from './leads.routes';
