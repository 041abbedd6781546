import { ApiErrorSchema, CalendarFeedParamsSchema } from '@app/contracts';
import { Elysia } from 'elysia';
import type { AppDeps } from '../../deps';
import { notFound } from '../../lib/http-error';
import { documentedSchema } from '../../plugins/openapi';
import { feedCalendar } from './consultations.service';

/** How the document describes a route that answers an iCalendar file (`calendar`), or 404 as JSON (`missing`). */
export const calendarAnswers = (calendar: string, missing: string) => ({
  200: { description: calendar, content: { 'text/calendar': { schema: { type: 'string' as const } } } },
  404: { description: missing, content: { 'application/json': { schema: documentedSchema(ApiErrorSchema) } } },
});

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
        responses: calendarAnswers(
          'An iCalendar subscription (no METHOD): one event per consultation, stable UID and SEQUENCE',
          'Unknown or revoked feed',
        ),
      },
    },
  );
};
