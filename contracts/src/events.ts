import * as v from 'valibot';

/**
 * Domain events: what happened, stored in the outbox in the same transaction as the change.
 * Payloads carry ids only, never a token, password or other secret (D7).
 */
export const EventTypes = {
  contactReceived: 'contact.received',
  userInvited: 'user.invited',
  passwordResetRequested: 'password_reset.requested',
  bookingCreated: 'booking.created',
  bookingCancelled: 'booking.cancelled',
} as const;

export type EventType = (typeof EventTypes)[keyof typeof EventTypes];

export const EventPayloadSchemas = {
  'contact.received': v.object({ contactMessageId: v.pipe(v.number(), v.integer()) }),
  /** The worker mints the registration token itself (D7). */
  'user.invited': v.object({ userId: v.pipe(v.number(), v.integer()) }),
  /** The worker mints the reset token itself (D7). */
  'password_reset.requested': v.object({ userId: v.pipe(v.number(), v.integer()) }),
  'booking.created': v.object({ bookingId: v.pipe(v.number(), v.integer()) }),
  'booking.cancelled': v.object({ bookingId: v.pipe(v.number(), v.integer()) }),
} satisfies Record<EventType, v.GenericSchema>;

export type EventPayload<T extends EventType> = v.InferOutput<(typeof EventPayloadSchemas)[T]>;

export interface DomainEvent<T extends EventType = EventType> {
  id: string;
  type: T;
  payload: EventPayload<T>;
  occurredAt: Date;
}

export const isEventType = (value: string): value is EventType =>
  Object.values(EventTypes).includes(value as EventType);
