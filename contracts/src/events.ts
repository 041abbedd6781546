import * as v from 'valibot';

/**
 * Domain events: what happened, stored in the outbox in the same transaction as the change.
 * Payloads carry ids only, never a token, password or other secret (D7).
 */
export const EventTypes = {
  contactReceived: 'contact.received',
  userInvited: 'user.invited',
  passwordResetRequested: 'password_reset.requested',
  /** Someone asked for a reset link on the reset page: the worker looks the address up (issue 26). */
  passwordResetRequestedByEmail: 'password_reset.requested_by_email',
  /** A signed-in user asked to change their e-mail address: the link goes to the new address (issue 12). */
  emailChangeRequested: 'email_change.requested',
  /** The link was opened and the address changed: the old address is told. */
  emailChangeConfirmed: 'email_change.confirmed',
  bookingCreated: 'booking.created',
  bookingCancelled: 'booking.cancelled',
  /** A booking moved to another time (issue 16): `changeId` is its booking_changes row (from, to, by whom). */
  bookingRescheduled: 'booking.rescheduled',
  /** A month's usage digest is due to one admin (issue 18): one event per month and admin, with a fixed id. */
  usageDigestDue: 'usage_digest.due',
  /**
   * Who may see a Looker Studio dashboard changed (issue 28, D36): the workers bring the sharing of the reports
   * concerned in step. Written only while some dashboard is in `lookerstudio` mode or some grant is still to be taken
   * back.
   */
  dashboardLinkCreated: 'dashboard_link.created',
  dashboardLinkDeleted: 'dashboard_link.deleted',
  organizationMemberAdded: 'organization_member.added',
  organizationMemberRemoved: 'organization_member.removed',
  userDeactivated: 'user.deactivated',
  userReactivated: 'user.reactivated',
  userErased: 'user.erased',
  userEmailChanged: 'user.email_changed',
  userGoogleAccountChanged: 'user.google_account_changed',
  organizationDeactivated: 'organization.deactivated',
  organizationReactivated: 'organization.reactivated',
  organizationGoogleGroupChanged: 'organization.google_group_changed',
  dashboardEmbedChanged: 'dashboard.embed_changed',
  dashboardDeleted: 'dashboard.deleted',
  /** An admin asked a report subscription to be sent now (issue 29): the workers run its run at once. */
  subscriptionSendRequested: 'subscription.send_requested',
} as const;

export type EventType = (typeof EventTypes)[keyof typeof EventTypes];

const id = v.pipe(v.number(), v.integer());
const link = v.object({ organizationId: id, dashboardId: id });
const membership = v.object({ organizationId: id, userId: id });
/** A person's change: the organizations they belonged to when it was made (an erased person's are gone after). */
const personChange = v.object({ userId: id, organizationIds: v.array(id) });
const organizationChange = v.object({ organizationId: id });
/** The report the dashboard showed before the change (its grants may have to be taken back), if any. */
const dashboardChange = v.object({
  dashboardId: id,
  previous: v.nullable(v.object({ connectionId: id, assetName: v.pipe(v.string(), v.maxLength(200)) })),
});

export const EventPayloadSchemas = {
  'contact.received': v.object({ contactMessageId: v.pipe(v.number(), v.integer()) }),
  /** The worker mints the registration token itself (D7). */
  'user.invited': v.object({ userId: v.pipe(v.number(), v.integer()) }),
  /** The worker mints the reset token itself (D7). */
  'password_reset.requested': v.object({ userId: v.pipe(v.number(), v.integer()) }),
  /**
   * The address as typed, not a secret: the request answers before looking it up, so its time tells nothing (D6);
   * the worker finds the user and mints the token (D7).
   */
  'password_reset.requested_by_email': v.object({ email: v.pipe(v.string(), v.maxLength(254)) }),
  /** The worker mints the confirmation token itself (D7). */
  'email_change.requested': v.object({ emailChangeId: v.pipe(v.number(), v.integer()) }),
  'email_change.confirmed': v.object({ emailChangeId: v.pipe(v.number(), v.integer()) }),
  'booking.created': v.object({ bookingId: v.pipe(v.number(), v.integer()) }),
  'booking.cancelled': v.object({ bookingId: v.pipe(v.number(), v.integer()) }),
  'booking.rescheduled': v.object({
    bookingId: v.pipe(v.number(), v.integer()),
    changeId: v.pipe(v.number(), v.integer()),
  }),
  'usage_digest.due': v.object({
    month: v.pipe(v.string(), v.regex(/^\d{4}-(0[1-9]|1[0-2])$/)),
    userId: v.pipe(v.number(), v.integer()),
  }),
  'dashboard_link.created': link,
  'dashboard_link.deleted': link,
  'organization_member.added': membership,
  'organization_member.removed': membership,
  'user.deactivated': personChange,
  'user.reactivated': personChange,
  'user.erased': personChange,
  'user.email_changed': personChange,
  'user.google_account_changed': personChange,
  'organization.deactivated': organizationChange,
  'organization.reactivated': organizationChange,
  'organization.google_group_changed': organizationChange,
  'dashboard.embed_changed': dashboardChange,
  'dashboard.deleted': dashboardChange,
  'subscription.send_requested': v.object({ runId: v.pipe(v.number(), v.integer()) }),
} satisfies Record<EventType, v.GenericSchema>;

export type EventPayload<T extends EventType> = v.InferOutput<(typeof EventPayloadSchemas)[T]>;

export const isEventType = (value: string): value is EventType =>
  Object.values(EventTypes).includes(value as EventType);
