import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * The one token of every `GET /metrics` (decision 023): the API's and the workers' alike, so Prometheus sends the same
 * `Authorization: Bearer <METRICS_TOKEN>` to both, and both refuse to start without one in production.
 */

/** The shortest METRICS_TOKEN taken in production: a guessable token is no better than none. */
const MIN_METRICS_TOKEN_LENGTH = 16;

/** What is wrong with the token in this environment ('production': `NODE_ENV=production`, as the image sets it). */
export function metricsTokenProblems(token: string | undefined, env: Record<string, string | undefined>): string[] {
  if (env.NODE_ENV !== 'production') return [];
  const trimmed = token?.trim() ?? '';
  if (!trimmed)
    return [
      'METRICS_TOKEN: required when NODE_ENV=production (GET /metrics would be public without it); e.g. openssl rand -hex 24',
    ];
  if (trimmed.length < MIN_METRICS_TOKEN_LENGTH)
    return [`METRICS_TOKEN: must be at least ${MIN_METRICS_TOKEN_LENGTH} characters when NODE_ENV=production`];
  return [];
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Whether a request may read the metrics: any request when no token is set (outside production), otherwise only one
 * with `Authorization: Bearer <token>`, compared in constant time.
 */
export function metricsAllowed(authorization: string | null, token: string | undefined): boolean {
  if (!token) return true;
  return timingSafeEqual(digest(authorization ?? ''), digest(`Bearer ${token}`));
}
