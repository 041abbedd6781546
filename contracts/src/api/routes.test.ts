import { describe, expectTypeOf, it } from 'vitest';
import type { SecondFactorRequired, SessionInfo, SignInEvent } from './account-security';
import type { AuditEntry, OrganizationDashboardLink } from './admin';
import type { LoginResult, TokenValidation } from './auth';
import type {
  Availability,
  BookingSummary,
  MonthAvailability,
  ReschedulableBooking,
  RescheduledBooking,
} from './booking';
import type { DashboardDetail, EmbedStatus, PublicDashboard } from './dashboards';
import type { ApiAnswer, GetAnswer } from './routes';
import type { PublicConfig } from './system';
import type { User, UserChanged } from './users';

// Checked by the type checker (make typecheck). The table is generated from the API's routes (scripts/api-routes.ts,
// decision 052), and the types named here are the ones the browser's code is written against: a route that comes to
// validate its answer with another schema fails this file's types, as it fails the browser's build.
describe("what each call answers, in types, by the API's own routes", () => {
  it('types a GET by its path, the most specific pattern first', () => {
    expectTypeOf<GetAnswer<'/api/config'>>().toEqualTypeOf<PublicConfig>();
    expectTypeOf<GetAnswer<'/api/auth/user'>>().toEqualTypeOf<User>();
    expectTypeOf<GetAnswer<'/api/admin/users'>>().toEqualTypeOf<User[]>();
    expectTypeOf<GetAnswer<'/api/dashboards/public'>>().toEqualTypeOf<PublicDashboard[]>();
    expectTypeOf<GetAnswer<`/api/dashboards/${string}/embed-status`>>().toEqualTypeOf<{ status: EmbedStatus }>();
    expectTypeOf<GetAnswer<`/api/dashboards/${string}`>>().toEqualTypeOf<DashboardDetail>();
    expectTypeOf<GetAnswer<`/api/auth/validate-reset-token/${string}`>>().toEqualTypeOf<TokenValidation>();
    expectTypeOf<GetAnswer<`/api/booking/availability?date=${string}`>>().toEqualTypeOf<Availability>();
    expectTypeOf<GetAnswer<`/api/booking/availability/month?month=${string}`>>().toEqualTypeOf<MonthAvailability>();
    expectTypeOf<GetAnswer<`/api/booking/cancel/${string}`>>().toEqualTypeOf<BookingSummary>();
    expectTypeOf<GetAnswer<`/api/booking/reschedule/${string}`>>().toEqualTypeOf<ReschedulableBooking>();
    expectTypeOf<GetAnswer<'/api/admin/organization-dashboards'>>().toEqualTypeOf<OrganizationDashboardLink[]>();
    expectTypeOf<GetAnswer<'/api/admin/audit'>>().toEqualTypeOf<AuditEntry[]>();
    expectTypeOf<GetAnswer<'/api/auth/sessions'>>().toEqualTypeOf<SessionInfo[]>();
    expectTypeOf<GetAnswer<`/api/admin/sign-ins?${string}`>>().toEqualTypeOf<SignInEvent[]>();
  });

  it('types a change by its method and path; a DELETE answers nothing', () => {
    expectTypeOf<ApiAnswer<'POST', '/api/auth/login'>>().toEqualTypeOf<LoginResult | SecondFactorRequired>();
    expectTypeOf<ApiAnswer<'POST', '/api/auth/login/second-factor'>>().toEqualTypeOf<LoginResult>();
    expectTypeOf<ApiAnswer<'PUT', `/api/admin/users/${number}`>>().toEqualTypeOf<UserChanged>();
    expectTypeOf<ApiAnswer<'DELETE', `/api/admin/users/${number}`>>().toEqualTypeOf<null>();
    expectTypeOf<ApiAnswer<'POST', '/api/admin/send-password-reset'>>().toEqualTypeOf<{ message: string }>();
    expectTypeOf<ApiAnswer<'POST', '/api/booking/reschedule'>>().toEqualTypeOf<RescheduledBooking>();
    expectTypeOf<
      ApiAnswer<'POST', `/api/admin/consultations/${number}/reschedule`>
    >().toEqualTypeOf<RescheduledBooking>();
  });

  it('gives a path it does not know no type at all, so its use does not compile', () => {
    expectTypeOf<GetAnswer<'/api/nothing-here'>>().toBeNever();
  });
});
