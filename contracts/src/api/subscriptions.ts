import * as v from 'valibot';
import { isIanaTimeZone } from '../time-zone';
import { TimestampEntries, wholeNumber } from './common';

/** Report subscriptions (issue 29, decision 054): the admin's API and the member's own. */

const SUBSCRIPTION_FREQUENCIES = ['weekly', 'monthly'] as const;
const SUBSCRIPTION_FORMATS = ['PDF', 'PNG'] as const;
/** The most members a subscription may name (more: choose 'all-members'). */
const SUBSCRIPTION_MAX_RECIPIENTS = 500;

const MAX_ID = 2_147_483_647;
const id = (label: string) =>
  v.pipe(
    v.number(`${label} must be a number`),
    v.integer(`${label} must be a whole number`),
    v.minValue(1, `${label} must be a positive number`),
    v.maxValue(MAX_ID, `${label} is too large`),
  );

const FREQUENCY_MESSAGE = "Frequency must be 'weekly' or 'monthly'";
const FORMAT_MESSAGE = "Format must be 'PDF' or 'PNG'";
const TIME_MESSAGE = 'Time must be HH:MM (00:00 to 23:59)';
const ZONE_MESSAGE = 'Time zone must be an IANA zone such as Europe/Brussels';
const RECIPIENTS_MESSAGE = "Recipients must be 'all-members' or a list of member ids";

/** The body of POST and PUT /api/admin/subscriptions. */
export const SubscriptionInputSchema = v.pipe(
  v.object({
    organizationId: id('Organization'),
    dashboardId: id('Dashboard'),
    frequency: v.picklist(SUBSCRIPTION_FREQUENCIES, FREQUENCY_MESSAGE),
    weekday: v.optional(v.nullable(wholeNumber(0, 6, 'Weekday must be 0 (Sunday) to 6 (Saturday)'))),
    dayOfMonth: v.optional(v.nullable(wholeNumber(1, 31, 'Day of month must be 1 to 31'))),
    time: v.pipe(v.string(TIME_MESSAGE), v.regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/, TIME_MESSAGE)),
    timeZone: v.pipe(v.string(ZONE_MESSAGE), v.check(isIanaTimeZone, ZONE_MESSAGE)),
    format: v.picklist(SUBSCRIPTION_FORMATS, FORMAT_MESSAGE),
    recipients: v.union(
      [
        v.literal('all-members'),
        v.pipe(
          v.array(id('A recipient'), RECIPIENTS_MESSAGE),
          v.minLength(1, 'Name at least one recipient, or choose all members'),
          v.maxLength(
            SUBSCRIPTION_MAX_RECIPIENTS,
            `At most ${SUBSCRIPTION_MAX_RECIPIENTS} recipients: choose all members`,
          ),
          v.check((ids) => new Set(ids).size === ids.length, 'A recipient is named twice'),
        ),
      ],
      RECIPIENTS_MESSAGE,
    ),
  }),
  v.forward(
    v.check((s) => s.frequency !== 'weekly' || typeof s.weekday === 'number', 'A weekly subscription needs a weekday'),
    ['weekday'],
  ),
  v.forward(
    v.check(
      (s) => s.frequency !== 'monthly' || typeof s.dayOfMonth === 'number',
      'A monthly subscription needs a day of the month',
    ),
    ['dayOfMonth'],
  ),
);
export type SubscriptionInput = v.InferOutput<typeof SubscriptionInputSchema>;

const RunSchema = v.object({
  id: v.number(),
  trigger: v.picklist(['schedule', 'send-now']),
  /** pending | exporting | sent | failed | skipped (nobody to send to) */
  state: v.picklist(['pending', 'exporting', 'sent', 'failed', 'skipped']),
  attempts: v.number(),
  /** Why it failed or is being retried, in words the admin can act on. */
  error: v.nullable(v.string()),
  scheduledFor: v.nullable(v.string()),
  fileName: v.nullable(v.string()),
  createdAt: v.string(),
  finishedAt: v.nullable(v.string()),
});
export type SubscriptionRun = v.InferOutput<typeof RunSchema>;
export const SubscriptionRunSchema = RunSchema;

export const SubscriptionSchema = v.object({
  id: v.number(),
  organizationId: v.number(),
  organizationName: v.string(),
  dashboardId: v.number(),
  dashboardName: v.string(),
  /** The dashboard's embed mode: only Power BI and Tableau dashboards can be exported. */
  provider: v.string(),
  frequency: v.picklist(SUBSCRIPTION_FREQUENCIES),
  weekday: v.nullable(v.number()),
  dayOfMonth: v.nullable(v.number()),
  time: v.string(),
  timeZone: v.string(),
  format: v.picklist(SUBSCRIPTION_FORMATS),
  recipients: v.union([v.literal('all-members'), v.array(v.number())]),
  nextRunAt: v.string(),
  /** Members who unsubscribed. */
  unsubscribed: v.number(),
  lastRun: v.nullable(RunSchema),
  ...TimestampEntries,
});
export type Subscription = v.InferOutput<typeof SubscriptionSchema>;

/** One e-mail of a run: who, which file, when (never the file). */
const SubscriptionDeliverySchema = v.object({
  id: v.number(),
  runId: v.number(),
  userId: v.nullable(v.number()),
  email: v.string(),
  fileName: v.string(),
  status: v.picklist(['sending', 'sent', 'failed']),
  error: v.nullable(v.string()),
  sentAt: v.nullable(v.string()),
  createdAt: v.string(),
});
export type SubscriptionDelivery = v.InferOutput<typeof SubscriptionDeliverySchema>;

/** GET /api/admin/subscriptions/{id}/history: the latest runs and their e-mails. */
export const SubscriptionHistorySchema = v.object({
  runs: v.array(RunSchema),
  deliveries: v.array(SubscriptionDeliverySchema),
});

/** The unsubscribe page's token (from the e-mail's link) and the one-click POST's. */
export const UnsubscribeInputSchema = v.object({
  token: v.pipe(
    v.string('The link is not valid'),
    v.minLength(1, 'The link is not valid'),
    v.maxLength(300, 'The link is not valid'),
  ),
});

/** What the unsubscribe page shows before its button is pressed. */
export const UnsubscribePreviewSchema = v.object({
  dashboardName: v.string(),
  organizationName: v.string(),
  unsubscribed: v.boolean(),
});

/** A member's own subscriptions (the account page). */
export const MySubscriptionSchema = v.object({
  id: v.number(),
  dashboardName: v.string(),
  organizationName: v.string(),
  frequency: v.picklist(SUBSCRIPTION_FREQUENCIES),
  format: v.picklist(SUBSCRIPTION_FORMATS),
  subscribed: v.boolean(),
});
export type MySubscription = v.InferOutput<typeof MySubscriptionSchema>;

export const MySubscriptionChangeSchema = v.object({ subscribed: v.boolean('subscribed must be true or false') });
