import { COMPANY_NAME, EventPayloadSchemas } from '@app/contracts/server';
import * as v from 'valibot';
import { type BookingChange, findBookingChange } from '../repositories/bookings.repository';
import { bookingInviteAttachment } from './booking-attachments';
import { defineEmail, type MessageContext, type StoredEvent } from './define-email';
import {
  BOOKED_TIME_VARIABLES,
  bookingEvent,
  bookingWhen,
  calendarLinks,
  formatDateTime,
  manageLinks,
  meetingText,
  ourBooking,
  toCompany,
  toVisitor,
} from './messages';

/** A moved booking (booking.rescheduled, issue 16): the booking as it is now and the change (from, to, by whom). */
async function bookingMove(ctx: MessageContext, event: StoredEvent) {
  const { changeId } = v.parse(EventPayloadSchemas['booking.rescheduled'], event.payload);
  const [loaded, change] = await Promise.all([
    bookingEvent(ctx, event, 'booking.rescheduled'),
    findBookingChange(ctx.db, changeId),
  ]);
  if (!loaded || !change || change.bookingId !== loaded.booking.id) return null;
  const zones = { timeZone: loaded.booking.timeZone, visitorTimeZone: loaded.booking.visitorTimeZone };
  const previous = bookingWhen({ startsAt: change.fromStartsAt, endsAt: change.fromEndsAt, ...zones });
  const moved = bookingWhen({
    startsAt: change.toStartsAt ?? loaded.booking.startsAt,
    endsAt: change.toEndsAt ?? loaded.booking.endsAt,
    ...zones,
  });
  return { ...loaded, change, previous, moved };
}

/** Who moved the booking, as the company reads it. */
function movedByForCompany(change: BookingChange): string {
  switch (change.changedBy) {
    case 'visitor':
      return 'the visitor, with the link in their e-mail';
    case 'admin': {
      const actor = change.actor;
      if (!actor) return 'an administrator';
      return actor.firstName ? `${actor.firstName} <${actor.email}>` : actor.email;
    }
    case 'scheduling_service':
      return 'the scheduling service (the visitor rescheduled there)';
  }
}

/** Who moved the booking, as the visitor reads it (a sentence). */
const movedByForVisitor = (change: BookingChange) =>
  change.changedBy === 'admin'
    ? `${COMPANY_NAME} has moved your free 30-minute consultation to the new time below. Sorry for the change.`
    : 'Your free 30-minute consultation has moved to the new time you picked, below.';

/** The e-mails of a moved booking, by template. */
export const moveEmails = {
  'booking-moved': defineEmail({
    template: 'booking-moved',
    variables: ['name', 'movedBy', 'previousWhen', ...BOOKED_TIME_VARIABLES],
    load: bookingMove,
    content: ({ booking, change, when, previous, vars }, ctx) =>
      // Our own bookers only (the scheduling service writes to its own, D17), and only while the booking stands.
      ourBooking(booking, 'confirmed')
        ? {
            ...toVisitor(booking.email, ctx),
            subject:
              change.changedBy === 'admin'
                ? `${COMPANY_NAME} moved your consultation to ${when.forVisitor}`
                : `Your consultation has moved to ${when.forVisitor}`,
            preview: `Now on ${when.visitorWhen} (no longer ${previous.forVisitor}). The updated invite is attached.`,
            link: { kind: 'booking-manage', bookingId: booking.id },
            vars: (link) => ({
              name: vars.name,
              movedBy: movedByForVisitor(change),
              previousWhen: previous.visitorWhen,
              date: vars.date,
              time: vars.time,
              timeZone: vars.timeZone,
              visitorTime: vars.visitorTime,
              meeting: meetingText(booking, ctx),
              ...manageLinks(link),
              ...calendarLinks(booking, ctx),
            }),
            // The same UID with the booking's new SEQUENCE: the visitor's calendar moves the event it has.
            attachments: [bookingInviteAttachment(booking, ctx, change.createdAt)],
          }
        : null,
  }),

  'booking-moved-notification': defineEmail({
    template: 'booking-moved-notification',
    variables: [
      'name',
      'email',
      'businessName',
      'lineOfWork',
      'previousWhen',
      'newWhen',
      'timeZone',
      'movedBy',
      'source',
      'movedAt',
    ],
    load: bookingMove,
    content: ({ booking, change, previous, moved, vars }, ctx) => ({
      ...toCompany(booking.email, ctx),
      subject: `Consultation moved: ${booking.name}, ${previous.startShort} → ${moved.startShort}`,
      preview: `Moved by ${movedByForCompany(change)}: now ${moved.when}.`,
      vars: {
        name: vars.name,
        email: vars.email,
        businessName: vars.businessName,
        lineOfWork: vars.lineOfWork,
        previousWhen: previous.when,
        newWhen: moved.when,
        timeZone: vars.timeZone,
        movedBy: movedByForCompany(change),
        source: vars.source,
        movedAt: formatDateTime(change.createdAt, booking.timeZone),
      },
    }),
  }),
} as const;
