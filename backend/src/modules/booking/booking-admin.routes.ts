import { AdminRescheduleSchema, IdParamsSchema, RescheduledBookingSchema } from '@app/contracts';
import type { AppDeps } from '../../deps';
import { adminRoute } from '../../lib/route-options';
import { adminOnly, type GuardDeps } from '../../plugins/auth';
import { requestContext } from '../../plugins/request-context';
import { type RescheduleDeps, rescheduleByAdmin } from './reschedule.service';

/** An administrator's changes to a consultation, behind the admin guard (401 anonymous, 403 non-admin, D10). */
export const bookingAdminRoutes = (
  deps: Pick<AppDeps, 'config' | 'db' | 'publisher' | 'logger' | 'clock' | 'redis'> & GuardDeps,
) => {
  const rescheduleDeps: RescheduleDeps = {
    ...deps,
    timeZone: deps.config.BOOKING_TIMEZONE,
    prefix: deps.config.QUEUE_PREFIX,
    noticeHours: deps.config.RESCHEDULE_NOTICE_HOURS,
    windowDays: deps.config.BOOKING_WINDOW_DAYS,
  };
  return adminOnly('booking-admin-routes', deps)
    .use(requestContext(deps.config.TRUST_PROXY))
    .post(
      '/api/admin/consultations/:id/reschedule',
      ({ params, body, user, requestId }) => rescheduleByAdmin(rescheduleDeps, user, params.id, body, requestId),
      {
        params: IdParamsSchema,
        body: AdminRescheduleSchema,
        ...adminRoute(
          'Move a consultation to another free slot (also within the notice period, never into the past or onto a taken or busy time); audited',
          { 200: RescheduledBookingSchema },
        ),
      },
    );
};
