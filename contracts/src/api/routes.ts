// Long file: the one table of every route's answer type (derived from the schemas, never mirrored by hand).
import type * as v from 'valibot';
import type {
  RecoveryCodesSchema,
  SecondFactorRequiredSchema,
  SecuritySettingsSchema,
  SessionInfoSchema,
  SessionsEndedSchema,
  SignInEventSchema,
  TwoFactorSetupSchema,
  TwoFactorStatusSchema,
} from './account-security';
import type {
  AuditEntrySchema,
  MemberRoleSchema,
  OrganizationDashboardLinkSchema,
  OrganizationDetailSchema,
  OrganizationSchema,
} from './admin';
import type {
  EmailChangedSchema,
  EmailChangePendingSchema,
  LoginResultSchema,
  PasswordSetSchema,
  TokenValidationSchema,
} from './auth';
import type {
  AvailabilitySchema,
  BookingConfirmationSchema,
  BookingSummarySchema,
  MonthAvailabilitySchema,
  ReschedulableBookingSchema,
  RescheduledBookingSchema,
} from './booking';
import type { MessageSchema } from './common';
import type {
  CalendarFeedCreatedSchema,
  CalendarFeedStatusSchema,
  ClosedDateSchema,
  ConsultationSchema,
} from './consultations';
import type { ContactAcceptedSchema } from './contact';
import type {
  AdminDashboardSchema,
  ClientDashboardSchema,
  DashboardDetailSchema,
  EmbedStatusSchema,
  FavouriteSchema,
  PortalOrganizationSchema,
  PublicDashboardSchema,
  SavedDashboardSchema,
  ViewRecordedSchema,
} from './dashboards';
import type {
  ConnectionTestSchema,
  EmbedConnectionSchema,
  EmbedTokenSchema,
  SavedEmbedConnectionSchema,
} from './embedding';
import type { LeadConvertedSchema, LeadDetailSchema, LeadSchema } from './leads';
import type { GoogleAccountSchema, LookerStudioAssetsSchema, SharingSyncResultSchema } from './lookerstudio';
import type { AdminOverviewSchema } from './overview';
import type {
  CaseStudySchema,
  CaseStudySummarySchema,
  PersonalDataErasedSchema,
  PersonalDataExportSchema,
  PublicCaseStudySchema,
  SitePageSchema,
} from './site';
import type { SsoLookupSchema, SsoSettingsSchema, SsoTestSchema } from './sso';
import type {
  MySubscriptionSchema,
  SubscriptionHistorySchema,
  SubscriptionRunSchema,
  SubscriptionSchema,
  UnsubscribePreviewSchema,
} from './subscriptions';
import type { PublicConfigSchema } from './system';
import type { UsageReportSchema } from './usage';
import type { UserChangedSchema, UserSchema } from './users';

/**
 * What each API call the browser makes answers when it succeeds, as the output of the schema its route validates
 * that answer with (`response:` in the routes file). Types only: nothing here reaches a bundle. The browser's client
 * (`frontend/src/lib/api.ts`) takes its return type from here, so a call has no type of its own to get wrong.
 */
type Of<S extends v.GenericSchema> = v.InferOutput<S>;
type ListOf<S extends v.GenericSchema> = v.InferOutput<S>[];

/** GET paths, most specific first (a path answers the first pattern it matches). */
export type GetAnswer<P extends string> = P extends '/api/auth/user'
  ? Of<typeof UserSchema>
  : P extends '/api/auth/two-factor'
    ? Of<typeof TwoFactorStatusSchema>
    : P extends '/api/auth/sessions'
      ? ListOf<typeof SessionInfoSchema>
      : P extends '/api/admin/settings/security'
        ? Of<typeof SecuritySettingsSchema>
        : P extends '/api/admin/overview'
          ? Of<typeof AdminOverviewSchema>
          : P extends `/api/admin/sign-ins${'' | `?${string}`}`
            ? ListOf<typeof SignInEventSchema>
            : GetAnswerMore<P>;

