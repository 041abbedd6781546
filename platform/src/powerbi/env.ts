import * as v from 'valibot';
import { envUrl } from '../env';

/** Where the capacity calls go (issue 29): Azure Resource Manager, and Entra ID for the workers' own token. */
export const capacityEnvEntries = {
  /** Azure Resource Manager (`{url}/subscriptions/.../capacities/{name}`), through the outbound guard. */
  AZURE_MANAGEMENT_URL: v.optional(envUrl(['https:', 'http:'], 'http(s)'), 'https://management.azure.com'),
};

/** Entra ID and the Power BI REST API, for the API's embed tokens and the workers' report exports alike. */
export const powerBiApiEnvEntries = {
  /** Where Entra ID issues the Power BI service principal's tokens (`{authority}/{tenantId}/oauth2/v2.0/token`). */
  POWERBI_AUTHORITY_URL: v.optional(envUrl(['https:', 'http:'], 'http(s)'), 'https://login.microsoftonline.com'),
  /** The Power BI REST API (`{api}/v1.0/myorg/...`). */
  POWERBI_API_URL: v.optional(envUrl(['https:', 'http:'], 'http(s)'), 'https://api.powerbi.com'),
};

/** The workers' own Azure entries (the capacity calls). */
export const powerBiWorkerEnvEntries = {
  /** How long a capacity call may take. */
  AZURE_TIMEOUT_MS: v.optional(v.pipe(v.string(), v.regex(/^\d{3,6}$/), v.transform(Number)), '8000'),
};
