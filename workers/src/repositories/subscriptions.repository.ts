// Long file: every read and write of a subscription's run (the tick's runs, the run's subject, its e-mails).
import { nextRunAfter } from '@app/contracts';
import type { Database } from '@app/db';
import { withSubscriptionParts } from '@app/db/queries/joins';
import * as schema from '@app/db/schema';
import { and, asc, eq, inArray, lte, notExists, sql } from 'drizzle-orm';

const {
  reportSubscriptions,
  subscriptionRuns,
  subscriptionDeliveries,
  subscriptionUnsubscribes,
  organizations,
  organizationDashboards,
  dashboards,
  embedConnections,
  memberships,
  users,
} = schema;

/** At most this many subscriptions are taken per tick (the next tick takes the rest, a minute later at most). */
const DUE_BATCH = 500;

/**
 * The runs that are due at `now`, each written once: the subscriptions whose next run has come are locked (others'
 * ticks skip them), one run is written for the time they were due (unique per subscription and time), and their next
 * run moves to the first one after `now`: runs missed while every worker was down come to one run, sent once.
 */
export async function takeDueRuns(db: Database, now: Date): Promise<number[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({
        id: reportSubscriptions.id,
        frequency: reportSubscriptions.frequency,
        weekday: reportSubscriptions.weekday,
        dayOfMonth: reportSubscriptions.dayOfMonth,
        time: reportSubscriptions.time,
        timeZone: reportSubscriptions.timeZone,
        nextRunAt: reportSubscriptions.nextRunAt,
      })
      .from(reportSubscriptions)
      .where(lte(reportSubscriptions.nextRunAt, now))
      .orderBy(asc(reportSubscriptions.nextRunAt))
      .limit(DUE_BATCH)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    const runs = await tx
      .insert(subscriptionRuns)
      .values(due.map((s) => ({ subscriptionId: s.id, scheduledFor: s.nextRunAt, trigger: 'schedule' })))
      .onConflictDoNothing()
      .returning({ id: subscriptionRuns.id });
    for (const s of due) {
      const next = nextRunAfter({ ...s, frequency: s.frequency as 'weekly' | 'monthly' }, now);
      await tx.update(reportSubscriptions).set({ nextRunAt: next }).where(eq(reportSubscriptions.id, s.id));
    }
    return runs.map((r) => r.id);
  });
}

/** Runs written but not started (their job lost with Redis, or the API's send-now not yet handed over). */
export async function pendingRuns(db: Database, olderThan: Date): Promise<number[]> {
  const rows = await db
    .select({ id: subscriptionRuns.id })
    .from(subscriptionRuns)
    .where(and(eq(subscriptionRuns.state, 'pending'), lte(subscriptionRuns.createdAt, olderThan)))
    .limit(DUE_BATCH);
  return rows.map((r) => r.id);
}

/** What a run needs: its subscription, the organization, the dashboard, the link's data scope and the connection. */
export async function loadRun(db: Database, runId: number) {
  const [row] = await withSubscriptionParts(
    db
      .select({
        run: {
          id: subscriptionRuns.id,
          state: subscriptionRuns.state,
          trigger: subscriptionRuns.trigger,
          scheduledFor: subscriptionRuns.scheduledFor,
        },
        subscription: {
          id: reportSubscriptions.id,
          frequency: reportSubscriptions.frequency,
          format: reportSubscriptions.format,
          recipientUserIds: reportSubscriptions.recipientUserIds,
        },
        organization: {
          id: organizations.id,
          name: organizations.name,
          logoUrl: organizations.logoUrl,
          isActive: organizations.isActive,
        },
        dashboard: {
          id: dashboards.id,
          name: dashboards.name,
          embedMode: dashboards.embedMode,
          embedTarget: dashboards.embedTarget,
        },
        dataScope: organizationDashboards.dataScope,
        connection: {
          id: embedConnections.id,
          name: embedConnections.name,
          provider: embedConnections.provider,
          settings: embedConnections.settings,
          secret: embedConnections.secret,
          updatedAt: embedConnections.updatedAt,
        },
      })
      .from(subscriptionRuns)
      .innerJoin(reportSubscriptions, eq(reportSubscriptions.id, subscriptionRuns.subscriptionId))
      .$dynamic(),
  )
    .innerJoin(
      organizationDashboards,
      and(
        eq(organizationDashboards.organizationId, reportSubscriptions.organizationId),
        eq(organizationDashboards.dashboardId, reportSubscriptions.dashboardId),
      ),
    )
    .leftJoin(embedConnections, eq(embedConnections.id, dashboards.connectionId))
    .where(eq(subscriptionRuns.id, runId));
  return row ?? null;
}
export type RunSubject = NonNullable<Awaited<ReturnType<typeof loadRun>>>;