type GetAnswerMore<P extends string> = P extends '/api/config'
  ? Of<typeof PublicConfigSchema>
  : P extends '/api/dashboards/public'
    ? ListOf<typeof PublicDashboardSchema>
    : P extends '/api/dashboards/organization'
      ? ListOf<typeof ClientDashboardSchema>
      : P extends '/api/dashboards/organizations'
        ? ListOf<typeof PortalOrganizationSchema>
        : P extends `/api/admin/usage?${string}`
          ? Of<typeof UsageReportSchema>
          : P extends `/api/dashboards/${string}/embed-status`
            ? Of<typeof EmbedStatusSchema>
            : P extends `/api/dashboards/${string}`
              ? Of<typeof DashboardDetailSchema>
              : P extends `/api/auth/validate-${'registration' | 'reset'}-token/${string}`
                ? Of<typeof TokenValidationSchema>
                : P extends `/api/booking/availability/month?${string}`
                  ? Of<typeof MonthAvailabilitySchema>
                  : P extends `/api/booking/availability?${string}`
                    ? Of<typeof AvailabilitySchema>
                    : P extends `/api/booking/cancel/${string}`
                      ? Of<typeof BookingSummarySchema>
                      : P extends `/api/booking/reschedule/${string}`
                        ? Of<typeof ReschedulableBookingSchema>
                        : P extends '/api/admin/organizations'
                          ? ListOf<typeof OrganizationSchema>
                          : P extends '/api/admin/dashboards-direct'
                            ? ListOf<typeof AdminDashboardSchema>
                            : P extends '/api/admin/users'
                              ? ListOf<typeof UserSchema>
                              : P extends '/api/admin/organization-dashboards'
                                ? ListOf<typeof OrganizationDashboardLinkSchema>
                                : P extends '/api/admin/audit'
                                  ? ListOf<typeof AuditEntrySchema>
                                  : P extends '/api/admin/embed-connections'
                                    ? ListOf<typeof EmbedConnectionSchema>
                                    : P extends `/api/admin/embed-connections/${string}/assets${'' | `?${string}`}`
                                      ? Of<typeof LookerStudioAssetsSchema>
                                      : P extends `/api/admin/consultations${'' | `?${string}`}`
                                        ? ListOf<typeof ConsultationSchema>
                                        : P extends '/api/admin/closed-dates'
                                          ? ListOf<typeof ClosedDateSchema>
                                          : P extends '/api/admin/calendar-feed'
                                            ? Of<typeof CalendarFeedStatusSchema>
                                            : P extends `/api/auth/sso?${string}`
                                              ? Of<typeof SsoLookupSchema>
                                              : P extends `/api/admin/organizations/${string}/sso`
                                                ? Of<typeof SsoSettingsSchema>
                                                : P extends `/api/admin/organizations/${number}`
                                                  ? Of<typeof OrganizationDetailSchema>
                                                  : LeadGetAnswer<P>;

/** The leads (issue 27). */
type LeadGetAnswer<P extends string> = P extends `/api/admin/leads${'' | `?${string}`}`
  ? ListOf<typeof LeadSchema>
  : P extends `/api/admin/leads/${string}`
    ? Of<typeof LeadDetailSchema>
    : SiteGetAnswer<P>;

/** POST, PUT and DELETE paths (a 204 answers `null`). */
type SendAnswer<M extends 'POST' | 'PUT' | 'PATCH' | 'DELETE', P extends string> = M extends 'DELETE'
  ? P extends `/api/dashboards/${string}/favourite`
    ? Of<typeof FavouriteSchema>
    : null
  : P extends `/api/admin/leads/${string}/convert`
    ? Of<typeof LeadConvertedSchema>
    : P extends `/api/admin/leads/${string}`
      ? Of<typeof LeadDetailSchema>
      : LoginAnswer<P>;

type LoginAnswer<P extends string> = P extends '/api/auth/login'
  ? Of<typeof LoginResultSchema> | Of<typeof SecondFactorRequiredSchema>
  : P extends '/api/auth/login/second-factor'
    ? Of<typeof LoginResultSchema>
    : SecurityAnswer<P>;

/** The account's security (issue 17) and the administrators' security setting. */
type SecurityAnswer<P extends string> = P extends '/api/auth/two-factor/setup'
  ? Of<typeof TwoFactorSetupSchema>
  : P extends `/api/auth/two-factor/${'enable' | 'recovery-codes'}`
    ? Of<typeof RecoveryCodesSchema>
    : P extends '/api/auth/two-factor/disable'
      ? Of<typeof TwoFactorStatusSchema>
      : P extends '/api/auth/sessions/end-others'
        ? Of<typeof SessionsEndedSchema>
        : P extends '/api/auth/change-password'
          ? Of<typeof MessageSchema>
          : P extends '/api/admin/settings/security'
            ? Of<typeof SecuritySettingsSchema>
            : SendAnswerMore<P>;

