/** The booking module's public face: other modules and the composition root import only this (issue 27). */

export { bookingRoutes, WEBHOOK_PATH } from './booking.routes';
export { bookingAdminRoutes } from './booking-admin.routes';
export { calendarFeedRoutes } from './calendar-feed.routes';
export { consultationsRoutes } from './consultations.routes';
