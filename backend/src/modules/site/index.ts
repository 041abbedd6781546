/** The site module's public face: other modules and the composition root import only this (issue 27). */
export { sitePages } from './site.pages';
export { listPublishedCaseStudies } from './site.repository';
export { adminSiteRoutes, siteRoutes } from './site.routes';
