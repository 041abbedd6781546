import { clockLabel, EventTypes, zonedParts } from '@app/contracts';
import { insertEvent } from '@app/platform/outbox';
import { hmac } from '@oslojs/crypto/hmac';
import { SHA256 } from '@oslojs/crypto/sha2';
import { constantTimeEqual } from '@oslojs/crypto/subtle';
import { encodeHexLowerCase } from '@oslojs/encoding';
import * as v from 'valibot';
import { dispatch } from '../../events/dispatch';
import { isSlotTaken } from '../../lib/db-errors';
import { HttpError } from '../../lib/http-error';
import * as repo from './booking.repository';
import type { BookingDeps } from './booking.service';

/** How old a signed delivery may be (replays of older ones are refused). */
const SIGNATURE_TOLERANCE_SECONDS = 180;

/**
 * Checks the scheduling service's signature header `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">` (D17).
 * Refuses a missing, wrong or stale one with 401.
 */
export function verifySignature(header: string | null, body: string, key: string, now: Date): void {
  const parts = Object.fromEntries(
    (header ?? '').split(',').map((part) => {
      const [name, ...rest] = part.trim().split('=');
      return [name, rest.join('=')];
    }),
  );
  const timestamp = Number(parts.t);
  const signature = parts.v1 ?? '';
  if (!Number.isInteger(timestamp) || !/^[0-9a-f]{64}$/.test(signature))
    throw new HttpError(401, 'Missing or malformed webhook signature');
  if (Math.abs(now.getTime() / 1000 - timestamp) > SIGNATURE_TOLERANCE_SECONDS)
    throw new HttpError(401, 'Stale webhook signature');
  const expected = encodeHexLowerCase(
    hmac(SHA256, new TextEncoder().encode(key), new TextEncoder().encode(`${timestamp}.${body}`)),
  );
  if (!constantTimeEqual(new TextEncoder().encode(expected), new TextEncoder().encode(signature)))
    throw new HttpError(401, 'Invalid webhook signature');
}

/** The signature the service would send: for tests and local tools. */
export function signWebhook(body: string, key: string, at: Date): string {
  const timestamp = Math.floor(at.getTime() / 1000);
  const signature = encodeHexLowerCase(
    hmac(SHA256, new TextEncoder().encode(key), new TextEncoder().encode(`${timestamp}.${body}`)),
  );
  return `t=${timestamp},v1=${signature}`;
}

const WebhookSchema = v.object({
  event: v.string(),
  payload: v.object({
    uri: v.pipe(v.string(), v.minLength(1)),
    email: v.optional(v.string(), ''),
    name: v.optional(v.string(), ''),
    scheduled_event: v.optional(
      v.object({
        start_time: v.pipe(v.string(), v.isoTimestamp()),
        end_time: v.pipe(v.string(), v.isoTimestamp()),
      }),
    ),
  }),
});

const pad = (n: number) => String(n).padStart(2, '0');

/** Stores bookings made in the scheduling widget as bookings too: they block their slot and reach the calendar. */
export async function handleWebhook(deps: BookingDeps, rawBody: string, requestId?: string) {
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    throw new HttpError(400, 'The webhook body is not valid JSON.');
  }
  const parsed = v.safeParse(WebhookSchema, json);
  if (!parsed.success) throw new HttpError(422, 'The webhook body is not an invitee event.');
  const { event: kind, payload } = parsed.output;

  if (kind === 'invitee.created') {
    if (!payload.scheduled_event) throw new HttpError(422, 'The invitee event has no scheduled time.');
    if (await repo.findBookingByExternalId(deps.db, payload.uri)) return { status: 'duplicate' };
    const startsAt = new Date(payload.scheduled_event.start_time);
    const endsAt = new Date(payload.scheduled_event.end_time);
    const p = zonedParts(startsAt, deps.timeZone);
    try {
      const event = await deps.db.transaction(async (tx) => {
        const booking = await repo.insertBooking(tx, {
          name: payload.name || payload.email || 'Scheduling service invitee',
          email: payload.email,
          date: `${p.year}-${pad(p.month)}-${pad(p.day)}`,
          timeLabel: `${clockLabel(startsAt, deps.timeZone)} - ${clockLabel(endsAt, deps.timeZone)}`,
          timeZone: deps.timeZone,
          startsAt,
          endsAt,
          source: 'scheduling_service',
          externalId: payload.uri,
          calendarUid: `booking-${crypto.randomUUID()}@lucid-insight`,
        });
        return insertEvent(tx, EventTypes.bookingCreated, { bookingId: booking.id }, requestId);
      });
      await dispatch(deps, [event]);
      return { status: 'stored' };
    } catch (error) {
      if (!isSlotTaken(error)) throw error;
      // The service booked a time we had already given away: keep the first, tell the operators.
      deps.logger.error(
        { externalId: payload.uri, startsAt },
        'scheduling service booking overlaps a confirmed booking',
      );
      return { status: 'conflict' };
    }
  }

  if (kind === 'invitee.canceled') {
    const event = await deps.db.transaction(async (tx) => {
      const booking = await repo.findBookingByExternalId(tx, payload.uri);
      if (!booking || booking.status === 'cancelled') return null;
      await repo.cancelBooking(tx, booking.id, deps.clock.now());
      await repo.insertBookingChange(tx, {
        bookingId: booking.id,
        kind: 'cancelled',
        fromStartsAt: booking.startsAt,
        fromEndsAt: booking.endsAt,
        changedBy: 'scheduling_service',
      });
      return insertEvent(tx, EventTypes.bookingCancelled, { bookingId: booking.id }, requestId);
    });
    if (event) await dispatch(deps, [event]);
    return { status: event ? 'cancelled' : 'unknown' };
  }

  return { status: 'ignored' };
}
