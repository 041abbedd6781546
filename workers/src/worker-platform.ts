import type { QueueDefinition } from '@app/contracts/server';
import type { Logger } from '@app/platform/logger';
import type { queueTelemetry } from '@app/platform/tracing';
import { type Job, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import type { WorkerMetrics } from './metrics';

/** What every queue and worker of the process shares: one Redis connection, the queue prefix, the job settings. */
export interface WorkerPlatform {
  redis: Redis;
  /** BullMQ's OpenTelemetry when tracing is on: each job runs in a span continuing its producer's trace. */
  telemetry?: ReturnType<typeof queueTelemetry>;
  prefix: string;
  logger: Logger;
  concurrency: number;
  lockMs: number;
  /** Every job's duration and every final failure, by queue (job_duration_seconds, jobs_failed_total). */
  metrics?: Pick<WorkerMetrics, 'jobDuration' | 'jobsFailed'>;
}

interface RegisterWorkerOptions<Data> {
  /** Fewer jobs at once than the process's WORKER_CONCURRENCY. */
  concurrency?: number;
  onFailed?: (job: Job<Data> | undefined, error: Error) => void;
  onCompleted?: (job: Job<Data>, result: unknown) => void;
}

/**
 * Registers the processor of one queue of `contracts/queues.ts`: every worker of the process is made here, with the
 * same connection, prefix, lock (a job whose worker died is taken up again after WORKER_LOCK_MS) and error logging.
 */
export function registerWorker<Data>(
  platform: WorkerPlatform,
  definition: QueueDefinition<Data>,
  processor: (job: Job<Data>) => Promise<unknown>,
  options: RegisterWorkerOptions<Data> = {},
): Worker<Data> {
  const metrics = platform.metrics;
  const measured = metrics
    ? async (job: Job<Data>) => {
        const stop = metrics.jobDuration.startTimer({ queue: definition.name });
        try {
          const result = await processor(job);
          stop({ outcome: 'completed' });
          return result;
        } catch (error) {
          stop({ outcome: 'failed' });
          throw error;
        }
      }
    : processor;
  const worker = new Worker<Data>(definition.name, measured, {
    connection: platform.redis,
    prefix: platform.prefix,
    concurrency: options.concurrency ?? platform.concurrency,
    lockDuration: platform.lockMs,
    stalledInterval: platform.lockMs,
    ...(platform.telemetry ? { telemetry: platform.telemetry } : {}),
  });
  // A final failure is counted as it happens: an alert on the failed list's size would fire until someone cleans it.
  if (metrics) worker.on('failed', (job) => job && isFinal(job) && metrics.jobsFailed.inc({ queue: definition.name }));
  if (options.onFailed) worker.on('failed', options.onFailed);
  if (options.onCompleted) worker.on('completed', options.onCompleted);
  worker.on('error', (error) => platform.logger.debug({ err: error }, 'worker error'));
  return worker;
}

/** Whether a failed job has used its last attempt (it then stays on the failed list, retryable). */
export const isFinal = (job: Job) => job.attemptsMade >= (job.opts.attempts ?? 1);

/**
 * Logs a job's failed attempt: an error saying `forGood` when it was the last one (`final`), else a warning saying
 * `willRetry`; `about` names what the job was about. Returns `final`.
 */
export function logFailedAttempt(
  logger: Logger,
  job: Job,
  error: Error,
  about: Record<string, unknown>,
  [forGood, willRetry]: [forGood: string, willRetry: string],
  final = isFinal(job),
): boolean {
  logger[final ? 'error' : 'warn'](
    { jobId: job.id, ...about, attempt: job.attemptsMade, err: error },
    final ? forGood : willRetry,
  );
  return final;
}
