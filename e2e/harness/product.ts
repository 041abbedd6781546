import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { createTestDatabase } from '@app/db/testing';
import { startTestSmtpServer, type TestSmtpServer } from '@app/testing/smtp';
import { fastWorkerEnv } from '@app/workers/testing';
import { inject } from 'vitest';

/** The repository root: `bun scripts/start.ts` runs from here, as `make start` does. */
export const repoRoot = new URL('../../', import.meta.url).pathname;
/**
 * The built SPA the product serves: frontend/dist, or another build named by E2E_STATIC_DIR (relative to the
 * repository root), so that several builds can be tested side by side without one build emptying another's folder.
 */
const staticDir = process.env.E2E_STATIC_DIR
  ? new URL(process.env.E2E_STATIC_DIR, `file://${repoRoot}`).pathname
  : undefined;
const builtIndex = `${staticDir ?? `${repoRoot}frontend/dist`}/index.html`;
const supervisor = new URL('./supervise.ts', import.meta.url).pathname;

const STARTUP_TIMEOUT_MS = 30_000;
const STOP_GRACE_MS = 10_000;
const OUTPUT_TAIL_CHARS = 6_000;

export const COMPANY_EMAIL = 'hello@lucid-insight.test';
const EMAIL_FROM = 'Lucid Insight <no-reply@lucid-insight.test>';

export interface Product {
  /** http://127.0.0.1:PORT: the API serving the built SPA. */
  baseUrl: string;
  /** Every e-mail the workers sent. */
  smtp: TestSmtpServer;
  /** The workers' health server. */
  workersHealthUrl: string;
  /** The product's own database (for tests that arrange data directly). */
  databaseUrl: string;
  /** The Redis it uses and the prefix of its queues and rate-limit keys. */
  redisUrl: string;
  queuePrefix: string;
  /** The last lines the product printed (stdout and stderr together). */
  output(): string;
  /** SIGTERM, then SIGKILL after 10 s; closes the SMTP server and drops the database. Safe to call twice. */
  stop(): Promise<void>;
}

/** Fails early, with the fix, when the SPA was not built: the API would answer 503 for every page. */
function assertFrontendBuilt(): void {
  if (!existsSync(builtIndex))
    throw new Error(
      `The browser tests need the built SPA, but ${builtIndex} is missing. Run \`make build\` ` +
        '(or `cd frontend && bun x --bun vite build`) first; `make test` and `make test-e2e` build it for you.',
    );
}

/** Free TCP ports on loopback, all different (the listeners are held open until every port is known). */
export async function freePorts(count: number): Promise<number[]> {
  const servers: Server[] = [];
  try {
    const ports: number[] = [];
    for (let i = 0; i < count; i++) {
      const server = createServer();
      servers.push(server);
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(0, '127.0.0.1', resolve);
      });
      const address = server.address();
      if (!address || typeof address === 'string') throw new Error('Could not read the port of a free socket');
      ports.push(address.port);
    }
    return ports;
  } finally {
    await Promise.all(servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
  }
}

/** The runner's environment minus what belongs to Vitest or would change the product's settings. */
function inheritedEnv(): Record<string, string> {
  const dropped = new Set(['NODE_ENV', 'TEST', 'STATIC_DIR', 'SCHEDULING_URL', 'BOOKING_TIMEZONE']);
  return Object.fromEntries(
    Object.entries(process.env).filter(
      (entry): entry is [string, string] =>
        entry[1] !== undefined && !dropped.has(entry[0]) && !entry[0].startsWith('VITEST'),
    ),
  );
}

const bunExecutable = () => (process.execPath.endsWith('bun') ? process.execPath : 'bun');

/** Kills the whole process group (start.ts, the API and the workers); a group already gone is fine. */
function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // ESRCH: nothing left in the group.
  }
}

const groupAlive = (child: ChildProcess): boolean => {
  if (child.pid === undefined) return false;
  try {
    process.kill(-child.pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Process groups still running, killed if this process goes away without calling stop() (a crashed worker). */
const running = new Set<ChildProcess>();
let exitHookInstalled = false;
function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const child of running) killGroup(child, 'SIGKILL');
  });
}

async function isOk(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    await response.body?.cancel();
    return response.status === 200;
  } catch {
    return false;
  }
}

/**
 * The whole product for one test file, started the way production starts it (`bun scripts/start.ts`: the API
 * serving frontend/dist, and the workers), on a fresh database, a test SMTP server and a queue prefix of its own.
 */
