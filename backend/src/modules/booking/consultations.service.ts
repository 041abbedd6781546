import {
  addDays,
  type CalendarFeedCreated,
  type CalendarFeedStatus,
  type ClosedDate,
  type Consultation,
  type ConsultationListQuery,
  ConsultationMessages,
  generateToken,
  hashToken,
  personName,
  todayIn,
} from '@app/contracts/server';
import type { Page } from '@app/db/queries/list-query';
import { bookingsFeed } from '@app/platform/booking-calendar';
import { dispatch } from '../../events/dispatch';
import { conflict, notFound, unprocessable } from '../../lib/http-error';
import { type Actor, withAudit } from '../audit';
import * as bookingRepo from './booking.repository';
import type { BookingDeps } from './booking.service';
import { cancelLocked } from './booking-changes';
import * as repo from './consultations.repository';

/** The company's side of booking (issue 16): the consultations list, cancelling on the visitor's behalf, closed days, the feed. */

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * One page (or, without one, the first 1,000) of the consultations the query picks, each with its history; without a
 * sort, upcoming first (soonest first), then past (latest first).
 */
export async function listConsultations(
  deps: Pick<BookingDeps, 'db' | 'clock'>,
  query: ConsultationListQuery,
  page: Page | null,
): Promise<Consultation[]> {
  return withHistory(deps.db, await repo.listBookings(deps.db, query, deps.clock.now(), page));
}

/** Bookings as the consultations list shows them, each with its history. */
async function withHistory(
  db: BookingDeps['db'],
  rows: Awaited<ReturnType<typeof repo.listBookings>>,
): Promise<Consultation[]> {
  const changes = await repo.changesOf(
    db,
    rows.map((row) => row.id),
  );
  const history = new Map<number, Consultation['history']>();
  for (const { change, actor } of changes) {
    const list = history.get(change.bookingId) ?? [];
    list.push({
      id: change.id,
      kind: change.kind,
      fromStartsAt: change.fromStartsAt.toISOString(),
      fromEndsAt: change.fromEndsAt.toISOString(),
      toStartsAt: iso(change.toStartsAt),
      toEndsAt: iso(change.toEndsAt),
      changedBy: change.changedBy,
      actorName: change.actorUserId && actor ? (personName(actor) ?? actor.email) : null,
      createdAt: change.createdAt.toISOString(),
    });
    history.set(change.bookingId, list);
  }
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    email: row.email,
    businessName: row.businessName,
    lineOfWork: row.lineOfWork,
    date: row.date,
    time: row.timeLabel,
    timeZone: row.timeZone,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    status: row.status,
    source: row.source,
    createdAt: row.createdAt.toISOString(),
    cancelledAt: iso(row.cancelledAt),
    history: history.get(row.id) ?? [],
  }));
}

/** How many consultations the query picks (the list's `X-Total-Count`). */
export const countConsultations = (deps: Pick<BookingDeps, 'db' | 'clock'>, query: ConsultationListQuery) =>
  repo.countBookings(deps.db, query, deps.clock.now());

/**
 * Cancels a confirmed, future consultation on the visitor's behalf: the same cancellation as the visitor's link
 * (`cancelLocked`: SEQUENCE + 1, the history row, `booking.cancelled`, which e-mails both sides), by this admin,
 * audited (D21). The row lock makes parallel cancels of one booking safe: one wins, the others get 409.
 */
export async function cancelOnBehalf(
  deps: Pick<BookingDeps, 'db' | 'clock' | 'publisher' | 'logger'>,
  actor: Actor,
  id: number,
  requestId?: string,
) {
  const event = await withAudit(deps.db, actor, async (tx) => {
    const booking = await bookingRepo.findBookingById(tx, id, true);
    if (!booking) throw notFound(ConsultationMessages.notFound);
    if (booking.status === 'cancelled') throw conflict(ConsultationMessages.alreadyCancelled);
    if (booking.startsAt <= deps.clock.now()) throw conflict(ConsultationMessages.past);
    if (booking.source === 'scheduling_service') throw conflict(ConsultationMessages.schedulingService);
    const result = await cancelLocked(tx, deps, booking, { changedBy: 'admin', actorUserId: actor.id }, requestId);
    return {
      action: 'booking.cancel',
      targetType: 'booking',
      targetId: booking.id,
      targetName: `${booking.name} <${booking.email}>`,
      changes: { status: { from: 'confirmed', to: 'cancelled' }, startsAt: booking.startsAt.toISOString() },
      result,
    };
  });
  await dispatch(deps, [event]);
  return { message: ConsultationMessages.cancelled };
}

const closedDate = (row: { date: string; label: string | null; createdAt: Date }): ClosedDate => ({
  date: row.date,
  label: row.label,
  createdAt: row.createdAt.toISOString(),
});

export async function listClosedDates(deps: Pick<BookingDeps, 'db'>): Promise<ClosedDate[]> {
  return (await repo.listClosedDates(deps.db)).map(closedDate);
}

