import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ConfigError, parseEnv } from './env';
import { checkRedisConfig, createRedis, redisEnvEntries } from './redis';

const schema = v.object(redisEnvEntries);
const load = (env: Record<string, string>) =>
  checkRedisConfig(parseEnv(schema, { REDIS_URL: 'redis://127.0.0.1:6379', ...env }));
const problems = (env: Record<string, string>) => {
  try {
    load(env);
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
};

describe('Redis settings', () => {
  it('read Sentinels and Cluster nodes as host:port lists, IPv6 included', () => {
    expect(
      load({ REDIS_SENTINELS: 's1:26379, 10.0.0.2:26380,[::1]:26381', REDIS_SENTINEL_NAME: 'mymaster' }),
    ).toMatchObject({
      REDIS_SENTINELS: [
        { host: 's1', port: 26379 },
        { host: '10.0.0.2', port: 26380 },
        { host: '::1', port: 26381 },
      ],
      REDIS_SENTINEL_NAME: 'mymaster',
    });
    expect(load({ REDIS_CLUSTER_NODES: 'n1:7000,n2:7001', QUEUE_PREFIX: '{lucid}' })).toMatchObject({
      REDIS_CLUSTER_NODES: [
        { host: 'n1', port: 7000 },
        { host: 'n2', port: 7001 },
      ],
      QUEUE_PREFIX: '{lucid}',
    });
    expect(load({}).QUEUE_PREFIX).toBe('bull');
  });

  it('refuse bad entries, naming the variable and the entry', () => {
    expect(problems({ REDIS_SENTINELS: 's1:26379,s2', REDIS_SENTINEL_NAME: 'm' })).toEqual([
      'REDIS_SENTINELS: must be host:port entries separated by commas ("s2" is not one)',
    ]);
    expect(problems({ REDIS_CLUSTER_NODES: 'n1:99999', QUEUE_PREFIX: '{x}' })[0]).toMatch(/^REDIS_CLUSTER_NODES: /);
    expect(problems({ QUEUE_PREFIX: '{a}{b}' })[0]).toMatch(/^QUEUE_PREFIX: must be letters/);
    expect(problems({ QUEUE_PREFIX: 'a:b' })[0]).toMatch(/^QUEUE_PREFIX: /);
    expect(problems({ REDIS_SENTINEL_NAME: 'bad name', REDIS_SENTINELS: 's:1' })[0]).toMatch(/^REDIS_SENTINEL_NAME: /);
  });

  it('refuse combinations that cannot work', () => {
    expect(problems({ REDIS_SENTINELS: 's1:26379' })).toEqual([
      "REDIS_SENTINEL_NAME is required with REDIS_SENTINELS (the master's name the Sentinels monitor)",
    ]);
    expect(problems({ REDIS_SENTINEL_NAME: 'm' })).toEqual([
      'REDIS_SENTINEL_NAME: only used with REDIS_SENTINELS, which is not set',
    ]);
    expect(problems({ REDIS_CLUSTER_NODES: 'n1:7000' })).toEqual([
      "QUEUE_PREFIX: must be a {hash tag} on Redis Cluster, for example {bull} (each queue's keys must share a slot)",
    ]);
    expect(
      problems({
        REDIS_CLUSTER_NODES: 'n1:7000',
        REDIS_SENTINELS: 's:1',
        REDIS_SENTINEL_NAME: 'm',
        QUEUE_PREFIX: '{q}',
      }),
    ).toEqual(['REDIS_SENTINELS and REDIS_CLUSTER_NODES: set one of them (Sentinel or Cluster), not both']);
  });

  it('connect to the topology they name, with the password and database of REDIS_URL', () => {
    const base = { REDIS_URL: 'redis://user:p%40ss@ignored:1/3', lazyConnect: true };
    const sentinel = createRedis(
      load({ REDIS_URL: base.REDIS_URL, REDIS_SENTINELS: 's1:26379', REDIS_SENTINEL_NAME: 'm' }),
      { lazyConnect: true },
    );
    expect(sentinel.options).toMatchObject({
      sentinels: [{ host: 's1', port: 26379 }],
      name: 'm',
      username: 'user',
      password: 'p@ss',
      db: 3,
    });
    const cluster = createRedis(
      load({ REDIS_URL: base.REDIS_URL, REDIS_CLUSTER_NODES: 'n1:7000', QUEUE_PREFIX: '{q}' }),
      {
        lazyConnect: true,
        enableOfflineQueue: false,
        maxRetriesPerRequest: null,
      },
    ) as unknown as { isCluster: boolean; options: { enableOfflineQueue: boolean; redisOptions: object } };
    expect(cluster.isCluster).toBe(true);
    expect(cluster.options.enableOfflineQueue).toBe(false);
    expect(cluster.options.redisOptions).toMatchObject({ password: 'p@ss', maxRetriesPerRequest: null });
    const single = createRedis(load({}), { lazyConnect: true });
    expect(single.options).toMatchObject({ host: '127.0.0.1', port: 6379 });
    for (const client of [sentinel, single]) client.disconnect();
  });

  it('reach Sentinels and data nodes with their own passwords and TLS (rediss: was sent unencrypted before)', () => {
    const ca = join(mkdtempSync(join(tmpdir(), 'redis-ca-')), 'ca.crt');
    writeFileSync(ca, '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n');
    const client = createRedis(
      load({
        REDIS_URL: 'rediss://:data-pw@ignored:1',
        REDIS_SENTINELS: 's1:26379',
        REDIS_SENTINEL_NAME: 'm',
        REDIS_SENTINEL_PASSWORD: 'sentinel-pw',
        REDIS_TLS_CA_FILE: ca,
      }),
      { lazyConnect: true },
    );
    expect(client.options).toMatchObject({
      password: 'data-pw',
      tls: { ca: expect.stringContaining('BEGIN CERTIFICATE') },
      enableTLSForSentinelMode: true,
      sentinelTLS: { ca: expect.stringContaining('BEGIN CERTIFICATE') },
      sentinelPassword: 'sentinel-pw',
    });
    // Plain Sentinels in front of TLS data nodes, when REDIS_SENTINEL_TLS says so.
    const mixed = createRedis(
      load({
        REDIS_URL: 'rediss://ignored:1',
        REDIS_SENTINELS: 's1:26379',
        REDIS_SENTINEL_NAME: 'm',
        REDIS_SENTINEL_TLS: 'false',
      }),
      { lazyConnect: true },
    );
    expect(mixed.options.enableTLSForSentinelMode).toBe(true);
    expect(mixed.options.sentinelTLS).toBeUndefined();
    for (const c of [client, mixed]) c.disconnect();
  });

  it('refuse Sentinel settings without Sentinels, and a CA file that is not one', () => {
    expect(problems({ REDIS_SENTINEL_PASSWORD: 'x' })).toEqual([
      'REDIS_SENTINEL_PASSWORD: only used with REDIS_SENTINELS, which is not set',
    ]);
    expect(problems({ REDIS_TLS_CA_FILE: '/nonexistent/ca.crt' })).toEqual([
      'REDIS_TLS_CA_FILE: must be a readable PEM file of CA certificates',
    ]);
    expect(problems({ REDIS_SENTINELS: 's:1', REDIS_SENTINEL_NAME: 'm', REDIS_SENTINEL_TLS: 'yes' })[0]).toMatch(
      /^REDIS_SENTINEL_TLS: must be true or false/,
    );
  });
});
