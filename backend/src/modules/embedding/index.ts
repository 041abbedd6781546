/** The embedding module's public face: other modules and the composition root import only this (issue 27). */
export { embedConnectionsRoutes } from './connections.routes';
export { ConnectionSecretError, loadOpenConnection } from './connections.service';
export { createEmbedOrigins, withEmbedOrigins } from './embed-origins';
export { importedReports } from './imported-reports.repository';
export { powerBiAdminRoutes } from './powerbi-admin.routes';
export { openPowerBiConnection, reportProblem } from './powerbi-reports';
export {
  type EmbedIdentity,
  type EmbedTarget,
  embedProviders,
  isProviderError,
  isReservedTableauClaim,
  type OpenConnection,
} from './providers';
export { recordPersonEvent, recordSharingEvent } from './sharing-events';
export { targetWarning } from './target-check';
