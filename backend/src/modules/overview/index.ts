/** The overview module's public face: the composition root imports only this (issue 27). */
export { overviewRoutes } from './overview.routes';
