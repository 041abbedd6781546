/** The personal-data module's public face: other modules and the composition root import only this (issue 27). */
export { accountPersonalDataRoutes, personalDataRoutes } from './personal-data.routes';
