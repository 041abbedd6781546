import { type DomainEventJob, domainEventJobOptions, QueueNames } from '@app/contracts';
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';

export interface PublishableEvent {
  id: string;
  type: string;
}

/** Puts domain events on the queue. Producers fail fast: the outbox keeps what could not be published. */
export interface EventPublisher {
  publish(event: PublishableEvent): Promise<void>;
  close(): Promise<void>;
}

export function createQueuePublisher(connection: Redis, options: { prefix?: string; timeoutMs?: number } = {}) {
  const queue = new Queue<DomainEventJob>(QueueNames.domainEvents, { connection, prefix: options.prefix });
  // A Queue emits 'error' while Redis is unreachable; the outbox covers that, so do not crash on it.
  queue.on('error', () => {});
  const timeoutMs = options.timeoutMs ?? 1000;
  const publisher: EventPublisher = {
    async publish(event) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`Publishing timed out after ${timeoutMs} ms`)), timeoutMs);
      });
      try {
        await Promise.race([
          queue.add(event.type, { eventId: event.id }, { ...domainEventJobOptions, jobId: event.id }),
          timeout,
        ]);
      } finally {
        clearTimeout(timer);
      }
    },
    close: () => queue.close(),
  };
  return publisher;
}
