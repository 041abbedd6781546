import { dropStaleTestDatabases, ensureTemplateDatabase } from '@app/db/testing';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseServerUrl: string;
    redisUrl: string;
  }
}

/**
 * Finds PostgreSQL and Redis for the integration and browser tests: DATABASE_URL / REDIS_URL when set (CI and
 * developer machines with local services), otherwise throwaway containers started with Testcontainers.
 * Builds the migrated template database once; each test file copies it.
 */
export default async function setup(project: TestProject) {
  const stops: (() => Promise<unknown>)[] = [];
  let databaseServerUrl = process.env.DATABASE_URL;
  let redisUrl = process.env.REDIS_URL;

  if (!databaseServerUrl) {
    const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
    const container = await new PostgreSqlContainer('postgres:17-alpine').start();
    databaseServerUrl = container.getConnectionUri();
    stops.push(() => container.stop());
  }
  if (!redisUrl) {
    const { GenericContainer, Wait } = await import('testcontainers');
    const container = await new GenericContainer('redis:7-alpine')
      .withCommand(['redis-server', '--maxmemory-policy', 'noeviction'])
      .withExposedPorts(6379)
      .withWaitStrategy(Wait.forLogMessage('Ready to accept connections'))
      .start();
    redisUrl = `redis://${container.getHost()}:${container.getMappedPort(6379)}`;
    stops.push(() => container.stop());
  }

  await ensureTemplateDatabase(databaseServerUrl);
  await dropStaleTestDatabases(databaseServerUrl).catch(() => {});
  project.provide('databaseServerUrl', databaseServerUrl);
  project.provide('redisUrl', redisUrl);

  return async () => {
    for (const stop of stops) await stop();
  };
}
