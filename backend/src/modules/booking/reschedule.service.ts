import {
  type AdminReschedule,
  BookingMessages,
  EventTypes,
  type ReschedulableBooking,
  type RescheduleBooking,
  type RescheduledBooking,
  rescheduleNoticeMessage,
} from '@app/contracts/server';
import type { Transaction } from '@app/db';
import { insertEvent } from '@app/platform/outbox';
import { dispatch } from '../../events/dispatch';
import { conflictWhen, isSlotTaken } from '../../lib/db-errors';
import { conflict, type HttpError, notFound, unprocessable } from '../../lib/http-error';
import { type Actor, withAudit } from '../audit';
import * as repo from './booking.repository';
import { type BookingDeps, checkSlot, slotInterval } from './booking.service';
import { bookingIdOfToken, summary } from './booking-links.service';

/**
 * Moving a booking to another time (issue 16): the SAME booking gets the new slot, one more SEQUENCE, a history row
 * and a `booking.rescheduled` event, all in one transaction. The new slot passes exactly the checks of a new booking
 * (`checkSlot`), and the database's unique index and exclusion constraint settle races (decision 032).
 */
export interface RescheduleDeps extends BookingDeps {
  /** A visitor may move a booking up to this many hours before it starts (RESCHEDULE_NOTICE_HOURS). */
  noticeHours: number;
}

const HOUR = 3_600_000;

type Mover = { by: 'visitor' } | { by: 'admin'; actor: Actor };

/**
 * Why this booking cannot be moved by `by` now, or null. Never a cancelled one (cal.com #11669), never one that has
 * started (cal.com #17977), never one the scheduling service owns (it would fall out of step with the service's own),
 * and by its visitor not within the notice period; an administrator may move it up to its start.
 */
function refusal(deps: RescheduleDeps, booking: repo.BookingRow, by: Mover['by']): HttpError | null {
  if (booking.status === 'cancelled') return conflict(BookingMessages.cancelledCannotMove);
  const untilStart = booking.startsAt.getTime() - deps.clock.now().getTime();
  if (untilStart <= 0) return unprocessable(BookingMessages.alreadyTookPlace);
  if (booking.source === 'scheduling_service') return unprocessable(BookingMessages.movedInSchedulingService);
  if (by === 'visitor' && untilStart < deps.noticeHours * HOUR)
    return unprocessable(rescheduleNoticeMessage(deps.noticeHours));
  return null;
}

/** GET /api/booking/reschedule/{token}: the booking and whether its visitor may move it. Changes nothing. */
export async function findForReschedule(deps: RescheduleDeps, token: string): Promise<ReschedulableBooking> {
  const id = await bookingIdOfToken(deps, token);
  const booking = id === null ? null : await repo.findBookingById(deps.db, id);
  if (!booking) throw notFound(BookingMessages.invalidManageLink);
  const why = refusal(deps, booking, 'visitor');
  return {
    ...summary(booking),
    canReschedule: why === null,
    reason: why?.message ?? null,
    noticeHours: deps.noticeHours,
  };
}

/** The move, inside the caller's transaction: the booking row locked first, so moves of one booking take turns. */
async function move(
  deps: RescheduleDeps,
  tx: Transaction,
  id: number,
  slot: AdminReschedule,
  mover: Mover,
  requestId?: string,
) {
  const booking = await repo.findBookingById(tx, id, true);
  if (!booking) throw notFound(mover.by === 'admin' ? 'Consultation not found' : BookingMessages.invalidManageLink);
  const why = refusal(deps, booking, mover.by);
  if (why) throw why;
  // Its own time is not "taken": it is where the booking already is.
  if (slotInterval(slot.date, slot.time, deps.timeZone)?.startsAt.getTime() === booking.startsAt.getTime())
    throw unprocessable(BookingMessages.sameSlot, [{ path: 'time', message: BookingMessages.sameSlot }]);
  const interval = await checkSlot(deps, tx, slot, booking.id);
  const moved = await repo.moveBooking(tx, booking.id, { date: slot.date, timeLabel: slot.time, ...interval });
  const { id: changeId } = await repo.insertBookingChange(tx, {
    bookingId: booking.id,
    kind: 'rescheduled',
    fromStartsAt: booking.startsAt,
    fromEndsAt: booking.endsAt,
    toStartsAt: moved.startsAt,
    toEndsAt: moved.endsAt,
    changedBy: mover.by,
    actorUserId: mover.by === 'admin' ? mover.actor.id : null,
  });
  const event = await insertEvent(tx, EventTypes.bookingRescheduled, { bookingId: booking.id, changeId }, requestId);
  return { before: booking, moved, event };
}

/** The loser of a race for the slot (unique index or exclusion constraint) gets the booking's 409 (D13). */
const settled = <T>(work: Promise<T>): Promise<T> => conflictWhen(isSlotTaken, BookingMessages.taken, work);

const answer = (booking: repo.BookingRow, message: string): RescheduledBooking => ({
  id: booking.id,
  date: booking.date,
  time: booking.timeLabel,
  timeZone: booking.timeZone,
  startsAt: booking.startsAt.toISOString(),
  endsAt: booking.endsAt.toISOString(),
  message,
});

/** POST /api/booking/reschedule: the visitor moves their booking through its link, as often as they like. */
export async function rescheduleByToken(
  deps: RescheduleDeps,
  input: RescheduleBooking,
  requestId?: string,
): Promise<RescheduledBooking> {
  const id = await bookingIdOfToken(deps, input.token);
  if (id === null) throw notFound(BookingMessages.invalidManageLink);
  const slot = { date: input.date, time: input.time };
  const done = await settled(deps.db.transaction((tx) => move(deps, tx, id, slot, { by: 'visitor' }, requestId)));
  await dispatch(deps, [done.event]);
  return answer(done.moved, BookingMessages.rescheduled);
}

/** POST /api/admin/consultations/{id}/reschedule: an administrator moves a booking, audited (D21). */
export async function rescheduleByAdmin(
  deps: RescheduleDeps,
  actor: Actor,
  id: number,
  slot: AdminReschedule,
  requestId?: string,
): Promise<RescheduledBooking> {
  const done = await settled(
    withAudit(deps.db, actor, async (tx) => {
      const result = await move(deps, tx, id, slot, { by: 'admin', actor }, requestId);
      const { before, moved } = result;
      return {
        action: 'booking.reschedule',
        targetType: 'booking',
        targetId: id,
        targetName: before.email,
        changes: {
          date: { from: before.date, to: moved.date },
          timeLabel: { from: before.timeLabel, to: moved.timeLabel },
          startsAt: { from: before.startsAt.toISOString(), to: moved.startsAt.toISOString() },
        },
        result,
      };
    }),
  );
  await dispatch(deps, [done.event]);
  return answer(done.moved, BookingMessages.rescheduledByAdmin);
}
