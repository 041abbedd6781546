import { readFileSync } from 'node:fs';
import { Cluster, Redis, type RedisOptions } from 'ioredis';
import * as v from 'valibot';
import { ConfigError, envUrl } from './env';

/**
 * Where Redis is, for every process and every connection of the product (the API's queue and rate-limit
 * connections, the queue board, the workers): one server (REDIS_URL), a Sentinel-watched master
 * (REDIS_SENTINELS + REDIS_SENTINEL_NAME) or a Cluster (REDIS_CLUSTER_NODES). With Sentinel or Cluster, REDIS_URL
 * still gives the password, user, database number and TLS (rediss:) of the data nodes; its host is not used. The
 * Sentinels have their own password and TLS (REDIS_SENTINEL_PASSWORD, REDIS_SENTINEL_TLS): they are separate servers.
 * REDIS_TLS_CA_FILE names the CA that signed the servers' certificates when it is not one the system trusts.
 */

interface HostPort {
  host: string;
  port: number;
}

/** `host:port,host:port` (IPv6 as `[::1]:26379`) into a list; a bad entry is named in the message. */
const envHostList = v.pipe(
  v.string(),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const hosts: HostPort[] = [];
    for (const entry of dataset.value.split(',').map((part) => part.trim())) {
      const match = /^(?:\[([0-9a-fA-F:.]+)\]|([\w.-]+)):(\d{1,5})$/.exec(entry);
      const port = Number(match?.[3]);
      if (!match || port < 1 || port > 65535) {
        addIssue({ message: `must be host:port entries separated by commas ("${entry.slice(0, 60)}" is not one)` });
        return NEVER;
      }
      hosts.push({ host: (match[1] ?? match[2])!, port });
    }
    return hosts;
  }),
);

/** The Redis variables of the API and the workers alike (spread into each one's env schema). */
export const redisEnvEntries = {
  REDIS_URL: envUrl(['redis:', 'rediss:'], 'Redis'),
  /** Sentinels watching the master (host:port, comma-separated); with REDIS_SENTINEL_NAME. */
  REDIS_SENTINELS: v.optional(envHostList),
  /** The master's name in the Sentinels' configuration (`sentinel monitor <name> ...`). */
  REDIS_SENTINEL_NAME: v.optional(v.pipe(v.string(), v.regex(/^[\w.-]+$/, 'must be letters, digits, ., - or _'))),
  /** The Sentinels' own user and password (`requirepass` in sentinel.conf), when they have one. */
  REDIS_SENTINEL_USERNAME: v.optional(v.pipe(v.string(), v.minLength(1, 'must not be empty when set'))),
  REDIS_SENTINEL_PASSWORD: v.optional(v.pipe(v.string(), v.minLength(1, 'must not be empty when set'))),
  /** Whether the Sentinels speak TLS (`tls-port` in sentinel.conf); default: as REDIS_URL (rediss: means yes). */
  REDIS_SENTINEL_TLS: v.optional(v.picklist(['true', 'false'], 'must be true or false')),
  /** A PEM file of the CA certificate(s) that signed Redis's and the Sentinels' certificates (a private CA). */
  REDIS_TLS_CA_FILE: v.optional(
    v.pipe(
      v.string(),
      v.check((path) => {
        try {
          return readFileSync(path, 'utf8').includes('-----BEGIN CERTIFICATE-----');
        } catch {
          return false;
        }
      }, 'must be a readable PEM file of CA certificates'),
    ),
  ),
  /** Some nodes of a Redis Cluster (host:port, comma-separated); the rest are discovered. */
  REDIS_CLUSTER_NODES: v.optional(envHostList),
  /**
   * The prefix of every queue and rate-limit key. On Redis Cluster it must be a {hash tag} (BullMQ keeps each
   * queue's keys in one slot, and the rate limiter's script reads several keys at once).
   */
  QUEUE_PREFIX: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^(\{[\w-]+\}|[\w-]+)$/, 'must be letters, digits, - or _, optionally in one pair of {}'),
    ),
    'bull',
  ),
};

export interface RedisConfig {
  REDIS_URL: string;
  REDIS_SENTINELS?: HostPort[] | undefined;
  REDIS_SENTINEL_NAME?: string | undefined;
  REDIS_CLUSTER_NODES?: HostPort[] | undefined;
  REDIS_SENTINEL_USERNAME?: string | undefined;
  REDIS_SENTINEL_PASSWORD?: string | undefined;
  REDIS_SENTINEL_TLS?: 'true' | 'false' | undefined;
  REDIS_TLS_CA_FILE?: string | undefined;
  QUEUE_PREFIX: string;
}