/**
 * Closes a day (a holiday). A past day is refused (422). A day with confirmed consultations is closed only when the
 * request confirms it (they stay booked); otherwise the answer is those consultations, so the screen can warn and
 * offer to move or cancel each.
 */
export async function addClosedDate(
  deps: Pick<BookingDeps, 'db' | 'clock' | 'timeZone'>,
  actor: Actor,
  input: { date: string; label?: string | undefined; confirm?: boolean | undefined },
): Promise<{ closed: ClosedDate } | { booked: Consultation[] }> {
  if (input.date < todayIn(deps.timeZone, deps.clock.now())) throw unprocessable(ConsultationMessages.closedDatePast);
  const confirmed = await repo.confirmedOn(deps.db, input.date);
  if (confirmed.length > 0 && !input.confirm) return { booked: await withHistory(deps.db, confirmed) };
  const closed = await withAudit(deps.db, actor, async (tx) => {
    const row = await repo.insertClosedDate(tx, {
      date: input.date,
      label: input.label || null,
      createdByUserId: actor.id,
    });
    if (!row) throw conflict(ConsultationMessages.closedDateExists);
    const target = { targetType: 'closed_date', targetId: row.date, targetName: row.label ?? row.date };
    return {
      action: 'closed_date.create',
      ...target,
      changes: { date: row.date, label: row.label, confirmedConsultations: confirmed.length },
      result: closedDate(row),
    };
  });
  return { closed };
}

export async function removeClosedDate(deps: Pick<BookingDeps, 'db'>, actor: Actor, date: string) {
  await withAudit(deps.db, actor, async (tx) => {
    const row = /^\d{4}-\d{2}-\d{2}$/.test(date) ? await repo.deleteClosedDate(tx, date) : null;
    if (!row) throw notFound(ConsultationMessages.closedDateMissing);
    const target = { targetType: 'closed_date', targetId: row.date, targetName: row.label ?? row.date };
    return { action: 'closed_date.delete', ...target, changes: { date: row.date, label: row.label } };
  });
}

export async function feedStatus(deps: Pick<BookingDeps, 'db'>): Promise<CalendarFeedStatus> {
  const feed = await repo.findLiveFeed(deps.db);
  return { active: Boolean(feed), createdAt: iso(feed?.createdAt ?? null) };
}

/** A new secret feed URL (the last one stops working): only its hash is kept, so this answer is its only copy. */
export async function createFeed(
  deps: Pick<BookingDeps, 'db' | 'clock'> & { appUrl: string },
  actor: Actor,
): Promise<CalendarFeedCreated> {
  const token = generateToken();
  return withAudit(deps.db, actor, async (tx) => {
    const revoked = await repo.revokeFeeds(tx, deps.clock.now());
    const feed = await repo.insertFeed(tx, { tokenHash: hashToken(token), createdByUserId: actor.id });
    const url = `${deps.appUrl.replace(/\/$/, '')}/api/calendar-feed/${token}.ics`;
    return {
      action: 'calendar_feed.create',
      targetType: 'calendar_feed',
      targetId: feed.id,
      targetName: 'Consultations calendar feed',
      changes: { replacedLiveFeed: revoked > 0 },
      result: { url, createdAt: feed.createdAt.toISOString() },
    };
  });
}

export async function revokeFeed(deps: Pick<BookingDeps, 'db' | 'clock'>, actor: Actor) {
  await withAudit(deps.db, actor, async (tx) => {
    const live = await repo.findLiveFeed(tx);
    if (!live) throw notFound('There is no calendar feed to revoke.');
    await repo.revokeFeeds(tx, deps.clock.now());
    return {
      action: 'calendar_feed.revoke',
      targetType: 'calendar_feed',
      targetId: live.id,
      targetName: 'Consultations calendar feed',
    };
  });
}

const FEED_FILE = /^([a-z0-9]{16,100})\.ics$/;

/**
 * The feed behind `<token>.ics`, or null (unknown, revoked or malformed: the route answers the same 404 for each).
 * Confirmed consultations from 30 days ago to the end of the booking window.
 */
export async function feedCalendar(
  deps: Pick<BookingDeps, 'db' | 'clock' | 'timeZone' | 'windowDays'> & { appUrl: string; meetingUrlTemplate?: string },
  file: string,
): Promise<string | null> {
  const token = FEED_FILE.exec(file)?.[1];
  if (!token || !(await repo.findLiveFeedByHash(deps.db, hashToken(token)))) return null;
  const now = deps.clock.now();
  const from = new Date(now.getTime() - 30 * 24 * 3600_000);
  // The day after the window's last day, at its start in UTC plus a day's margin for the zone: late meetings in.
  const lastDay = addDays(todayIn(deps.timeZone, now), deps.windowDays + 2);
  const rows = await repo.confirmedBetween(deps.db, from, new Date(`${lastDay}T00:00:00Z`));
  return bookingsFeed(rows, { appUrl: deps.appUrl, now, meetingUrlTemplate: deps.meetingUrlTemplate });
}