/**
 * Who gets the run's e-mail: the organization's active members (only those named, when the subscription names some),
 * less those who unsubscribed. Only ever members of this organization.
 */
export async function recipientsOf(db: Database, subject: RunSubject) {
  const named = subject.subscription.recipientUserIds;
  return db
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.organizationId, subject.organization.id),
        eq(users.isActive, true),
        named ? inArray(users.id, named.length ? named : [-1]) : undefined,
        notExists(
          db
            .select({ one: sql`1` })
            .from(subscriptionUnsubscribes)
            .where(
              and(
                eq(subscriptionUnsubscribes.subscriptionId, subject.subscription.id),
                eq(subscriptionUnsubscribes.userId, users.id),
              ),
            ),
        ),
      ),
    )
    .orderBy(asc(users.id));
}

type RunState = 'pending' | 'exporting' | 'sent' | 'failed' | 'skipped';

export async function startRun(db: Database, runId: number, now: Date) {
  await db
    .update(subscriptionRuns)
    .set({ state: 'exporting', attempts: sql`${subscriptionRuns.attempts} + 1`, startedAt: now })
    .where(eq(subscriptionRuns.id, runId));
}

export async function finishRun(
  db: Database,
  runId: number,
  patch: { state: RunState; error: string | null; fileName?: string | null; fileBytes?: number | null; now: Date },
) {
  const { now, ...rest } = patch;
  await db
    .update(subscriptionRuns)
    .set({ ...rest, finishedAt: patch.state === 'pending' ? null : now })
    .where(eq(subscriptionRuns.id, runId));
}

/** The delivery of the run to one address, written before the send: 'sent' means it went out already. */
export async function claimRunDelivery(
  db: Database,
  values: {
    runId: number;
    subscriptionId: number;
    organizationId: number;
    userId: number;
    email: string;
    fileName: string;
  },
) {
  await db.insert(subscriptionDeliveries).values(values).onConflictDoNothing();
  const [row] = await db
    .update(subscriptionDeliveries)
    .set({ fileName: values.fileName })
    .where(
      and(
        eq(subscriptionDeliveries.runId, values.runId),
        sql`lower(${subscriptionDeliveries.email}) = lower(${values.email})`,
      ),
    )
    .returning({ id: subscriptionDeliveries.id, status: subscriptionDeliveries.status });
  if (!row) throw new Error('Could not claim the subscription delivery');
  return row;
}

export async function markRunDelivery(db: Database, id: number, status: 'sent' | 'failed', error: string | null) {
  await db
    .update(subscriptionDeliveries)
    .set({ status, error, ...(status === 'sent' ? { sentAt: sql`now()` } : {}) })
    .where(eq(subscriptionDeliveries.id, id));
}

/** Deliveries of a run still not sent (a final failure marks them failed). */
export async function failOpenDeliveries(db: Database, runId: number, error: string) {
  await db
    .update(subscriptionDeliveries)
    .set({ status: 'failed', error })
    .where(and(eq(subscriptionDeliveries.runId, runId), eq(subscriptionDeliveries.status, 'sending')));
}
