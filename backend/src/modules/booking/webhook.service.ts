import { clockLabel, EventTypes, isIanaTimeZone, zonedParts } from '@app/contracts/server';
import type { Transaction } from '@app/db';
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
import { cancelLocked } from './booking-changes';

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

const InviteeUri = v.pipe(v.string(), v.minLength(1), v.maxLength(1000));

/**
 * Calendly's invitee payload, the fields we read. A reschedule is two deliveries, in either order: `invitee.canceled`
 * of the old invitee with `rescheduled: true` and `new_invitee`, and `invitee.created` of the new one with
 * `old_invitee` (Calendly's guide "Webhook payloads for rescheduled events").
 */
const WebhookSchema = v.object({
  event: v.string(),
  payload: v.object({
    uri: InviteeUri,
    email: v.optional(v.string(), ''),
    name: v.optional(v.string(), ''),
    /** The invitee's IANA zone; read leniently (visitorZoneOf): a bad one never costs the booking. */
    timezone: v.optional(v.unknown()),
    rescheduled: v.optional(v.nullable(v.boolean()), false),
    old_invitee: v.optional(v.nullable(InviteeUri), null),
    new_invitee: v.optional(v.nullable(InviteeUri), null),
    scheduled_event: v.optional(
      v.object({
        start_time: v.pipe(v.string(), v.isoTimestamp()),
        end_time: v.pipe(v.string(), v.isoTimestamp()),
      }),
    ),
  }),
});
type Invitee = v.InferOutput<typeof WebhookSchema>['payload'];

/** The invitee's zone when it is one this runtime knows (as a form booking's, decision 043), else none (058). */
const visitorZoneOf = (zone: unknown) => (typeof zone === 'string' && isIanaTimeZone(zone) ? zone : null);

const pad = (n: number) => String(n).padStart(2, '0');

/** The booking's date and slot label in the company's zone, from the service's UTC times. */
function slotOf(deps: BookingDeps, startsAt: Date, endsAt: Date) {
  const p = zonedParts(startsAt, deps.timeZone);
  return {
    date: `${p.year}-${pad(p.month)}-${pad(p.day)}`,
    timeLabel: `${clockLabel(startsAt, deps.timeZone)} - ${clockLabel(endsAt, deps.timeZone)}`,
    startsAt,
    endsAt,
  };
}

/**
 * Stores bookings made in the scheduling widget as bookings too: they block their slot and reach the calendar. Its
 * days are not checked against closed days or the booking window: the service already accepted them (decision 033).
 */
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
    const slot = slotOf(deps, new Date(payload.scheduled_event.start_time), new Date(payload.scheduled_event.end_time));
    if (Number.isNaN(slot.startsAt.getTime()) || !(slot.endsAt > slot.startsAt))
      throw new HttpError(422, 'The invitee event has no valid scheduled time.');
    try {
      const result = await deps.db.transaction((tx) => created(tx, deps, payload, slot, requestId));
      if (result.event) await dispatch(deps, [result.event]);
      return { status: result.status };
    } catch (error) {
      if (!isSlotTaken(error)) throw error;
      // A retry delivered at the same moment stored it first: the same invitee.
      if (await repo.findBookingByExternalId(deps.db, payload.uri)) return { status: 'duplicate' };
      // The service booked a time we had already given away: keep the first, tell the operators.
      deps.logger.error(
        { externalId: payload.uri, startsAt: slot.startsAt },
        'scheduling service booking overlaps a confirmed booking',
      );
      return { status: 'conflict' };
    }
  }

  if (kind === 'invitee.canceled') {
    const result = await deps.db.transaction((tx) => canceled(tx, deps, payload, requestId));
    if (result.event) await dispatch(deps, [result.event]);
    return { status: result.status };
  }

  return { status: 'ignored' };
}

type Slot = ReturnType<typeof slotOf>;
type Outcome = { status: string; event?: Awaited<ReturnType<typeof insertEvent>> };

/**
 * invitee.created: a new booking, or (with `old_invitee`) the old booking moved to the new time, whichever of the
 * reschedule's two deliveries comes first. A retry finds the booking already at that time and changes nothing.
 */
async function created(tx: Transaction, deps: BookingDeps, payload: Invitee, slot: Slot, requestId?: string) {
  const ids = payload.old_invitee ? [payload.uri, payload.old_invitee] : [payload.uri];
  const rows = await repo.findBookingByExternalIds(tx, ids);
  const current = rows.find((row) => row.externalId === payload.uri);
  const old = current ?? rows.find((row) => row.externalId === payload.old_invitee && row.status === 'confirmed');
  if (current && current.startsAt.getTime() === slot.startsAt.getTime()) return { status: 'duplicate' };
  if (old && old.status === 'confirmed') {
    // The move: one booking, its history says from where to where (decision 033).
    await repo.moveBooking(tx, old.id, { ...slot, externalId: payload.uri });
    const change = await repo.insertBookingChange(tx, {
      bookingId: old.id,
      kind: 'rescheduled',
      fromStartsAt: old.startsAt,
      fromEndsAt: old.endsAt,
      toStartsAt: slot.startsAt,
      toEndsAt: slot.endsAt,
      changedBy: 'scheduling_service',
    });
    const event = await insertEvent(
      tx,
      EventTypes.bookingRescheduled,
      { bookingId: old.id, changeId: change.id },
      requestId,
    );
    return { status: 'rescheduled', event };
  }
  if (current) return { status: 'duplicate' };
  const booking = await repo.insertBooking(tx, {
    name: payload.name || payload.email || 'Scheduling service invitee',
    email: payload.email,
    ...slot,
    timeZone: deps.timeZone,
    visitorTimeZone: visitorZoneOf(payload.timezone),
    source: 'scheduling_service',
    externalId: payload.uri,
    calendarUid: `booking-${crypto.randomUUID()}@lucid-insight`,
  });
  const event = await insertEvent(tx, EventTypes.bookingCreated, { bookingId: booking.id }, requestId);
  return { status: 'stored', event } satisfies Outcome;
}

/**
 * invitee.canceled: cancels the booking, unless it is the first half of a reschedule (`rescheduled: true`): then the
 * booking stays and now answers to the new invitee, whose invitee.created (before or after this) moves it.
 */
async function canceled(tx: Transaction, deps: BookingDeps, payload: Invitee, requestId?: string): Promise<Outcome> {
  const next = payload.rescheduled ? payload.new_invitee : null;
  const rows = await repo.findBookingByExternalIds(tx, next ? [payload.uri, next] : [payload.uri]);
  const booking = rows.find((row) => row.externalId === payload.uri);
  if (next) {
    // The new invitee's delivery came first and already moved it (or this is a retry): nothing more to do.
    if (!booking || rows.some((row) => row.externalId === next))
      return { status: rows.length ? 'rescheduled' : 'unknown' };
    if (booking.status !== 'confirmed') return { status: 'unknown' };
    await repo.setExternalId(tx, booking.id, next);
    return { status: 'rescheduling' };
  }
  if (!booking || booking.status === 'cancelled') return { status: 'unknown' };
  const event = await cancelLocked(tx, deps, booking, { changedBy: 'scheduling_service' }, requestId);
  return { status: 'cancelled', event };
}
