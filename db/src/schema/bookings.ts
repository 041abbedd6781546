import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { belongsTo, mentions, serialId, timeOfInsert, timeSpan, timestamptz, visitor } from './columns';
import { users } from './users';

/**
 * Consultations. Start and end are UTC timestamps beside the label and date in the company's zone (D12, D13). The
 * database makes a double booking impossible: one confirmed booking per start time.
 */
export const bookings = pgTable(
  'bookings',
  {
    id: serialId(),
    ...visitor(),
    businessName: text(),
    lineOfWork: text(),
    /** yyyy-MM-dd in the company's time zone. */
    date: text().notNull(),
    /** The slot label, e.g. '09:00 AM - 09:30 AM'. */
    timeLabel: text().notNull(),
    timeZone: text().notNull(),
    /** The visitor's own IANA zone, as their browser named it when booking (issue 26); null when unknown. */
    visitorTimeZone: text(),
    ...timeSpan(),
    status: text({ enum: ['confirmed', 'cancelled'] })
      .notNull()
      .default('confirmed'),
    /** 'form' (our slot picker) or 'scheduling_service' (its widget, through the webhook, D17). */
    source: text({ enum: ['form', 'scheduling_service'] })
      .notNull()
      .default('form'),
    /** The scheduling service's id of the booking (its invitee URI). */
    externalId: text(),
    /** SHA-256 of the cancel link's token, minted by the worker that sends the confirmation (D7, D15). */
    cancelTokenHash: text(),
    /** Stable UID of the calendar event and the .ics invite. */
    calendarUid: text().notNull(),
    /** Where the event lives in the CalDAV calendar once it is there. */
    calendarHref: text(),
    /**
     * The invite's SEQUENCE (RFC 5545): 0 when booked, increased by one on every change (a move, a cancellation), so
     * calendars replace the event they have instead of adding another.
     */
    sequence: integer().notNull().default(0),
    ipAddress: text(),
    createdAt: timeOfInsert(),
    cancelledAt: timestamptz(),
  },
  (t) => [
    uniqueIndex('bookings_confirmed_start_unique').on(t.startsAt).where(sql`${t.status} = 'confirmed'`),
    uniqueIndex('bookings_external_id_unique').on(t.externalId),
    uniqueIndex('bookings_cancel_token_unique').on(t.cancelTokenHash),
    index('bookings_starts_at_idx').on(t.startsAt),
  ],
);

/** A copy of the company calendar's busy times for the coming 60 days (D16), refreshed by the workers. */
export const calendarBusy = pgTable(
  'calendar_busy',
  {
    id: serialId(),
    ...timeSpan(),
    /** The calendar event's UID (events we put there ourselves are skipped: their bookings already block). */
    uid: text(),
    syncedAt: timeOfInsert(),
  },
  (t) => [index('calendar_busy_range_idx').on(t.startsAt, t.endsAt)],
);

/**
 * A booking's history (issue 16): every move and cancellation, when, from which time to which, and by whom. The
 * admin's consultations list shows it; the invite's SEQUENCE counts these changes (bookings.sequence).
 */
export const bookingChanges = pgTable(
  'booking_changes',
  {
    id: serialId(),
    bookingId: belongsTo(() => bookings.id),
    kind: text({ enum: ['rescheduled', 'cancelled'] }).notNull(),
    /** The times before the change. */
    fromStartsAt: timestamptz().notNull(),
    fromEndsAt: timestamptz().notNull(),
    /** The times after a move; null for a cancellation. */
    toStartsAt: timestamptz(),
    toEndsAt: timestamptz(),
    /** Who made the change: the visitor (their link), an administrator, or the scheduling service (its webhook). */
    changedBy: text({ enum: ['visitor', 'admin', 'scheduling_service'] }).notNull(),
    /** The administrator, when an administrator made it. */
    actorUserId: mentions(() => users.id),
    createdAt: timeOfInsert(),
  },
  (t) => [index('booking_changes_booking_idx').on(t.bookingId, t.createdAt)],
);

/**
 * The tokens of a booking's manage links (cancel and reschedule, issue 16), stored only as SHA-256 (D7). Every e-mail
 * that carries the links (confirmation, moved, reminder) mints one more, and each keeps working until the meeting
 * starts, so a link in an older e-mail still opens the booking after it has been moved. (bookings.cancel_token_hash is
 * the one token of links sent before this table existed.)
 */
export const bookingTokens = pgTable(
  'booking_tokens',
  {
    id: serialId(),
    bookingId: belongsTo(() => bookings.id),
    tokenHash: text().notNull(),
    createdAt: timeOfInsert(),
  },
  (t) => [
    uniqueIndex('booking_tokens_hash_unique').on(t.tokenHash),
    index('booking_tokens_booking_idx').on(t.bookingId),
  ],
);

/**
 * Days the company is closed (holidays, issue 16): the booking API refuses them and the picker disables them. One row
 * per calendar date (yyyy-MM-dd in the company's zone).
 */
export const closedDates = pgTable('closed_dates', {
  date: text().primaryKey(),
  /** What the admin calls the day ('Thanksgiving'); optional. */
  label: text(),
  createdByUserId: mentions(() => users.id),
  createdAt: timeOfInsert(),
});

/**
 * The company team's private calendar feed (issue 16): a secret URL a calendar app subscribes to. Only the token's
 * SHA-256 is kept (D7); a revoked feed answers 404. At most one feed is live at a time (creating one revokes the last).
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    id: serialId(),
    tokenHash: text().notNull(),
    createdByUserId: mentions(() => users.id),
    createdAt: timeOfInsert(),
    revokedAt: timestamptz(),
  },
  (t) => [uniqueIndex('calendar_feeds_token_hash_unique').on(t.tokenHash)],
);
