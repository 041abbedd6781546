import type { Logger } from 'pino';

/** The cluster-wide lease (platform's `clusterOnce`): `work` runs where the lease is taken, else not at all. */
export interface Lease {
  run<T>(ms: number, work: () => Promise<T>): Promise<T | undefined>;
}

/**
 * Runs `work` every `intervalMs`, one round at a time and one round per interval in the whole cluster: a round holds
 * the lease while it works, then for the rest of a little less than the interval, so the replica that ran last can
 * take it again at its next tick and the others find it taken (if that replica stops, another takes over within one
 * interval). A failed round is logged with `failure` and tried again at the next tick. Stops with the returned
 * function, which waits for a round under way. The outbox sweeper and the reconcile share it (issue 27).
 */
export function everyIntervalInCluster(
  deps: { lease: Lease; logger: Logger },
  intervalMs: number,
  work: () => Promise<unknown>,
  failure: string,
): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  const leaseMs = intervalMs - Math.min(100, intervalMs / 10);
  const timer = setInterval(() => {
    if (running) return;
    running = deps.lease
      .run(leaseMs, work)
      .catch((error) => deps.logger.warn({ err: error }, failure))
      .finally(() => {
        running = null;
      });
  }, intervalMs);
  return async () => {
    clearInterval(timer);
    await running;
  };
}
