import * as v from 'valibot';
import { envUrl } from '../env';

/** Where the capacity calls go (issue 29): Azure Resource Manager, and Entra ID for the workers' own token. */
export const capacityEnvEntries = {
  /** Azure Resource Manager (`{url}/subscriptions/.../capacities/{name}`), through the outbound guard. */
  AZURE_MANAGEMENT_URL: v.optional(envUrl(['https:', 'http:'], 'http(s)'), 'https://management.azure.com'),
};

/** The workers' Entra ID authority and Power BI API (the API has its own entries of both). */
export const powerBiWorkerEnvEntries = {
  POWERBI_AUTHORITY_URL: v.optional(envUrl(['https:', 'http:'], 'http(s)'), 'https://login.microsoftonline.com'),
  POWERBI_API_URL: v.optional(envUrl(['https:', 'http:'], 'http(s)'), 'https://api.powerbi.com'),
  /** How long a capacity call may take. */
  AZURE_TIMEOUT_MS: v.optional(v.pipe(v.string(), v.regex(/^\d{3,6}$/), v.transform(Number)), '8000'),
};
