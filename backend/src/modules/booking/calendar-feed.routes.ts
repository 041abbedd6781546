import { ApiErrorSchema, CalendarFeedParamsSchema } from '@app/contracts';
import { Elysia } from 'elysia';
import type { AppDeps } from '../../deps';
import { notFound } from '../../lib/http-error';
import { documentedSchema } from '../../plugins/openapi';
import { feedCalendar } from './consultations.service';

/**
 * The team's private calendar feed (issue 16): a calendar app subscribes to `/api/calendar-feed/<token>.ics`. The
 * token is the only key, so an unknown, revoked or malformed one gets the same 404.
 */
export const calendarFeedRoutes = (deps: Pick<AppDeps, 'config' | 'db' | 'clock'>) => {
  const feedDeps = {
    ...deps,
    appUrl: deps.config.APP_URL,
    meetingUrlTemplate: deps.config.MEETING_URL_TEMPLATE,
    timeZone: deps.config.BOOKING_TIMEZONE,
    windowDays: deps.config.BOOKING_WINDOW_DAYS,
  };
  return new Elysia({ name: 'calendar-feed-routes' }).get(
    '/api/calendar-feed/:file',
    async ({ params, set }) => {
      const calendar = await feedCalendar(feedDeps, params.file);
      if (calendar === null) throw notFound('Not found');
      set.headers['content-type'] = 'text/calendar; charset=utf-8';
      set.headers['cache-control'] = 'private, no-store';
      return calendar;
    },
    {
      params: CalendarFeedParamsSchema,
      detail: {
        tags: ['Booking'],
        summary:
          "The team's private calendar feed (<token>.ics): every confirmed consultation, 30 days back to the booking window ahead",
        responses: {
          200: {
            description: 'An iCalendar subscription (no METHOD): one event per consultation, stable UID and SEQUENCE',
            content: { 'text/calendar': { schema: { type: 'string' } } },
          },
          404: {
            description: 'Unknown or revoked feed',
            content: { 'application/json': { schema: documentedSchema(ApiErrorSchema) } },
          },
        },
      },
    },
  );
};
