import { EventTypes } from '@app/contracts/server';
import type { Transaction } from '@app/db';
import { insertEvent } from '@app/platform/outbox';
import type { Clock } from '../../lib/clock';
import * as repo from './booking.repository';

/** Who changes a booking: the visitor (their link), an administrator (with their id), or the scheduling service. */
export interface ChangedBy {
  changedBy: 'visitor' | 'admin' | 'scheduling_service';
  actorUserId?: number | null;
}

/**
 * Cancels a booking the caller has locked (`findBookingById(tx, id, true)`) and found confirmed: the status, the
 * invite's SEQUENCE + 1, a history row saying by whom, and the `booking.cancelled` event (which frees the calendar
 * entry and e-mails both sides), all in the caller's transaction. Every way to cancel goes through here.
 */
export async function cancelLocked(
  tx: Transaction,
  deps: { clock: Clock },
  booking: repo.BookingRow,
  by: ChangedBy,
  requestId?: string,
) {
  await repo.cancelBooking(tx, booking.id, deps.clock.now());
  await repo.insertBookingChange(tx, {
    bookingId: booking.id,
    kind: 'cancelled',
    fromStartsAt: booking.startsAt,
    fromEndsAt: booking.endsAt,
    changedBy: by.changedBy,
    actorUserId: by.actorUserId ?? null,
  });
  return insertEvent(tx, EventTypes.bookingCancelled, { bookingId: booking.id }, requestId);
}
