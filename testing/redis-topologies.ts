/**
 * Highly available Redis set-ups for tests, made of Debian's `redis-server` (which is also the Sentinel, with
 * `--sentinel`) and `redis-cli` on loopback ports, in a temporary folder; `stop()` kills every process and removes it.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Redis, type RedisOptions } from 'ioredis';

const run = promisify(execFile);
const SENTINEL = '/usr/bin/redis-sentinel';

/** A loopback port that is free, and (for Cluster nodes) whose bus port, 10000 above, is free too. */
async function freePort(withBus = false): Promise<number> {
  const tryPort = (port: number) =>
    new Promise<boolean>((resolve) => {
      const server = createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
  for (;;) {
    const port = withBus ? 12000 + Math.floor(Math.random() * 40000) : 20000 + Math.floor(Math.random() * 40000);
    if ((await tryPort(port)) && (!withBus || (await tryPort(port + 10000)))) return port;
  }
}

async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}${last ? `: ${last}` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A test's own short-lived client: its connection errors are the probe's answer, not news. */
const quiet = (client: Redis) => client.on('error', () => {});

const ping = async (port: number, options: RedisOptions = {}) => {
  const client = quiet(
    new Redis({
      port,
      host: '127.0.0.1',
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
      ...options,
    }),
  );
  try {
    await client.connect();
    return (await client.ping()) === 'PONG' ? true : undefined;
  } finally {
    client.disconnect();
  }
};

function topology() {
  const dir = mkdtempSync(join(tmpdir(), 'redis-topology-'));
  const processes = new Map<number, ChildProcess>();
  const start = async (port: number, args: string[], command = 'redis-server', options: RedisOptions = {}) => {
    const child = spawn(command, args, { cwd: dir, stdio: 'ignore' });
    processes.set(port, child);
    await waitFor(`redis-server on port ${port}`, () => ping(port, options));
  };
  const kill = (port: number) => {
    const child = processes.get(port);
    child?.kill('SIGKILL');
    processes.delete(port);
  };
  const stop = async () => {
    for (const port of [...processes.keys()]) kill(port);
    rmSync(dir, { recursive: true, force: true });
  };
  const common = (port: number) => ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'];
  return { dir, start, kill, stop, common };
}

/**
 * A private CA and a certificate for 127.0.0.1 and localhost signed by it (openssl), in `dir`: what an operator's
 * Redis with TLS has. Returns the files' paths.
 */
async function makeCertificates(dir: string) {
  const path = (name: string) => join(dir, name);
  await run('openssl', [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '2',
    '-subj',
    '/CN=Test Redis CA',
    '-keyout',
    path('ca.key'),
    '-out',
    path('ca.crt'),
  ]);
  writeFileSync(path('server.ext'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\n');
  await run('openssl', [
    'req',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-subj',
    '/CN=127.0.0.1',
    '-keyout',
    path('server.key'),
    '-out',
    path('server.csr'),
  ]);
  await run('openssl', [
    'x509',
    '-req',
    '-in',
    path('server.csr'),
    '-CA',
    path('ca.crt'),
    '-CAkey',
    path('ca.key'),
    '-CAcreateserial',
    '-days',
    '2',
    '-extfile',
    path('server.ext'),
    '-out',
    path('server.crt'),
  ]);
  return { ca: path('ca.crt'), cert: path('server.crt'), key: path('server.key') };
}

/** The topology `build` starts; one that fails to come up is stopped (nothing left running) before the error goes on. */
async function startedTopology<R>(build: (t: ReturnType<typeof topology>) => Promise<R>): Promise<R> {
  const t = topology();
  try {
    return await build(t);
  } catch (error) {
    await t.stop();
    throw error;
  }
}

export interface StandaloneRedis {
  /** REDIS_URL for the product. */
  url: string;
  stop(): Promise<void>;
}

/** One Redis server of a test's own (no persistence): what it loses, with FLUSHALL, concerns no other test. */
export async function startStandaloneRedis(): Promise<StandaloneRedis> {
  return startedTopology(async (t) => {
    const port = await freePort();
    await t.start(port, t.common(port));
    return { url: `redis://127.0.0.1:${port}`, stop: t.stop };
  });
}

export interface SentinelSecurity {
  /** The data nodes' password (requirepass, masterauth; the Sentinels' auth-pass). */
  password?: string;
  /** The Sentinels' own password (requirepass in sentinel.conf). */
  sentinelPassword?: string;
  /** Every server speaks TLS only (no plain port), with certificates from a private CA. */
  tls?: boolean;
}

export interface SentinelSet {
  /** REDIS_SENTINELS for the product. */
  sentinels: string;
  masterName: string;
  /** The private CA's certificate file (REDIS_TLS_CA_FILE) when the set speaks TLS. */
  caFile?: string;
  /** The port of the current master, as the Sentinels say. */
  masterPort(): Promise<number>;
  /** SIGKILLs the current master; resolves with its port. */
  killMaster(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * One master, one replica and three Sentinels (quorum 2) that call a master down after 1 s of silence; with
 * `security`, passwords on the data nodes and the Sentinels, and TLS only (no plain port anywhere).
 */
export async function startSentinelSet(masterName = 'lucid', security: SentinelSecurity = {}): Promise<SentinelSet> {
  return startedTopology(async (t) => {
    const certificates = security.tls ? await makeCertificates(t.dir) : null;
    const tls = certificates ? { ca: readFileSync(certificates.ca, 'utf8') } : undefined;
    const dataClient: RedisOptions = {
      ...(security.password ? { password: security.password } : {}),
      ...(tls ? { tls } : {}),
    };
    const sentinelClient: RedisOptions = {
      ...(security.sentinelPassword ? { password: security.sentinelPassword } : {}),
      ...(tls ? { tls } : {}),
    };
    /** The options of a data node or a Sentinel: its port (TLS only when asked), its passwords. */
    const tlsArgs = (port: number) =>
      certificates
        ? [
            '--port',
            '0',
            '--tls-port',
            String(port),
            '--tls-cert-file',
            certificates.cert,
            '--tls-key-file',
            certificates.key,
            '--tls-ca-cert-file',
            certificates.ca,
            '--tls-auth-clients',
            'no',
            '--tls-replication',
            'yes',
          ]
        : [];
    const dataArgs = (port: number) => [
      ...t.common(port),
      ...tlsArgs(port),
      ...(security.password ? ['--requirepass', security.password, '--masterauth', security.password] : []),
    ];
    const master = await freePort();
    const replica = await freePort();
    await t.start(master, dataArgs(master), 'redis-server', dataClient);
    await t.start(
      replica,
      [...dataArgs(replica), '--replicaof', '127.0.0.1', String(master)],
      'redis-server',
      dataClient,
    );
    const sentinelPorts: number[] = [];
    for (let i = 0; i < 3; i++) {
      const port = await freePort();
      const file = join(t.dir, `sentinel-${port}.conf`);
      writeFileSync(
        file,
        [
          ...(certificates
            ? [
                'port 0',
                `tls-port ${port}`,
                `tls-cert-file ${certificates.cert}`,
                `tls-key-file ${certificates.key}`,
                `tls-ca-cert-file ${certificates.ca}`,
                'tls-auth-clients no',
                'tls-replication yes',
              ]
            : [`port ${port}`]),
          'bind 127.0.0.1',
          `sentinel monitor ${masterName} 127.0.0.1 ${master} 2`,
          `sentinel down-after-milliseconds ${masterName} 1000`,
          `sentinel failover-timeout ${masterName} 5000`,
          `sentinel parallel-syncs ${masterName} 1`,
          ...(security.password ? [`sentinel auth-pass ${masterName} ${security.password}`] : []),
          ...(security.sentinelPassword
            ? [`requirepass ${security.sentinelPassword}`, `sentinel sentinel-pass ${security.sentinelPassword}`]
            : []),
          '',
        ].join('\n'),
      );
      // Debian's redis-sentinel (what operators run), or the same server in Sentinel mode where it is not installed.
      if (existsSync(SENTINEL)) await t.start(port, [file], SENTINEL, sentinelClient);
      else await t.start(port, [file, '--sentinel'], 'redis-server', sentinelClient);
      sentinelPorts.push(port);
    }
    const sentinel = () =>
      quiet(new Redis({ port: sentinelPorts[0], host: '127.0.0.1', maxRetriesPerRequest: 1, ...sentinelClient }));
    const masterPort = async () => {
      const client = sentinel();
      try {
        const [, port] = (await client.call('SENTINEL', 'get-master-addr-by-name', masterName)) as [string, string];
        return Number(port);
      } finally {
        client.disconnect();
      }
    };
    // Ready when every Sentinel knows the replica and the other Sentinels.
    await waitFor('the Sentinels to see the replica and each other', async () => {
      const client = sentinel();
      try {
        const info = (await client.call('SENTINEL', 'master', masterName)) as string[];
        const field = (name: string) => Number(info[info.indexOf(name) + 1]);
        return field('num-slaves') >= 1 && field('num-other-sentinels') >= 2 ? true : undefined;
      } finally {
        client.disconnect();
      }
    });
    return {
      sentinels: sentinelPorts.map((port) => `127.0.0.1:${port}`).join(','),
      masterName,
      ...(certificates ? { caFile: certificates.ca } : {}),
      masterPort,
      async killMaster() {
        const port = await masterPort();
        t.kill(port);
        return port;
      },
      stop: t.stop,
    };
  });
}

export interface RedisClusterSet {
  /** REDIS_CLUSTER_NODES for the product. */
  nodes: string;
  stop(): Promise<void>;
}

/** A Redis Cluster of three masters without replicas, every slot assigned. */
export async function startRedisCluster(): Promise<RedisClusterSet> {
  return startedTopology(async (t) => {
    const ports: number[] = [];
    for (let i = 0; i < 3; i++) {
      const port = await freePort(true);
      await t.start(port, [
        ...t.common(port),
        '--cluster-enabled',
        'yes',
        '--cluster-config-file',
        `nodes-${port}.conf`,
        '--cluster-node-timeout',
        '2000',
      ]);
      ports.push(port);
    }
    await run('redis-cli', [
      '--cluster',
      'create',
      ...ports.map((port) => `127.0.0.1:${port}`),
      '--cluster-replicas',
      '0',
      '--cluster-yes',
    ]);
    await waitFor('the cluster to cover every slot on every node', async () => {
      for (const port of ports) {
        const client = quiet(new Redis({ port, host: '127.0.0.1', maxRetriesPerRequest: 1 }));
        try {
          const info = (await client.call('CLUSTER', 'INFO')) as string;
          if (!info.includes('cluster_state:ok')) return undefined;
        } finally {
          client.disconnect();
        }
      }
      return true;
    });
    return { nodes: ports.map((port) => `127.0.0.1:${port}`).join(','), stop: t.stop };
  });
}
