import type { Database } from '@app/db';
import type { Logger } from '@app/platform/logger';
import type { EventPublisher, PublishableEvent } from './publisher';

export interface DispatchDeps {
  db: Database;
  publisher: EventPublisher;
  logger: Logger;
}

/**
 * Publishes events that are already committed to the outbox. A failure is not the caller's problem: the event stays
 * unpublished in the outbox and the workers' sweeper publishes it once Redis is back. Never rejects.
 */
export function dispatch(deps: DispatchDeps, events: PublishableEvent[]): Promise<void> {
  return deps.publisher.dispatch(events);
}
