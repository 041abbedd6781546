/** Where the benchmarks find PostgreSQL and Redis: the environment, else the local defaults. */
export const DATABASE_SERVER_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
export const APP_URL = 'http://localhost:3000';
export const COMPANY_EMAIL = 'hello@lucid-insight.test';
export const EMAIL_FROM = 'Lucid Insight <no-reply@lucid-insight.test>';
export const ROOT = new URL('../../', import.meta.url).pathname;

/** A queue prefix of its own per run, so a benchmark never sees another's jobs. */
export const uniquePrefix = (name: string) => `bench-${name}-${crypto.randomUUID().slice(0, 8)}`;
