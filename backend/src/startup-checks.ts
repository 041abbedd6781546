import { ConfigError } from '@app/platform/env';
import { metricsTokenProblems } from '@app/platform/metrics-token';
import type postgres from 'postgres';
import type { ApiConfig } from './env';

/**
 * What the API refuses to start without in production (`NODE_ENV=production`, as the Docker image sets it), beyond
 * the variables' own checks: a METRICS_TOKEN, since GET /metrics (queue sizes, request counts by route) would
 * otherwise answer anyone who can reach the API, and an APP_ENCRYPTION_KEY.
 */
const productionProblems = (config: ApiConfig, env: Record<string, string | undefined>): string[] => [
  ...metricsTokenProblems(config.METRICS_TOKEN, env),
  // Decision 045: two-factor sign-in, single sign-on and embed connections all need it; without it they would tell
  // people the server is not set up. Make it once and keep it (what it sealed opens only with it).
  ...(env.NODE_ENV === 'production' && !config.APP_ENCRYPTION_KEY
    ? [
        'APP_ENCRYPTION_KEY: required when NODE_ENV=production (two-factor sign-in, single sign-on and embed connections seal their secrets with it); make it once with openssl rand -base64 32 and keep it',
      ]
    : []),
];

/** Throws the ConfigError that server.ts prints before exiting 1. */
export function assertStartable(config: ApiConfig, env: Record<string, string | undefined> = process.env): void {
  const problems = productionProblems(config, env);
  if (problems.length) throw new ConfigError(problems);
}

/**
 * Decision 030: the API refuses to start when embed connections exist and APP_ENCRYPTION_KEY is not set, rather than
 * start and fail every Power BI, Tableau or Metabase dashboard at its first viewer.
 */
export async function assertSecretsCanOpen(config: Pick<ApiConfig, 'APP_ENCRYPTION_KEY'>, sql: postgres.Sql) {
  if (config.APP_ENCRYPTION_KEY) return;
  // Organizations' single sign-on keeps its client secrets sealed the same way (decision 034).
  const [row] = await sql<{ count: number; sso: number }[]>`
    select (select count(*) from embed_connections)::int as count, (select count(*) from organization_sso)::int as sso`;
  if (row && row.count > 0)
    throw new ConfigError([
      `APP_ENCRYPTION_KEY is required: ${row.count} embed connection(s) keep their secrets sealed with it (openssl rand -base64 32 made the key; use the same one)`,
    ]);
  if (row && row.sso > 0)
    throw new ConfigError([
      `APP_ENCRYPTION_KEY is required: ${row.sso} organization(s) keep their single sign-on client secret sealed with it (use the same key)`,
    ]);
}
