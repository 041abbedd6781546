import { AvailabilityQuerySchema, BookingRequestSchema, CancelBookingSchema } from '@app/contracts';
import { Elysia } from 'elysia';
import * as v from 'valibot';
import type { AppDeps } from '../../app';
import { HttpError } from '../../lib/http-error';
import { Limits } from '../../lib/rate-limit';
import { ErrorSchema } from '../../plugins/openapi';
import { requestContext } from '../../plugins/request-context';
import * as booking from './booking.service';
import { handleWebhook, verifySignature } from './webhook.service';

export const WEBHOOK_PATH = '/api/booking/webhook';

const AvailabilitySchema = v.object({ date: v.string(), timeZone: v.string(), availableTimes: v.array(v.string()) });
const ConfirmationSchema = v.object({
  id: v.number(),
  date: v.string(),
  time: v.string(),
  timeZone: v.string(),
  startsAt: v.string(),
  endsAt: v.string(),
  message: v.string(),
});
const SummarySchema = v.object({
  name: v.string(),
  date: v.string(),
  time: v.string(),
  timeZone: v.string(),
  startsAt: v.string(),
  status: v.picklist(['confirmed', 'cancelled']),
});
const tags = ['Booking'];

export const bookingRoutes = (deps: AppDeps) => {
  const bookingDeps: booking.BookingDeps = { ...deps, timeZone: deps.config.BOOKING_TIMEZONE };
  return new Elysia({ name: 'booking-routes' })
    .use(requestContext(deps.config.TRUST_PROXY))
    .get('/api/booking/availability', ({ query }) => booking.availability(bookingDeps, query.date), {
      query: AvailabilityQuerySchema,
      response: { 200: AvailabilitySchema, 422: ErrorSchema },
      detail: { tags, summary: 'Free half-hour slots of a weekday, in the company time zone' },
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
        response: { 201: ConfirmationSchema, 409: ErrorSchema, 422: ErrorSchema, 429: ErrorSchema },
        detail: { tags, summary: 'Book a free 30-minute consultation' },
      },
    )
    .get('/api/booking/cancel/:token', ({ params }) => booking.findByCancelToken(bookingDeps, params.token), {
      params: v.object({ token: v.pipe(v.string(), v.maxLength(500)) }),
      response: { 200: SummarySchema, 404: ErrorSchema },
      detail: { tags, summary: 'The booking behind a cancel link' },
    })
    .post('/api/booking/cancel', ({ body, requestId }) => booking.cancelByToken(bookingDeps, body.token, requestId), {
      body: CancelBookingSchema,
      response: { 200: v.object({ message: v.string() }), 404: ErrorSchema, 422: ErrorSchema },
      detail: { tags, summary: 'Cancel a consultation through its link' },
    })
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
        response: { 200: v.object({ status: v.string() }), 401: ErrorSchema, 422: ErrorSchema },
        detail: {
          tags,
          summary: "The scheduling service's signed webhook (invitee.created, invitee.canceled)",
        },
      },
    );
};
