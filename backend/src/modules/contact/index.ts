/** The contact module's public face: other modules and the composition root import only this (issue 27). */
export { contactRoutes } from './contact.routes';
