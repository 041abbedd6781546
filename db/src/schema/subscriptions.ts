import { sql } from 'drizzle-orm';
import { foreignKey, index, integer, pgTable, primaryKey, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { belongsTo, mentions, serialId, timeOfInsert, timestamps, timestamptz } from './columns';
import { dashboards, organizationDashboards } from './dashboards';
import { organizations } from './organizations';
import { users } from './users';

/**
 * Report subscriptions (issue 29, decision 054): one organization–dashboard link's report exported on a schedule and
 * e-mailed to the organization's members. Deleted with the link (the composite foreign key): a subscription never
 * outlives the organization's access to the dashboard.
 */
export const reportSubscriptions = pgTable(
  'report_subscriptions',
  {
    id: serialId(),
    organizationId: belongsTo(() => organizations.id),
    dashboardId: belongsTo(() => dashboards.id),
    /** 'weekly' | 'monthly' */
    frequency: text().notNull(),
    /** Weekly: 0 = Sunday … 6 = Saturday. */
    weekday: smallint(),
    /** Monthly: 1 … 31 (a shorter month's last day when the month has fewer). */
    dayOfMonth: smallint(),
    /** 'HH:MM', the wall-clock time in `timeZone`. */
    time: text().notNull(),
    timeZone: text().notNull(),
    /** 'PDF' | 'PNG' */
    format: text().notNull(),
    /** Null: every active member of the organization; else these members only (still members when it runs). */
    recipientUserIds: integer().array(),
    /** The next scheduled run (UTC); a run missed while every worker was down is sent once, then this moves on. */
    nextRunAt: timestamptz().notNull(),
    ...timestamps(),
  },
  (t) => [
    foreignKey({
      columns: [t.organizationId, t.dashboardId],
      foreignColumns: [organizationDashboards.organizationId, organizationDashboards.dashboardId],
      name: 'report_subscriptions_link_fk',
    }).onDelete('cascade'),
    index('report_subscriptions_next_run_idx').on(t.nextRunAt),
    index('report_subscriptions_link_idx').on(t.organizationId, t.dashboardId),
  ],
);

/**
 * One run of a subscription: scheduled (once per scheduled time, whichever worker saw it first: the unique index) or
 * sent now by an admin. Its state is what the admin sees: 'pending' | 'exporting' | 'sent' | 'failed', with why.
 */
export const subscriptionRuns = pgTable(
  'subscription_runs',
  {
    id: serialId(),
    subscriptionId: belongsTo(() => reportSubscriptions.id),
    /** The scheduled time it is for; null for an admin's "send now". */
    scheduledFor: timestamptz(),
    /** 'schedule' | 'send-now'. State: 'pending' | 'exporting' | 'sent' | 'failed' | 'skipped' (nobody to send to). */
    trigger: text().notNull(),
    state: text().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    error: text(),
    fileName: text(),
    fileBytes: integer(),
    startedAt: timestamptz(),
    finishedAt: timestamptz(),
    createdAt: timeOfInsert(),
  },
  (t) => [
    uniqueIndex('subscription_runs_scheduled_idx')
      .on(t.subscriptionId, t.scheduledFor)
      .where(sql`scheduled_for is not null`),
    index('subscription_runs_subscription_idx').on(t.subscriptionId, t.createdAt),
    // One "send now" at a time per subscription: parallel clicks make one run (the others get 409).
    uniqueIndex('subscription_runs_one_send_now_idx')
      .on(t.subscriptionId)
      .where(sql`trigger = 'send-now' and state in ('pending', 'exporting')`),
    index('subscription_runs_open_idx').on(t.state).where(sql`state in ('pending', 'exporting')`),
  ],
);

/**
 * Every e-mail of a run (who, which file, when; never the file): one row per run and recipient, claimed before the
 * send so a retried run never mails anyone twice. The address is kept as it was sent to.
 */
export const subscriptionDeliveries = pgTable(
  'subscription_deliveries',
  {
    id: serialId(),
    runId: belongsTo(() => subscriptionRuns.id),
    subscriptionId: belongsTo(() => reportSubscriptions.id),
    organizationId: belongsTo(() => organizations.id),
    userId: mentions(() => users.id),
    email: text().notNull(),
    fileName: text().notNull(),
    /** 'sending' | 'sent' | 'failed' */
    status: text().notNull().default('sending'),
    error: text(),
    sentAt: timestamptz(),
    createdAt: timeOfInsert(),
  },
  (t) => [
    uniqueIndex('subscription_deliveries_run_email_idx').on(t.runId, sql`lower(${t.email})`),
    index('subscription_deliveries_subscription_idx').on(t.subscriptionId, t.createdAt),
  ],
);

/** A member who no longer wants one subscription's e-mails (by the e-mail's link, one-click, or the account page). */
export const subscriptionUnsubscribes = pgTable(
  'subscription_unsubscribes',
  {
    subscriptionId: belongsTo(() => reportSubscriptions.id),
    userId: belongsTo(() => users.id),
    /** 'link' | 'one-click' | 'account' */
    via: text().notNull(),
    createdAt: timeOfInsert(),
  },
  (t) => [
    primaryKey({ columns: [t.subscriptionId, t.userId] }),
    index('subscription_unsubscribes_user_idx').on(t.userId),
  ],
);