type SendAnswerMore<P extends string> = P extends '/api/auth/logout'
  ? null
  : P extends '/api/auth/profile'
    ? Of<typeof UserSchema> | Of<typeof EmailChangePendingSchema>
    : P extends '/api/auth/confirm-email-change'
      ? Of<typeof EmailChangedSchema>
      : P extends `/api/auth/${'complete-registration' | 'reset-password'}`
        ? Of<typeof PasswordSetSchema> | Of<typeof SecondFactorRequiredSchema>
        : P extends `/api/auth/${'request-password-reset' | 'password-reset-request'}`
          ? Of<typeof MessageSchema>
          : P extends '/api/contact'
            ? Of<typeof ContactAcceptedSchema>
            : P extends '/api/booking'
              ? Of<typeof BookingConfirmationSchema>
              : P extends '/api/booking/cancel'
                ? Of<typeof MessageSchema>
                : P extends '/api/booking/reschedule' | `/api/admin/consultations/${string}/reschedule`
                  ? Of<typeof RescheduledBookingSchema>
                  : P extends `/api/dashboards/${string}/favourite`
                    ? Of<typeof FavouriteSchema>
                    : P extends `/api/dashboards/${string}/views`
                      ? Of<typeof ViewRecordedSchema>
                      : P extends `/api/dashboards/${string}/embed-token`
                        ? Of<typeof EmbedTokenSchema>
                        : P extends `/api/admin/embed-connections/${string}/test`
                          ? Of<typeof ConnectionTestSchema>
                          : P extends `/api/admin/embed-connections/${string}/sync`
                            ? Of<typeof SharingSyncResultSchema>
                            : P extends '/api/account/google-account'
                              ? Of<typeof GoogleAccountSchema>
                              : P extends `/api/admin/embed-connections${'' | `/${string}`}`
                                ? Of<typeof SavedEmbedConnectionSchema>
                                : P extends `/api/admin/organizations/${string}/sso/test`
                                  ? Of<typeof SsoTestSchema>
                                  : P extends `/api/admin/organizations/${string}/sso`
                                    ? Of<typeof SsoSettingsSchema>
                                    : P extends `/api/admin/organizations${'' | `/${string}`}`
                                      ? Of<typeof OrganizationSchema>
                                      : P extends `/api/admin/dashboards${'' | `/${string}`}`
                                        ? Of<typeof SavedDashboardSchema>
                                        : P extends `/api/admin/${'send-registration-email' | 'send-password-reset'}`
                                          ? Of<typeof MessageSchema>
                                          : P extends `/api/admin/users/${string}`
                                            ? Of<typeof UserChangedSchema>
                                            : P extends '/api/admin/users'
                                              ? Of<typeof UserSchema>
                                              : P extends `/api/admin/organization-dashboards${'' | `/${string}`}`
                                                ? Of<typeof OrganizationDashboardLinkSchema>
                                                : P extends '/api/admin/organization-users'
                                                  ? Of<typeof MessageSchema>
                                                  : P extends `/api/admin/organization-users/${string}/${string}`
                                                    ? Of<typeof MemberRoleSchema>
                                                    : P extends `/api/admin/consultations/${string}`
                                                      ? Of<typeof MessageSchema>
                                                      : P extends '/api/admin/closed-dates'
                                                        ? Of<typeof ClosedDateSchema>
                                                        : P extends '/api/admin/calendar-feed'
                                                          ? Of<typeof CalendarFeedCreatedSchema>
                                                          : SiteSendAnswer<P>;

/** The site's words and personal-data requests (issue 18). */
type SiteGetAnswer<P extends string> = P extends '/api/case-studies'
  ? ListOf<typeof CaseStudySummarySchema>
  : P extends `/api/case-studies/${string}`
    ? Of<typeof PublicCaseStudySchema>
    : P extends `/api/site-pages/${string}`
      ? Of<typeof SitePageSchema>
      : P extends '/api/admin/case-studies'
        ? ListOf<typeof CaseStudySchema>
        : P extends '/api/admin/site-pages'
          ? ListOf<typeof SitePageSchema>
          : P extends `/api/admin/personal-data?${string}` | '/api/account/personal-data'
            ? Of<typeof PersonalDataExportSchema>
            : SubscriptionGetAnswer<P>;

/** Report subscriptions (issue 29): the admin's, and a member's own. */
type SubscriptionGetAnswer<P extends string> = P extends '/api/admin/subscriptions'
  ? ListOf<typeof SubscriptionSchema>
  : P extends `/api/admin/subscriptions/${string}/history`
    ? Of<typeof SubscriptionHistorySchema>
    : P extends '/api/account/subscriptions'
      ? ListOf<typeof MySubscriptionSchema>
      : never;

type SiteSendAnswer<P extends string> = P extends `/api/admin/case-studies${'' | `/${string}`}`
  ? Of<typeof CaseStudySchema>
  : P extends `/api/admin/site-pages/${string}`
    ? Of<typeof SitePageSchema>
    : P extends '/api/admin/personal-data/erase'
      ? Of<typeof PersonalDataErasedSchema>
      : SubscriptionSendAnswer<P>;

type SubscriptionSendAnswer<P extends string> = P extends `/api/admin/subscriptions/${string}/send-now`
  ? Of<typeof SubscriptionRunSchema>
  : P extends `/api/admin/subscriptions${'' | `/${string}`}`
    ? Of<typeof SubscriptionSchema>
    : P extends '/api/subscriptions/unsubscribe/preview'
      ? Of<typeof UnsubscribePreviewSchema>
      : P extends '/api/subscriptions/unsubscribe'
        ? Of<typeof MessageSchema>
        : P extends `/api/account/subscriptions/${string}`
          ? Of<typeof MySubscriptionSchema>
          : never;

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What a call of `method` on `path` answers when it succeeds. */
export type ApiAnswer<M extends ApiMethod, P extends string> = M extends 'GET'
  ? GetAnswer<P>
  : M extends 'POST' | 'PUT' | 'PATCH' | 'DELETE'
    ? SendAnswer<M, P>
    : never;