export async function startProduct(
  options: {
    env?: Record<string, string> /** How much of the product's output to keep (default: the last lines). */;
    outputChars?: number;
  } = {},
): Promise<Product> {
  assertFrontendBuilt();
  const cleanups: (() => Promise<unknown>)[] = [];
  const cleanup = async () => {
    for (const step of cleanups.reverse()) await step().catch(() => {});
    cleanups.length = 0;
  };

  try {
    const [database, smtp] = await Promise.all([
      createTestDatabase(inject('databaseServerUrl')),
      startTestSmtpServer(),
    ]).catch(async (error) => {
      throw new Error(`Could not create the test database or SMTP server: ${error}`, { cause: error });
    });
    cleanups.push(
      () => database.drop(),
      () => smtp.close(),
    );

    const [port, healthPort] = (await freePorts(2)) as [number, number];
    const baseUrl = `http://127.0.0.1:${port}`;
    const workersHealthUrl = `http://127.0.0.1:${healthPort}`;
    const env: Record<string, string> = {
      ...inheritedEnv(),
      ...fastWorkerEnv,
      DATABASE_URL: database.url,
      REDIS_URL: inject('redisUrl'),
      SMTP_URL: smtp.url,
      EMAIL_FROM,
      COMPANY_EMAIL,
      APP_URL: baseUrl,
      PORT: String(port),
      WORKERS_HEALTH_PORT: String(healthPort),
      QUEUE_PREFIX: `e2e-${crypto.randomUUID().slice(0, 8)}`,
      LOG_LEVEL: 'warn',
      // A key, as `make start` has one in .env after its first run (decision 045): without it start.ts would write a
      // development key into the checkout's .env.
      APP_ENCRYPTION_KEY: Buffer.alloc(32, 45).toString('base64'),
      ...(staticDir ? { STATIC_DIR: staticDir } : {}),
      ...options.env,
    };

    let tail = '';
    const record = (chunk: Buffer) => {
      tail = (tail + chunk.toString()).slice(-(options.outputChars ?? OUTPUT_TAIL_CHARS));
    };
    // `bun scripts/start.ts` under a small supervisor that stops it when this process dies (its stdin, our pipe,
    // closes then), in a process group of its own so stop() can reach the API and the workers whatever happens.
    const child = spawn(bunExecutable(), [supervisor, 'scripts/start.ts'], {
      cwd: repoRoot,
      env,
      detached: true,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    installExitHook();
    running.add(child);
    child.stdout?.on('data', record);
    child.stderr?.on('data', record);
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null)
        resolve({ code: child.exitCode, signal: child.signalCode });
      else child.once('exit', (code, signal) => resolve({ code, signal }));
    });
    let exitInfo: { code: number | null; signal: NodeJS.Signals | null } | null = null;
    void exited.then((info) => {
      exitInfo = info;
    });

    const stopProcess = async () => {
      if (!exitInfo) {
        killGroup(child, 'SIGTERM');
        let timer: ReturnType<typeof setTimeout> | undefined;
        const timeout = new Promise<'timeout'>((resolve) => {
          timer = setTimeout(() => resolve('timeout'), STOP_GRACE_MS);
        });
        const outcome = await Promise.race([exited, timeout]);
        clearTimeout(timer);
        if (outcome === 'timeout') {
          console.warn(`The product did not stop within ${STOP_GRACE_MS} ms of SIGTERM: killing it.`);
          killGroup(child, 'SIGKILL');
          await exited;
        }
      }
      // start.ts waits for its children, but make sure nothing of the group outlives the test file.
      const deadline = Date.now() + STOP_GRACE_MS;
      while (groupAlive(child) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      if (groupAlive(child)) killGroup(child, 'SIGKILL');
      running.delete(child);
      child.stdin?.destroy();
    };
    // Runs first on cleanup: the product lets go of the database before it is dropped.
    cleanups.push(stopProcess);

    const started = Date.now();
    for (;;) {
      if (exitInfo) {
        const { code, signal } = exitInfo;
        throw new Error(
          `The product (bun scripts/start.ts) exited during startup (code ${code}, signal ${signal}). Its output:\n${tail}`,
        );
      }
      const [api, workers] = await Promise.all([isOk(`${baseUrl}/readyz`), isOk(`${workersHealthUrl}/readyz`)]);
      if (api && workers) break;
      if (Date.now() - started > STARTUP_TIMEOUT_MS)
        throw new Error(
          `The product was not ready within ${STARTUP_TIMEOUT_MS / 1000} s (API ${baseUrl}/readyz ${api ? 'ready' : 'not ready'}, ` +
            `workers ${workersHealthUrl}/readyz ${workers ? 'ready' : 'not ready'}). Last output:\n${tail || '(none)'}`,
        );
      await new Promise((r) => setTimeout(r, 100));
    }

    let stopped: Promise<void> | null = null;
    return {
      baseUrl,
      smtp,
      workersHealthUrl,
      databaseUrl: env.DATABASE_URL ?? database.url,
      redisUrl: env.REDIS_URL ?? inject('redisUrl'),
      queuePrefix: env.QUEUE_PREFIX ?? '',
      output: () => tail,
      stop: () => {
        stopped ??= cleanup();
        return stopped;
      },
    };
  } catch (error) {
    await cleanup();
    throw error;
  }
}
