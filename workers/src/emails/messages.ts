// Long file: every e-mail the workers send, one defineEmail each, so adding one is one entry (decision 025).
import { COMPANY_NAME, EventPayloadSchemas, meetingWhen, sameWallClock } from '@app/contracts/server';
import { meetingUrl } from '@app/platform/booking-calendar';
import { bookingCalendarLinks } from '@app/platform/booking-calendar-links';
import * as v from 'valibot';
import { type Booking, findBooking } from '../repositories/bookings.repository';
import { findContactMessage } from '../repositories/contact.repository';
import { findActiveUser, findActiveUserByEmail } from '../repositories/users.repository';
import { bookingCancellationAttachment, bookingInviteAttachment } from './booking-attachments';
import { defineEmail, type EmailJobData, type MessageContext, type MintedLink, type StoredEvent } from './define-email';
import { organizationBrandVars, withBrand } from './organization-brand';

export const formatDateTime = (date: Date, timeZone = 'UTC') =>
  new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  }).format(date);

/** The values every template's layout uses (besides the subject and the preview). */
export const layoutVars = (ctx: Pick<MessageContext, 'appUrl' | 'companyEmail'>) => ({
  appUrl: ctx.appUrl.replace(/\/$/, ''),
  appHost: new URL(ctx.appUrl).host,
  companyName: COMPANY_NAME,
  companyEmail: ctx.companyEmail,
  ...organizationBrandVars(null),
});

/** The user an account e-mail goes to, with their organizations' brand (issue 18). */
const userWithBrand = <U extends { id: number }>(ctx: MessageContext, loading: Promise<U | null>) =>
  withBrand(ctx, loading, (user) => user);

/** A message to someone outside, whose answer comes to the company; and one to the company, answered to them. */
export const toVisitor = (email: string, ctx: MessageContext) => ({ to: email, replyTo: ctx.companyEmail });
export const toCompany = (email: string, ctx: MessageContext) => ({ to: ctx.companyEmail, replyTo: email });

async function contactMessage(ctx: MessageContext, event: StoredEvent) {
  const { contactMessageId } = v.parse(EventPayloadSchemas['contact.received'], event.payload);
  const message = await findContactMessage(ctx.db, contactMessageId);
  if (!message) return null;
  return {
    message,
    vars: {
      name: message.name,
      email: message.email,
      messageSubject: message.subject,
      message: message.message,
      receivedAt: formatDateTime(message.createdAt, ctx.timeZone),
    },
  };
}

const userEvent = async (
  ctx: MessageContext,
  event: StoredEvent,
  type: 'user.invited' | 'password_reset.requested',
) => {
  const { userId } = v.parse(EventPayloadSchemas[type], event.payload);
  return findActiveUser(ctx.db, userId);
};

/**
 * The meeting's date and time written out in the zone it was booked in (D12): same instant as the .ics. When the
 * visitor booked from another clock (issue 26), `visitorTime` is the meeting in theirs ('' otherwise), and
 * `forVisitor` its start as they read it first: 'Monday, November 2, 2026 at 4:00 PM CET (10:00 AM EST)'.
 */
export function bookingWhen(
  booking: Pick<Booking, 'startsAt' | 'endsAt' | 'timeZone'> & Partial<Pick<Booking, 'visitorTimeZone'>>,
) {
  const company = meetingWhen(booking.startsAt, booking.endsAt, booking.timeZone);
  const zone = booking.visitorTimeZone;
  const visitor =
    zone && !sameWallClock(booking.startsAt, zone, booking.timeZone)
      ? meetingWhen(booking.startsAt, booking.endsAt, zone)
      : null;
  return {
    date: company.date,
    time: company.time,
    timeZone: company.timeZone,
    when: company.when,
    startShort: company.startShort,
    visitorTime: visitor ? `${visitor.when} (${zone})` : '',
    forVisitor: visitor ? `${visitor.startShort} (${company.clock})` : company.startShort,
    visitorWhen: visitor ? `${visitor.when} (${company.clock})` : company.when,
  };
}

/** A booking made with our form, in this state: the scheduling service writes to its own bookers (D17). */
export const ourBooking = (booking: Booking, status: Booking['status']) =>
  booking.source === 'form' && booking.status === status;

const SOURCES: Record<Booking['source'], string> = {
  form: 'Booking form on the website',
  scheduling_service: 'Scheduling widget (the service sent its own confirmation)',
};

/** The booking's "Add to Google Calendar" and "Add to Outlook" links (issue 26), beside the attached invite. */
export const calendarLinks = (booking: Booking, ctx: MessageContext) => {
  const links = bookingCalendarLinks(booking, {
    timeZone: ctx.timeZone ?? booking.timeZone,
    meetingUrlTemplate: ctx.meetingUrlTemplate,
  });
  return { googleCalendarLink: links.google, outlookCalendarLink: links.outlook };
};

/** What a visitor's e-mail of a booked time (booked, moved) says of it: the time, the call, its links (issue 26). */
export const BOOKED_TIME_VARIABLES = [
  'date',
  'time',
  'timeZone',
  'visitorTime',
  'meeting',
  'cancelLink',
  'rescheduleLink',
  'googleCalendarLink',
  'outlookCalendarLink',
] as const;

