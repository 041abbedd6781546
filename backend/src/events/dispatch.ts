import type { Database } from '@app/db';
import type { Logger } from '../lib/logger';
import { markPublished, recordPublishFailure } from './outbox.repository';
import type { EventPublisher, PublishableEvent } from './publisher';

export interface DispatchDeps {
  db: Database;
  publisher: EventPublisher;
  logger: Logger;
}

/**
 * Publishes events that are already committed to the outbox. A failure is not the caller's problem: the event stays
 * unpublished in the outbox and the workers' sweeper publishes it once Redis is back.
 */
export async function dispatch(deps: DispatchDeps, events: PublishableEvent[]): Promise<void> {
  for (const event of events) {
    try {
      await deps.publisher.publish(event);
      await markPublished(deps.db, event.id);
    } catch (error) {
      deps.logger.warn({ eventId: event.id, type: event.type, err: error }, 'event left in the outbox for the sweeper');
      await recordPublishFailure(deps.db, event.id, String((error as Error).message)).catch(() => {});
    }
  }
}