/** The checks across variables, which each variable's own schema cannot make: thrown as one ConfigError. */
export function checkRedisConfig<T extends RedisConfig>(config: T): T {
  const problems: string[] = [];
  if (config.REDIS_SENTINELS && config.REDIS_CLUSTER_NODES)
    problems.push('REDIS_SENTINELS and REDIS_CLUSTER_NODES: set one of them (Sentinel or Cluster), not both');
  if (config.REDIS_SENTINELS && !config.REDIS_SENTINEL_NAME)
    problems.push("REDIS_SENTINEL_NAME is required with REDIS_SENTINELS (the master's name the Sentinels monitor)");
  if (config.REDIS_SENTINEL_NAME && !config.REDIS_SENTINELS)
    problems.push('REDIS_SENTINEL_NAME: only used with REDIS_SENTINELS, which is not set');
  for (const name of ['REDIS_SENTINEL_USERNAME', 'REDIS_SENTINEL_PASSWORD', 'REDIS_SENTINEL_TLS'] as const)
    if (config[name] !== undefined && !config.REDIS_SENTINELS)
      problems.push(`${name}: only used with REDIS_SENTINELS, which is not set`);
  if (config.REDIS_CLUSTER_NODES && !config.QUEUE_PREFIX.startsWith('{'))
    problems.push(
      `QUEUE_PREFIX: must be a {hash tag} on Redis Cluster, for example {${config.QUEUE_PREFIX}} (each queue's keys must share a slot)`,
    );
  if (problems.length) throw new ConfigError(problems);
  return config;
}

/** TLS settings: the private CA of REDIS_TLS_CA_FILE when set, else the system's. */
const tlsOptions = (config: RedisConfig) =>
  config.REDIS_TLS_CA_FILE ? { ca: readFileSync(config.REDIS_TLS_CA_FILE, 'utf8') } : {};

/** What REDIS_URL says about the data nodes besides their address. */
function nodeOptions(config: RedisConfig): RedisOptions {
  const parsed = new URL(config.REDIS_URL);
  const db = Number(parsed.pathname.slice(1) || 0);
  return {
    ...(parsed.username ? { username: decodeURIComponent(parsed.username) } : {}),
    ...(parsed.password ? { password: decodeURIComponent(parsed.password) } : {}),
    ...(db ? { db } : {}),
    ...(parsed.protocol === 'rediss:' ? { tls: tlsOptions(config) } : {}),
  };
}

/**
 * Sentinel mode's own options. ioredis applies `tls` to the data nodes only with enableTLSForSentinelMode (without it
 * a rediss: URL reached the master unencrypted), and talks to the Sentinels with sentinelTLS and sentinelPassword.
 */
function sentinelOptions(config: RedisConfig): RedisOptions {
  const dataTls = new URL(config.REDIS_URL).protocol === 'rediss:';
  const sentinelTls = config.REDIS_SENTINEL_TLS ? config.REDIS_SENTINEL_TLS === 'true' : dataTls;
  return {
    enableTLSForSentinelMode: dataTls,
    ...(sentinelTls ? { sentinelTLS: tlsOptions(config) } : {}),
    ...(config.REDIS_SENTINEL_USERNAME ? { sentinelUsername: config.REDIS_SENTINEL_USERNAME } : {}),
    ...(config.REDIS_SENTINEL_PASSWORD ? { sentinelPassword: config.REDIS_SENTINEL_PASSWORD } : {}),
  };
}

/** A Sentinel failover demotes the old master: writes to it answer READONLY until the client reconnects. */
const reconnectOnReadonly = (error: Error) => (error.message.startsWith('READONLY') ? 2 : false);

/**
 * A connection for one use, with that use's options (e.g. the API's `enableOfflineQueue: false`, the workers'
 * `maxRetriesPerRequest: null`). A Cluster is returned under Redis's type: it has the same commands, and BullMQ and
 * everything here use only those.
 */
export function createRedis(config: RedisConfig, options: RedisOptions = {}): Redis {
  if (config.REDIS_CLUSTER_NODES) {
    const { enableOfflineQueue, enableAutoPipelining, lazyConnect, ...perNode } = options;
    return new Cluster(config.REDIS_CLUSTER_NODES, {
      redisOptions: { ...nodeOptions(config), ...perNode },
      ...(enableOfflineQueue === undefined ? {} : { enableOfflineQueue }),
      ...(enableAutoPipelining === undefined ? {} : { enableAutoPipelining }),
      ...(lazyConnect === undefined ? {} : { lazyConnect }),
    }) as unknown as Redis;
  }
  if (config.REDIS_SENTINELS)
    return new Redis({
      ...nodeOptions(config),
      ...sentinelOptions(config),
      sentinels: config.REDIS_SENTINELS,
      name: config.REDIS_SENTINEL_NAME,
      // Drops the connection as soon as the Sentinels announce a new master, instead of at the next failed command.
      failoverDetector: true,
      reconnectOnError: reconnectOnReadonly,
      ...options,
    });
  // A private CA for a single rediss: server too (the URL alone would use the system's CAs).
  if (config.REDIS_TLS_CA_FILE && new URL(config.REDIS_URL).protocol === 'rediss:')
    return new Redis(config.REDIS_URL, { tls: tlsOptions(config), ...options });
  return new Redis(config.REDIS_URL, options);
}