/** How an e-mail to a person greets them, and the address it names as theirs. */
export const greetingVars = (user: { firstName: string | null; email: string }) => ({
  greetingName: user.firstName || user.email,
  email: user.email,
});

/** The meeting's video call link (MEETING_URL_TEMPLATE), or what happens without one. */
export const meetingText = (booking: Booking, ctx: MessageContext) =>
  meetingUrl(ctx.meetingUrlTemplate, booking.id) ?? "We'll e-mail you the video call link before the meeting.";

/** The booking's manage links of one e-mail (issue 16): one token minted for this e-mail, in both links. */
export const manageLinks = (link: MintedLink) => ({ cancelLink: link.url, rescheduleLink: link.rescheduleUrl ?? '' });

/**
 * A reminder is for one meeting time (its job's planned start): nothing is sent once the booking has moved away from
 * it. A reminder queued before jobs carried the start is for a booking never changed since (sequence 0).
 */
const stillPlanned = (booking: Booking, job: EmailJobData) =>
  job.plannedStartsAt ? booking.startsAt.getTime() === Date.parse(job.plannedStartsAt) : booking.sequence === 0;

export async function bookingEvent(
  ctx: MessageContext,
  event: StoredEvent,
  type: 'booking.created' | 'booking.cancelled' | 'booking.rescheduled',
) {
  const { bookingId } = v.parse(EventPayloadSchemas[type], event.payload);
  const booking = await findBooking(ctx.db, bookingId);
  if (!booking) return null;
  const when = bookingWhen(booking);
  const vars = {
    name: booking.name,
    email: booking.email,
    businessName: booking.businessName || '-',
    lineOfWork: booking.lineOfWork || '-',
    date: when.date,
    time: when.time,
    timeZone: when.timeZone,
    when: when.when,
    visitorTime: when.visitorTime,
    source: SOURCES[booking.source],
    bookedAt: formatDateTime(booking.createdAt, booking.timeZone),
    cancelledAt: booking.cancelledAt ? formatDateTime(booking.cancelledAt, booking.timeZone) : '-',
  };
  return { booking, when, vars };
}

