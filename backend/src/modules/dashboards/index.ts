/** The dashboards module's public face: other modules and the composition root import only this (issue 27). */
export { embedModeOf, listDashboards } from './dashboards.repository';
export { dashboardsRoutes } from './dashboards.routes';
export { embedTokenRoutes } from './embed-token.routes';
export { normalizeImageUrl } from './embed-url';
export { powerBiImportRoutes } from './powerbi-import.routes';
export { createPublicDashboardsCache } from './public-dashboards.cache';
export { servePublicListNatively } from './public-list.native';
