import {
  CalendarFeedCreatedSchema,
  CalendarFeedStatusSchema,
  ClosedDateConflictSchema,
  ClosedDateInputSchema,
  ClosedDateParamsSchema,
  ClosedDateSchema,
  ConsultationListQuerySchema,
  ConsultationMessages,
  ConsultationSchema,
  IdParamsSchema,
  MessageSchema,
} from '@app/contracts';
import * as v from 'valibot';
import type { AppDeps } from '../../deps';
import { listRoute } from '../../lib/list-query';
import { adminCreate, adminList, adminPagedList, adminRemove, adminRoute, noContent } from '../../lib/route-options';
import { adminOnly, type GuardDeps } from '../../plugins/auth';
import { requestContext } from '../../plugins/request-context';
import * as consultations from './consultations.service';

/**
 * The company's side of booking (issue 16), behind the admin guard (401, 403, D10): the consultations with their
 * history, cancelling on the visitor's behalf, the days the company is closed, and the team's calendar feed.
 */
export const consultationsRoutes = (
  deps: Pick<AppDeps, 'config' | 'db' | 'publisher' | 'logger' | 'clock'> & GuardDeps,
) => {
  const feedDeps = { ...deps, appUrl: deps.config.APP_URL };
  const bookingDeps = { ...deps, timeZone: deps.config.BOOKING_TIMEZONE };
  return adminOnly('consultations-routes', deps)
    .use(requestContext(deps.config.TRUST_PROXY))
    .get(
      '/api/admin/consultations',
      listRoute(deps, consultations.listConsultations, consultations.countConsultations),
      adminPagedList(
        'Consultations with their history: upcoming first (soonest first), then past (latest first), unless sorted; filtered by when, status, source and text (name, e-mail, business); without page, the first 1,000',
        ConsultationListQuerySchema,
        ConsultationSchema,
      ),
    )
    .post(
      '/api/admin/consultations/:id/cancel',
      async ({ params, user, requestId, status }) =>
        status(202, await consultations.cancelOnBehalf(deps, user, params.id, requestId)),
      {
        params: IdParamsSchema,
        ...adminRoute(
          "Cancel a confirmed, future consultation on the visitor's behalf (both sides are e-mailed, D22); 409 when already cancelled or past",
          { 202: MessageSchema },
        ),
      },
    )
    .get('/api/admin/closed-dates', () => consultations.listClosedDates(deps), {
      ...adminList('The days the company is closed, earliest first', ClosedDateSchema),
    })
    .post(
      '/api/admin/closed-dates',
      async ({ body, user, status }) => {
        const answer = await consultations.addClosedDate(bookingDeps, user, body);
        if ('closed' in answer) return status(201, answer.closed);
        return status(409, {
          message: ConsultationMessages.closedDateBooked,
          issues: [],
          consultations: answer.booked,
        });
      },
      adminCreate(
        'Close a day (a holiday): bookings on it are refused',
        ClosedDateInputSchema,
        ClosedDateSchema,
        {
          description:
            "A day before today (in the company's zone) is refused with 422. A day with confirmed consultations is " +
            'answered 409 with those consultations (to move or cancel them first) unless `confirm` is true; they ' +
            'stay booked when it is closed anyway. 409 without consultations: the day is already closed.',
        },
        { 409: ClosedDateConflictSchema },
      ),
    )
    .delete(
      '/api/admin/closed-dates/:date',
      ({ params, user }) => noContent(consultations.removeClosedDate(deps, user, params.date)),
      adminRemove(ClosedDateParamsSchema, 'Open a closed day again', 'Removed'),
    )
    .get('/api/admin/calendar-feed', () => consultations.feedStatus(deps), {
      ...adminRoute('Whether the private calendar feed is live (its URL is shown only when made)', {
        200: CalendarFeedStatusSchema,
      }),
    })
    .post(
      '/api/admin/calendar-feed',
      async ({ user, status }) => status(201, await consultations.createFeed(feedDeps, user)),
      adminRoute('Make a new secret calendar feed URL (the previous one stops working)', {
        201: CalendarFeedCreatedSchema,
      }),
    )
    .delete(
      '/api/admin/calendar-feed',
      ({ user }) => noContent(consultations.revokeFeed(deps, user)),
      adminRoute(
        'Revoke the calendar feed: its URL answers 404 from now on',
        { 204: v.pipe(v.undefined(), v.description('No content')) },
        { responses: { 204: { description: 'Revoked' } } },
      ),
    );
};
