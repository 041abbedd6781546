import { BookingMessages, type BookingSummary, generateToken, hashToken } from '@app/contracts/server';
import type { Redis } from 'ioredis';
import { type DispatchDeps, dispatch } from '../../events/dispatch';
import type { Clock } from '../../lib/clock';
import { HttpError, notFound } from '../../lib/http-error';
import * as repo from './booking.repository';
import { cancelLocked } from './booking-changes';

/**
 * A booking's manage links (cancel, move, calendar file): the booker's own link shown on the confirmation, which
 * booking a link's token names, and cancelling through a link (D15).
 */
export interface LinkDeps extends DispatchDeps {
  clock: Clock;
  /** Keeps the hashes of the booker's own links (see `issueBrowserLink`), under `${prefix}:`. */
  redis: Redis;
  prefix: string;
}

const MINUTE = 60_000;

/** How long after its end a booker's own link still shows the booking. */
const BROWSER_LINK_AFTER_END_MS = 7 * 24 * 60 * MINUTE;
const browserLinkKey = (deps: LinkDeps, hash: string) => `${deps.prefix}:booking-link:${hash}`;

/**
 * The booker's own cancel link, shown on the confirmation (decision 020). The e-mail's link is minted by the worker
 * that sends it, and only its hash is kept on the booking (D7): this one cannot be that one, so a second token is
 * minted here and its hash kept in Redis, pointing at the booking, until a week after the meeting. Both links work.
 * Without Redis the booking still stands: the answer then has no link, and the e-mail's link is the way to cancel.
 */
export async function issueBrowserLink(deps: LinkDeps, booking: repo.BookingRow): Promise<string | null> {
  const token = generateToken();
  const ttl = booking.endsAt.getTime() - deps.clock.now().getTime() + BROWSER_LINK_AFTER_END_MS;
  try {
    await deps.redis.set(browserLinkKey(deps, hashToken(token)), String(booking.id), 'PX', Math.max(ttl, MINUTE));
    return token;
  } catch (error) {
    deps.logger.warn({ err: error, bookingId: booking.id }, 'could not issue the booking link; the e-mail has one');
    return null;
  }
}

/**
 * The booking a manage link's token points at: an e-mail's (booking_tokens, or the hash on the booking of links sent
 * before) or the booker's own (in Redis). Whether it may still be used is the action's to say (until the start).
 */
export async function bookingIdOfToken(deps: LinkDeps, token: string): Promise<number | null> {
  // Longer ones are no token of ours.
  if (token.length === 0 || token.length > 200) return null;
  const hash = hashToken(token);
  const id = await repo.findBookingIdByTokenHash(deps.db, hash);
  if (id !== null) return id;
  const own = await deps.redis.get(browserLinkKey(deps, hash)).catch(() => null);
  return own && /^\d+$/.test(own) ? Number(own) : null;
}

export async function findBookingByToken(deps: LinkDeps, token: string): Promise<repo.BookingRow> {
  const id = await bookingIdOfToken(deps, token);
  const booking = id === null ? null : await repo.findBookingById(deps.db, id);
  if (!booking) throw notFound(BookingMessages.invalidCancelLink);
  return booking;
}

export const summary = (booking: repo.BookingRow): BookingSummary => ({
  name: booking.name,
  date: booking.date,
  time: booking.timeLabel,
  timeZone: booking.timeZone,
  startsAt: booking.startsAt.toISOString(),
  endsAt: booking.endsAt.toISOString(),
  visitorTimeZone: booking.visitorTimeZone,
  status: booking.status,
});

export async function findByCancelToken(deps: LinkDeps, token: string): Promise<BookingSummary> {
  return summary(await findBookingByToken(deps, token));
}

/** D15: frees the slot; the event removes the calendar entry and e-mails both sides. Cancelling twice is harmless. */
export async function cancelByToken(deps: LinkDeps, token: string, requestId?: string): Promise<{ message: string }> {
  const id = await bookingIdOfToken(deps, token);
  if (id === null) throw notFound(BookingMessages.invalidCancelLink);
  const result = await deps.db.transaction(async (tx) => {
    const booking = await repo.findBookingById(tx, id, true);
    if (!booking) throw notFound(BookingMessages.invalidCancelLink);
    if (booking.status === 'cancelled') return { event: null };
    if (booking.startsAt <= deps.clock.now()) throw new HttpError(422, BookingMessages.alreadyTookPlace);
    return { event: await cancelLocked(tx, deps, booking, { changedBy: 'visitor' }, requestId) };
  });
  if (result.event) await dispatch(deps, [result.event]);
  return { message: "Your consultation has been cancelled. We've e-mailed you a confirmation." };
}
