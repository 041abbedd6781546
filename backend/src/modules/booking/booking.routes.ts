import {
  ApiErrorSchema,
  AvailabilityQuerySchema,
  AvailabilitySchema,
  BookingConfirmationSchema,
  BookingRequestSchema,
  BookingSummarySchema,
  CancelBookingSchema,
  MessageSchema,
  MonthAvailabilityQuerySchema,
  MonthAvailabilitySchema,
  ReschedulableBookingSchema,
  RescheduleBookingSchema,
  RescheduledBookingSchema,
  TokenParamsSchema,
  WebhookAcceptedSchema,
} from '@app/contracts';
import { Elysia } from 'elysia';
import * as v from 'valibot';
import type { AppDeps } from '../../deps';
import { HttpError } from '../../lib/http-error';
import { Limits } from '../../lib/rate-limit';
import { requestContext } from '../../plugins/request-context';
import { bookingCalendarFile } from './booking.ics';
import * as booking from './booking.service';
import * as links from './booking-links.service';
import { calendarAnswers } from './calendar-feed.routes';
import { findForReschedule, type RescheduleDeps, rescheduleByToken } from './reschedule.service';
import { handleWebhook, verifySignature } from './webhook.service';

export const WEBHOOK_PATH = '/api/booking/webhook';

const tags = ['Booking'];

export const bookingRoutes = (
  deps: Pick<AppDeps, 'config' | 'db' | 'publisher' | 'logger' | 'clock' | 'redis' | 'rateLimiter'>,
) => {
  const bookingDeps: RescheduleDeps = {
    ...deps,
    timeZone: deps.config.BOOKING_TIMEZONE,
    prefix: deps.config.QUEUE_PREFIX,
    noticeHours: deps.config.RESCHEDULE_NOTICE_HOURS,
    windowDays: deps.config.BOOKING_WINDOW_DAYS,
    meetingUrlTemplate: deps.config.MEETING_URL_TEMPLATE,
  };
  return new Elysia({ name: 'booking-routes' })
    .use(requestContext(deps.config.TRUST_PROXY))
    .get('/api/booking/availability', ({ query }) => booking.availability(bookingDeps, query.date), {
      query: AvailabilityQuerySchema,
      response: { 200: AvailabilitySchema, 422: ApiErrorSchema },
      detail: { tags, summary: 'Free half-hour slots of a weekday, in the company time zone' },
    })
    .get('/api/booking/availability/month', ({ query }) => booking.monthAvailability(bookingDeps, query.month), {
      query: MonthAvailabilityQuerySchema,
      response: { 200: MonthAvailabilitySchema, 422: ApiErrorSchema },
      detail: {
        tags,
        summary: 'The days of a month (yyyy-MM) that still have a free slot: weekdays from today on',
      },
    })
    .post(
      '/api/booking',
      async ({ body, set, clientIp, requestId }) => {
        await deps.rateLimiter.hit([Limits.bookingByIp(clientIp() ?? 'unknown')]);
        const confirmation = await booking.book(bookingDeps, body, { ipAddress: clientIp(), requestId });
        set.status = 201;
        return confirmation;
      },
      {
        body: BookingRequestSchema,
        response: { 201: BookingConfirmationSchema, 409: ApiErrorSchema, 422: ApiErrorSchema, 429: ApiErrorSchema },
        detail: { tags, summary: 'Book a free 30-minute consultation' },
      },
    )
    .get('/api/booking/cancel/:token', ({ params }) => links.findByCancelToken(bookingDeps, params.token), {
      params: TokenParamsSchema,
      response: { 200: BookingSummarySchema, 404: ApiErrorSchema },
      detail: { tags, summary: 'The booking behind a cancel link' },
    })
    .get(
      '/api/booking/calendar/:token',
      async ({ params, set }) => {
        const found = await links.findBookingByToken(bookingDeps, params.token);
        set.headers['content-type'] = 'text/calendar; charset=utf-8';
        set.headers['content-disposition'] = 'attachment; filename="consultation.ics"';
        set.headers['cache-control'] = 'private, no-store';
        return bookingCalendarFile(found, {
          companyEmail: deps.config.COMPANY_EMAIL,
          appUrl: deps.config.APP_URL,
          timeZone: deps.config.BOOKING_TIMEZONE,
          meetingUrlTemplate: deps.config.MEETING_URL_TEMPLATE,
        });
      },
      {
        params: TokenParamsSchema,
        detail: {
          tags,
          summary: "The booking's calendar file (.ics, same UID as the e-mailed invite), by its cancel link's token",
          responses: calendarAnswers(
            'An iCalendar file (METHOD:PUBLISH) with the consultation, as an attachment',
            'Unknown or expired link',
          ),
        },
      },
    )
    .post('/api/booking/cancel', ({ body, requestId }) => links.cancelByToken(bookingDeps, body.token, requestId), {
      body: CancelBookingSchema,
      response: { 200: MessageSchema, 404: ApiErrorSchema, 422: ApiErrorSchema },
      detail: { tags, summary: 'Cancel a consultation through its link' },
    })
    .get('/api/booking/reschedule/:token', ({ params }) => findForReschedule(bookingDeps, params.token), {
      params: TokenParamsSchema,
      response: { 200: ReschedulableBookingSchema, 404: ApiErrorSchema },
      detail: {
        tags,
        summary: 'The booking behind a manage link, and whether (or why not) it can still be moved; changes nothing',
      },
    })
    .post(
      '/api/booking/reschedule',
      async ({ body, clientIp, requestId }) => {
        await deps.rateLimiter.hit([Limits.rescheduleByIp(clientIp() ?? 'unknown')]);
        return rescheduleByToken(bookingDeps, body, requestId);
      },
      {
        body: RescheduleBookingSchema,
        response: {
          200: RescheduledBookingSchema,
          404: ApiErrorSchema,
          409: ApiErrorSchema,
          422: ApiErrorSchema,
          429: ApiErrorSchema,
        },
        detail: {
          tags,
          summary:
            'Move a consultation to another free slot through its link: 404 unknown link, 409 slot taken or booking ' +
            'cancelled, 422 a slot that cannot be booked, the same slot, or too close to the start',
        },
      },
    )
    .post(
      WEBHOOK_PATH,
      async ({ request, body, requestId }) => {
        const key = deps.config.SCHEDULING_WEBHOOK_SIGNING_KEY;
        if (!key) throw new HttpError(401, 'Webhooks are not configured');
        verifySignature(request.headers.get('calendly-webhook-signature'), body, key, deps.clock.now());
        return handleWebhook(bookingDeps, body, requestId);
      },
      {
        parse: 'text',
        body: v.string(),
        response: { 200: WebhookAcceptedSchema, 401: ApiErrorSchema, 422: ApiErrorSchema },
        detail: {
          tags,
          summary: "The scheduling service's signed webhook (invitee.created, invitee.canceled)",
        },
      },
    );
};
