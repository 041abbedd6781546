import { type ContactMessage, EventTypes } from '@app/contracts';
import { type DispatchDeps, dispatch } from '../../events/dispatch';
import { insertContactMessageWithEvent } from './contact.repository';

export interface ContactContext {
  ipAddress?: string | null;
  userAgent?: string | null;
  requestId?: string;
}

/**
 * Stores the message and its `contact.received` event atomically (D11: stored before anything else happens), then
 * hands the event to the publisher without waiting for it: the visitor's answer depends only on the message being
 * stored, and the outbox guarantees the e-mails. A message whose honeypot is filled is stored as spam and sends
 * nothing.
 */
export async function receiveContactMessage(deps: DispatchDeps, input: ContactMessage, context: ContactContext = {}) {
  const isSpam = Boolean(input.website?.trim());
  const { website: _honeypot, ...fields } = input;
  const stored = await insertContactMessageWithEvent(
    deps.db,
    {
      ...fields,
      isSpam,
      ipAddress: context.ipAddress ?? null,
      userAgent: context.userAgent?.slice(0, 500) ?? null,
    },
    context.requestId,
  );
  if (stored.eventId) void dispatch(deps, [{ id: stored.eventId, type: EventTypes.contactReceived }]);
  return { id: stored.id, isSpam };
}
