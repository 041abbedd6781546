import { readFileSync } from 'node:fs';
import type postgres from 'postgres';
import { Gauge, type Registry } from 'prom-client';
import { withTimeout } from './timeout';

/**
 * Metrics the API and the workers both export about their process and their database pool (issue 31):
 * - `process_memory_limit_bytes`: the container's memory limit (cgroup), so an alert can compare the resident memory
 *   with the limit of whichever overlay runs the pod instead of a number written into its text;
 * - `database_up`, `db_pool_size`, `db_pool_wait_seconds`: one probe query per scrape through the pool itself. While
 *   every connection is busy the probe waits for one, so its time is the pool's saturation as a request feels it; a
 *   probe that fails or takes over PROBE_TIMEOUT_MS reports the database down. Read at scrape time, so an alert fires
 *   when nobody is using the site.
 */

const PROBE_TIMEOUT_MS = 2000;

/** The cgroup's memory limit in bytes, or null when there is none (cgroup v2, then v1; "max" means unlimited). */
export function memoryLimitBytes(read: (path: string) => string = (path) => readFileSync(path, 'utf8')): number | null {
  for (const path of ['/sys/fs/cgroup/memory.max', '/sys/fs/cgroup/memory/memory.limit_in_bytes']) {
    let text: string;
    try {
      text = read(path).trim();
    } catch {
      continue;
    }
    const bytes = Number(text);
    // cgroup v1 writes a huge number (close to 2^63) for "no limit".
    if (text === 'max' || !Number.isFinite(bytes) || bytes <= 0 || bytes >= 2 ** 60) return null;
    return bytes;
  }
  return null;
}

export function registerProcessMetrics(registry: Registry, limit: number | null = memoryLimitBytes()): void {
  const gauge = new Gauge({
    name: 'process_memory_limit_bytes',
    help: 'Memory limit of the container (cgroup); absent when the process has none',
    registers: [registry],
  });
  if (limit !== null) gauge.set(limit);
}

export interface DatabaseProbe {
  up: boolean;
  seconds: number;
}

/** One probe per scrape: the gauges below read the same answer (a scrape collects them one after another). */
function sharedProbe(sql: postgres.Sql, timeoutMs: number): () => Promise<DatabaseProbe> {
  let last: { at: number; result: Promise<DatabaseProbe> } | null = null;
  return () => {
    const now = Date.now();
    if (last && now - last.at < 1000) return last.result;
    const started = performance.now();
    const result = withTimeout(
      Promise.resolve().then(() => sql`select 1`),
      timeoutMs,
    ).then(
      () => ({ up: true, seconds: (performance.now() - started) / 1000 }),
      () => ({ up: false, seconds: (performance.now() - started) / 1000 }),
    );
    last = { at: now, result };
    return result;
  };
}

export function registerDatabaseMetrics(
  registry: Registry,
  sql: postgres.Sql,
  options: { timeoutMs?: number } = {},
): () => Promise<DatabaseProbe> {
  const probe = sharedProbe(sql, options.timeoutMs ?? PROBE_TIMEOUT_MS);
  new Gauge({
    name: 'database_up',
    help: 'Whether a query through the pool answered within 2 s at the last scrape (1) or not (0)',
    registers: [registry],
    async collect() {
      this.set((await probe()).up ? 1 : 0);
    },
  });
  const size = new Gauge({
    name: 'db_pool_size',
    help: 'Connections the process may open to PostgreSQL',
    registers: [registry],
  });
  const max = (sql as unknown as { options?: { max?: number } }).options?.max;
  if (typeof max === 'number') size.set(max);
  new Gauge({
    name: 'db_pool_wait_seconds',
    help: 'Time a probe query took through the pool at the last scrape: it waits for a free connection when all are busy',
    registers: [registry],
    async collect() {
      this.set((await probe()).seconds);
    },
  });
  return probe;
}
