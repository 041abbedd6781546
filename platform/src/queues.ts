import type { QueueDefinition } from '@app/contracts/server';
import { Queue, type QueueOptions } from 'bullmq';
import type { Redis } from 'ioredis';

/** Where the queues of a process live: its Redis connection and the key prefix (QUEUE_PREFIX). */
export interface QueueConnection {
  redis: Redis;
  prefix?: string | undefined;
  /** BullMQ's OpenTelemetry (queueTelemetry): the trace goes from the job's producer to its worker. */
  telemetry?: QueueOptions['telemetry'];
}

/**
 * A producer's (or an observer's) handle on a queue of `contracts/queues.ts`: the only place the API and the workers
 * construct a BullMQ `Queue`. Redis outages are logged by the connection and covered by the outbox; a queue's own
 * 'error' events would only repeat them (and crash the process unheard), so they are swallowed here.
 */
export function createQueue<Data>(connection: QueueConnection, definition: QueueDefinition<Data>): Queue<Data> {
  const queue = new Queue<Data>(definition.name, {
    connection: connection.redis,
    prefix: connection.prefix,
    ...(connection.telemetry ? { telemetry: connection.telemetry } : {}),
  });
  queue.on('error', () => {});
  return queue as Queue<Data>;
}