/** The e-mails of contact messages, invitations, resets and bookings, by template. */
export const messageEmails = {
  'contact-notification': defineEmail({
    template: 'contact-notification',
    sentOn: ['contact.received'],
    variables: ['name', 'email', 'messageSubject', 'message', 'receivedAt'],
    load: contactMessage,
    content: ({ message, vars }, ctx) => ({
      ...toCompany(message.email, ctx),
      subject: `New contact message: ${message.subject}`,
      preview: `${message.name} <${message.email}> wrote through the contact form.`,
      vars,
    }),
  }),

  'contact-acknowledgement': defineEmail({
    template: 'contact-acknowledgement',
    sentOn: ['contact.received'],
    // Nothing the visitor typed, not even the name (D40): the form takes any address, so an echo would relay any
    // text or link to anyone in the company's name. The company's notification carries the message.
    variables: [],
    load: contactMessage,
    content: ({ message }, ctx) => ({
      ...toVisitor(message.email, ctx),
      subject: `We received your message to ${COMPANY_NAME}`,
      preview: "Thanks for getting in touch. We'll get back to you within 24 hours.",
      vars: {},
    }),
  }),

  'user-invitation': defineEmail({
    template: 'user-invitation',
    sentOn: ['user.invited'],
    variables: ['greetingName', 'link', 'expiresAt'],
    load: (ctx, event) => userWithBrand(ctx, userEvent(ctx, event, 'user.invited')),
    content: ({ brand, ...user }, ctx) => ({
      to: user.email,
      organization: brand,
      subject: `You're invited to the ${COMPANY_NAME} client portal`,
      preview: 'Choose a password to finish setting up your account.',
      link: { kind: 'registration', userId: user.id },
      vars: (link) => ({
        greetingName: user.firstName || user.email,
        link: link.url,
        expiresAt: link.expiresAt ? formatDateTime(link.expiresAt, ctx.timeZone) : '-',
      }),
    }),
  }),

  'password-reset': defineEmail({
    template: 'password-reset',
    sentOn: ['password_reset.requested', 'password_reset.requested_by_email'],
    variables: ['greetingName', 'email', 'link', 'heading', 'reason', 'ignoreLine'],
    // Asked for on the reset page: the address as typed, looked up here so the request's time tells nothing (D6).
    load: (ctx, event) =>
      userWithBrand(
        ctx,
        event.type === 'password_reset.requested_by_email'
          ? findActiveUserByEmail(
              ctx.db,
              v.parse(EventPayloadSchemas['password_reset.requested_by_email'], event.payload).email,
            )
          : userEvent(ctx, event, 'password_reset.requested'),
      ),
    // The same link sets a first password (issue 26): a person who signs in only through single sign-on and was
    // made an administrator, or who asked for one on the account page, reads what it is for.
    content: ({ brand, ...user }) => ({
      to: user.email,
      organization: brand,
      subject: user.hasPassword
        ? `Reset your ${COMPANY_NAME} password`
        : `Set a password for your ${COMPANY_NAME} account`,
      preview: 'This link expires in 1 hour.',
      link: { kind: 'password-reset', userId: user.id },
      vars: (link) => ({
        ...greetingVars(user),
        link: link.url,
        ...(user.hasPassword
          ? {
              heading: 'Choose a new password',
              reason: `someone (hopefully you) asked to reset the password of your ${COMPANY_NAME} account`,
              ignoreLine: "If you didn't ask for this, you can ignore this e-mail: your password stays as it is.",
            }
          : {
              heading: 'Choose a password',
              reason: `your ${COMPANY_NAME} account has no password yet: you sign in through your organization. Administrators sign in with a password, and you can choose one for your account`,
              ignoreLine: "If you didn't expect this, you can ignore this e-mail: you keep signing in as before.",
            }),
      }),
    }),
  }),

  'booking-confirmation': defineEmail({
    template: 'booking-confirmation',
    variables: ['name', ...BOOKED_TIME_VARIABLES],
    load: (ctx, event) => bookingEvent(ctx, event, 'booking.created'),
    content: ({ booking, when, vars }, ctx) =>
      ourBooking(booking, 'confirmed')
        ? {
            ...toVisitor(booking.email, ctx),
            subject: `Your consultation with ${COMPANY_NAME} is booked: ${when.forVisitor}`,
            preview: `Free 30-minute consultation on ${when.visitorWhen}. The calendar invite is attached.`,
            link: { kind: 'booking-manage', bookingId: booking.id },
            vars: (link) => ({
              ...vars,
              meeting: meetingText(booking, ctx),
              ...manageLinks(link),
              ...calendarLinks(booking, ctx),
            }),
            attachments: [bookingInviteAttachment(booking, ctx)],
          }
        : null,
  }),

  'booking-notification': defineEmail({
    template: 'booking-notification',
    variables: ['name', 'email', 'businessName', 'lineOfWork', 'date', 'time', 'timeZone', 'source', 'bookedAt'],
    load: (ctx, event) => bookingEvent(ctx, event, 'booking.created'),
    content: ({ booking, when, vars }, ctx) => ({
      ...toCompany(booking.email, ctx),
      subject: `New consultation booked: ${booking.name}, ${when.startShort}`,
      preview: `${booking.name} <${booking.email}> booked a free consultation.`,
      vars,
    }),
  }),

  'booking-reminder': defineEmail({
    template: 'booking-reminder',
    variables: ['name', 'date', 'time', 'timeZone', 'visitorTime', 'meeting', 'cancelLink', 'rescheduleLink'],
    // Queued by the booking (booking.created) or by a move (booking.rescheduled): both name the booking.
    load: (ctx, event) =>
      bookingEvent(ctx, event, event.type === 'booking.rescheduled' ? 'booking.rescheduled' : 'booking.created'),
    content: ({ booking, when, vars }, ctx, job) =>
      // Nothing to remind of once cancelled, moved to another time (that time has a reminder of its own) or over.
      ourBooking(booking, 'confirmed') && stillPlanned(booking, job) && booking.startsAt.getTime() > Date.now()
        ? {
            ...toVisitor(booking.email, ctx),
            subject: `Reminder: your consultation with ${COMPANY_NAME} is tomorrow, ${when.forVisitor}`,
            preview: `Your free 30-minute consultation is on ${when.visitorWhen}.`,
            link: { kind: 'booking-manage', bookingId: booking.id },
            vars: (link) => ({ ...vars, meeting: meetingText(booking, ctx), ...manageLinks(link) }),
          }
        : null,
  }),

  'booking-cancelled': defineEmail({
    template: 'booking-cancelled',
    variables: ['name', 'when', 'visitorTime'],
    load: (ctx, event) => bookingEvent(ctx, event, 'booking.cancelled'),
    content: ({ booking, when, vars }, ctx) =>
      ourBooking(booking, 'cancelled')
        ? {
            ...toVisitor(booking.email, ctx),
            subject: `Your consultation on ${when.forVisitor} is cancelled`,
            preview: 'Your consultation is cancelled. You are welcome to book another time.',
            vars,
            // Takes the invite's event out of the visitor's calendar (same UID, higher SEQUENCE).
            attachments: [bookingCancellationAttachment(booking, ctx)],
          }
        : null,
  }),

  'booking-cancelled-notification': defineEmail({
    template: 'booking-cancelled-notification',
    variables: [
      'name',
      'email',
      'businessName',
      'lineOfWork',
      'date',
      'time',
      'timeZone',
      'when',
      'source',
      'cancelledAt',
    ],
    load: (ctx, event) => bookingEvent(ctx, event, 'booking.cancelled'),
    content: ({ booking, when, vars }, ctx) =>
      booking.status === 'cancelled'
        ? {
            ...toCompany(booking.email, ctx),
            subject: `Consultation cancelled: ${booking.name}, ${when.startShort}`,
            preview: `${booking.name} <${booking.email}> cancelled their consultation.`,
            vars,
            attachments: [bookingCancellationAttachment(booking, ctx)],
          }
        : null,
  }),
} as const;
