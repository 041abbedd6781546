// Long file: every query of report subscriptions (the admin's list, history and changes; a member's own).
import type { MySubscription, Subscription, SubscriptionDelivery, SubscriptionRun } from '@app/contracts';
import type { Database, Transaction } from '@app/db';
import { withLinkParts, withSubscriptionParts } from '@app/db/queries/joins';
import * as schema from '@app/db/schema';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';

// Its own tables by name; the other modules' tables through `schema.`.
const { reportSubscriptions, subscriptionRuns, subscriptionDeliveries, subscriptionUnsubscribes } = schema;

type Db = Database | Transaction;

export interface SubscriptionValues {
  organizationId: number;
  dashboardId: number;
  frequency: string;
  weekday: number | null;
  dayOfMonth: number | null;
  time: string;
  timeZone: string;
  format: string;
  recipientUserIds: number[] | null;
  nextRunAt: Date;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

const runColumns = {
  id: subscriptionRuns.id,
  trigger: subscriptionRuns.trigger,
  state: subscriptionRuns.state,
  attempts: subscriptionRuns.attempts,
  error: subscriptionRuns.error,
  scheduledFor: subscriptionRuns.scheduledFor,
  fileName: subscriptionRuns.fileName,
  createdAt: subscriptionRuns.createdAt,
  finishedAt: subscriptionRuns.finishedAt,
};
type RunRow = { [K in keyof typeof runColumns]: (typeof runColumns)[K]['_']['data'] | null };

const runOut = (row: RunRow): SubscriptionRun => ({
  id: row.id as number,
  trigger: row.trigger as SubscriptionRun['trigger'],
  state: row.state as SubscriptionRun['state'],
  attempts: row.attempts ?? 0,
  error: row.error,
  scheduledFor: iso(row.scheduledFor),
  fileName: row.fileName,
  createdAt: (row.createdAt as Date).toISOString(),
  finishedAt: iso(row.finishedAt),
});

/** Subscriptions (those of `ids`, of one organization) with their organization, dashboard, last run, unsubscribes. */
export async function listSubscriptions(db: Db, ids?: number[], organizationId?: number): Promise<Subscription[]> {
  const lastRun = db
    .select({ ...runColumns, subscriptionId: subscriptionRuns.subscriptionId })
    .from(subscriptionRuns)
    .where(eq(subscriptionRuns.subscriptionId, reportSubscriptions.id))
    .orderBy(desc(subscriptionRuns.id))
    .limit(1)
    .as('last_run');
  const rows = await withSubscriptionParts(
    db
      .select({
        s: reportSubscriptions,
        organizationName: schema.organizations.name,
        dashboardName: schema.dashboards.name,
        provider: schema.dashboards.embedMode,
        unsubscribed: sql<number>`(select count(*)::int from ${subscriptionUnsubscribes} u where u.subscription_id = ${reportSubscriptions.id})`,
        run: {
          id: lastRun.id,
          trigger: lastRun.trigger,
          state: lastRun.state,
          attempts: lastRun.attempts,
          error: lastRun.error,
          scheduledFor: lastRun.scheduledFor,
          fileName: lastRun.fileName,
          createdAt: lastRun.createdAt,
          finishedAt: lastRun.finishedAt,
        },
      })
      .from(reportSubscriptions)
      .$dynamic(),
  )
    .leftJoinLateral(lastRun, sql`true`)
    .where(
      and(
        ids ? inArray(reportSubscriptions.id, ids.length ? ids : [-1]) : undefined,
        organizationId === undefined ? undefined : eq(reportSubscriptions.organizationId, organizationId),
      ),
    )
    .orderBy(sql`lower(${schema.organizations.name})`, sql`lower(${schema.dashboards.name})`, reportSubscriptions.id);
  return rows.map(({ s, run, ...rest }) => ({
    id: s.id,
    organizationId: s.organizationId,
    organizationName: rest.organizationName,
    dashboardId: s.dashboardId,
    dashboardName: rest.dashboardName,
    provider: rest.provider,
    frequency: s.frequency as Subscription['frequency'],
    weekday: s.weekday,
    dayOfMonth: s.dayOfMonth,
    time: s.time,
    timeZone: s.timeZone,
    format: s.format as Subscription['format'],
    recipients: s.recipientUserIds ?? 'all-members',
    nextRunAt: s.nextRunAt.toISOString(),
    unsubscribed: rest.unsubscribed,
    lastRun: run && run.id !== null ? runOut(run) : null,
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
  }));
}

export async function findSubscription(db: Db, id: number) {
  const [row] = await listSubscriptions(db, [id]);
  return row ?? null;
}

/** The link a subscription is for, with the dashboard's embed mode (null: not linked). */
export async function findLink(db: Db, organizationId: number, dashboardId: number) {
  const [row] = await withLinkParts(
    db
      .select({
        organizationName: schema.organizations.name,
        dashboardName: schema.dashboards.name,
        embedMode: schema.dashboards.embedMode,
        dataScope: schema.organizationDashboards.dataScope,
      })
      .from(schema.organizationDashboards)
      .$dynamic(),
  ).where(
    and(
      eq(schema.organizationDashboards.organizationId, organizationId),
      eq(schema.organizationDashboards.dashboardId, dashboardId),
    ),
  );
  return row ?? null;
}

/** The ids among `userIds` that are members of the organization. */
export async function membersAmong(db: Db, organizationId: number, userIds: number[]) {
  const rows = await db
    .select({ id: schema.memberships.userId })
    .from(schema.memberships)
    .where(and(eq(schema.memberships.organizationId, organizationId), inArray(schema.memberships.userId, userIds)));
  return new Set(rows.map((r) => r.id));
}

export async function insertSubscription(tx: Db, values: SubscriptionValues) {
  const [row] = await tx.insert(reportSubscriptions).values(values).returning({ id: reportSubscriptions.id });
  return row!.id;
}

export async function lockSubscription(tx: Transaction, id: number) {
  const [row] = await tx.select().from(reportSubscriptions).where(eq(reportSubscriptions.id, id)).for('update');
  return row ?? null;
}

export async function updateSubscription(tx: Db, id: number, values: SubscriptionValues) {
  await tx
    .update(reportSubscriptions)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(reportSubscriptions.id, id));
}

