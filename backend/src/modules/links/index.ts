/** The links module's public face: other modules and the composition root import only this (issue 27). */

export { insertLink } from './links.repository';
export { linksRoutes } from './links.routes';
