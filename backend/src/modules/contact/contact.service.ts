import { type ContactMessage, EventTypes } from '@app/contracts';
import { type DispatchDeps, dispatch } from '../../events/dispatch';
import { insertEvent } from '../../events/outbox.repository';
import { insertContactMessage } from './contact.repository';

export interface ContactContext {
  ipAddress?: string | null;
  userAgent?: string | null;
  requestId?: string;
}

/**
 * Stores the message and its `contact.received` event in one transaction (D11: stored before anything else
 * happens), then publishes the event. A message whose honeypot is filled is stored as spam and sends nothing.
 */
export async function receiveContactMessage(deps: DispatchDeps, input: ContactMessage, context: ContactContext = {}) {
  const isSpam = Boolean(input.website?.trim());
  const { website: _honeypot, ...fields } = input;
  const { message, event } = await deps.db.transaction(async (tx) => {
    const message = await insertContactMessage(tx, {
      ...fields,
      isSpam,
      ipAddress: context.ipAddress ?? null,
      userAgent: context.userAgent?.slice(0, 500) ?? null,
    });
    const event = isSpam
      ? null
      : await insertEvent(tx, EventTypes.contactReceived, { contactMessageId: message.id }, context.requestId);
    return { message, event };
  });
  if (event) await dispatch(deps, [event]);
  return { id: message.id, isSpam };
}