export async function deleteSubscription(tx: Db, id: number) {
  const [row] = await tx
    .delete(reportSubscriptions)
    .where(eq(reportSubscriptions.id, id))
    .returning({ id: reportSubscriptions.id });
  return row ?? null;
}

/** A "send now" run, or null when one is already pending or exporting (the partial unique index). */
export async function insertSendNowRun(tx: Db, subscriptionId: number) {
  const [row] = await tx
    .insert(subscriptionRuns)
    .values({ subscriptionId, trigger: 'send-now' })
    .onConflictDoNothing()
    .returning(runColumns);
  return row ? runOut(row) : null;
}

const HISTORY_LIMIT = 200;

/** The latest runs and e-mails of a subscription (who, which file, when; never the file). */
export async function subscriptionHistory(db: Db, subscriptionId: number) {
  const [runs, deliveries] = await Promise.all([
    db
      .select(runColumns)
      .from(subscriptionRuns)
      .where(eq(subscriptionRuns.subscriptionId, subscriptionId))
      .orderBy(desc(subscriptionRuns.id))
      .limit(50),
    db
      .select()
      .from(subscriptionDeliveries)
      .where(eq(subscriptionDeliveries.subscriptionId, subscriptionId))
      .orderBy(desc(subscriptionDeliveries.id))
      .limit(HISTORY_LIMIT),
  ]);
  return {
    runs: runs.map(runOut),
    deliveries: deliveries.map(
      (d): SubscriptionDelivery => ({
        id: d.id,
        runId: d.runId,
        userId: d.userId,
        email: d.email,
        fileName: d.fileName,
        status: d.status as SubscriptionDelivery['status'],
        error: d.error,
        sentAt: iso(d.sentAt),
        createdAt: d.createdAt.toISOString(),
      }),
    ),
  };
}

/** Joined, the member's row of a subscription's organization: only the subscriptions of `userId`'s organizations. */
const membershipOf = (userId: number) =>
  and(eq(schema.memberships.organizationId, reportSubscriptions.organizationId), eq(schema.memberships.userId, userId));

/** Whether `userId` unsubscribed from the subscription of the row. */
const unsubscribedBy = (userId: number) =>
  sql<boolean>`exists (select 1 from ${subscriptionUnsubscribes} u where u.subscription_id = ${reportSubscriptions.id} and u.user_id = ${userId})`;

/** What the unsubscribe page names: the report and the organization, and whether the member is already off it. */
export async function unsubscribeSubject(db: Db, subscriptionId: number, userId: number) {
  const [row] = await withSubscriptionParts(
    db
      .select({
        dashboardName: schema.dashboards.name,
        organizationName: schema.organizations.name,
        unsubscribed: unsubscribedBy(userId),
      })
      .from(reportSubscriptions)
      .$dynamic(),
  )
    .innerJoin(schema.memberships, membershipOf(userId))
    .where(eq(reportSubscriptions.id, subscriptionId));
  return row ?? null;
}

/** Idempotent: unsubscribing twice keeps the first record. */
export async function unsubscribe(db: Db, subscriptionId: number, userId: number, via: string) {
  await db.insert(subscriptionUnsubscribes).values({ subscriptionId, userId, via }).onConflictDoNothing();
}

export async function resubscribe(db: Db, subscriptionId: number, userId: number) {
  await db
    .delete(subscriptionUnsubscribes)
    .where(
      and(eq(subscriptionUnsubscribes.subscriptionId, subscriptionId), eq(subscriptionUnsubscribes.userId, userId)),
    );
}

/**
 * A member's own subscriptions: those of their organizations that would e-mail them (all members, or naming them),
 * with whether they unsubscribed.
 */
export async function subscriptionsOfMember(db: Db, userId: number, subscriptionId?: number) {
  return withSubscriptionParts(
    db
      .select({
        id: reportSubscriptions.id,
        dashboardName: schema.dashboards.name,
        organizationName: schema.organizations.name,
        frequency: sql<MySubscription['frequency']>`${reportSubscriptions.frequency}`,
        format: sql<MySubscription['format']>`${reportSubscriptions.format}`,
        subscribed: sql<boolean>`not ${unsubscribedBy(userId)}`,
      })
      .from(reportSubscriptions)
      .$dynamic(),
  )
    .innerJoin(schema.memberships, membershipOf(userId))
    .innerJoin(schema.users, eq(schema.users.id, schema.memberships.userId))
    .where(
      and(
        eq(schema.organizations.isActive, true),
        sql`(${reportSubscriptions.recipientUserIds} is null or ${userId} = any(${reportSubscriptions.recipientUserIds}))`,
        subscriptionId === undefined ? undefined : eq(reportSubscriptions.id, subscriptionId),
      ),
    )
    .orderBy(sql`lower(${schema.organizations.name})`, sql`lower(${schema.dashboards.name})`, reportSubscriptions.id);
}
