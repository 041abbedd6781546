import { type ContactMessage, EventTypes } from '@app/contracts/server';
import { type DispatchDeps, dispatch } from '../../events/dispatch';
import { createBatcher } from '../../lib/batcher';
import { insertContactMessagesWithEvents, type NewContactMessage } from './contact.repository';

export interface ContactContext {
  ipAddress?: string | null;
  userAgent?: string | null;
  requestId?: string;
}

/**
 * Receives contact messages. Each is stored with its `contact.received` event atomically before the visitor gets an
 * answer (D11: stored before anything else happens); messages arriving together share one statement and one commit.
 * The event is then handed to the publisher without waiting: the answer depends only on the message being stored,
 * and the outbox guarantees the e-mails. A message whose honeypot is filled is stored as spam and sends nothing.
 */
export function createContactService(deps: DispatchDeps) {
  const store = createBatcher((messages: NewContactMessage[]) => insertContactMessagesWithEvents(deps.db, messages));
  return {
    async receive(input: ContactMessage, context: ContactContext = {}) {
      const isSpam = Boolean(input.website?.trim());
      const { website: _honeypot, ...fields } = input;
      const stored = await store({
        ...fields,
        isSpam,
        ipAddress: context.ipAddress ?? null,
        userAgent: context.userAgent?.slice(0, 500) ?? null,
        requestId: context.requestId ?? null,
      });
      if (stored.eventId) void dispatch(deps, [{ id: stored.eventId, type: EventTypes.contactReceived }]);
      return { id: stored.id, isSpam };
    },
  };
}
