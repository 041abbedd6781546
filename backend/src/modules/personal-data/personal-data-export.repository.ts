import * as schema from '@app/db/schema';
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { PgColumn, PgSelect } from 'drizzle-orm/pg-core';
import { addressPattern, type Db, findAccount, sameAddress } from './personal-data.repository';

const {
  auditEntryColumns,
  auditLog,
  bookingChanges,
  bookings,
  contactMessages,
  dashboardViews,
  dashboards,
  emailChanges,
  emailDeliveries,
  leads,
  memberships,
  organizations,
  reportSubscriptions,
  sessions,
  signInEvents,
  subscriptionDeliveries,
  subscriptionUnsubscribes,
} = schema;

/** The report a subscription's row (a delivery, an unsubscribe) is about: its subscription's dashboard. */
const withReportDashboard = <T extends PgSelect>(select: T, subscriptionId: PgColumn) =>
  select
    .innerJoin(reportSubscriptions, eq(reportSubscriptions.id, subscriptionId))
    .innerJoin(dashboards, eq(dashboards.id, reportSubscriptions.dashboardId));

/** Everything stored about the address, without a token hash or password hash. */
export async function collectPersonalData(db: Db, email: string) {
  const account = await findAccount(db, email);
  const pattern = addressPattern(email);
  const contact = await db.select().from(contactMessages).where(sameAddress(contactMessages.email, email));
  const lead = await db.select().from(leads).where(eq(leads.email, email.trim()));
  const booked = await db
    .select({
      id: bookings.id,
      name: bookings.name,
      email: bookings.email,
      businessName: bookings.businessName,
      lineOfWork: bookings.lineOfWork,
      date: bookings.date,
      timeLabel: bookings.timeLabel,
      timeZone: bookings.timeZone,
      startsAt: bookings.startsAt,
      endsAt: bookings.endsAt,
      status: bookings.status,
      source: bookings.source,
      ipAddress: bookings.ipAddress,
      createdAt: bookings.createdAt,
      cancelledAt: bookings.cancelledAt,
    })
    .from(bookings)
    .where(sameAddress(bookings.email, email));
  const history = booked.length
    ? await db
        .select({
          bookingId: bookingChanges.bookingId,
          kind: bookingChanges.kind,
          fromStartsAt: bookingChanges.fromStartsAt,
          toStartsAt: bookingChanges.toStartsAt,
          changedBy: bookingChanges.changedBy,
          createdAt: bookingChanges.createdAt,
        })
        .from(bookingChanges)
        .where(
          inArray(
            bookingChanges.bookingId,
            booked.map((b) => b.id),
          ),
        )
    : [];
  const userId = account?.id ?? -1;
  const isTarget = and(eq(auditLog.targetType, 'user'), eq(auditLog.targetId, String(userId)));
  const isActor = or(eq(auditLog.actorId, userId), sql`${auditLog.actorEmail} ~* ${pattern}`);
  const [member, sessionRows, changes, views, audit, signIns, deliveries] = await Promise.all([
    db
      .select({ organization: organizations.name, role: memberships.role, since: memberships.createdAt })
      .from(memberships)
      .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
      .where(eq(memberships.userId, userId)),
    db
      .select({
        createdAt: sessions.createdAt,
        expiresAt: sessions.expiresAt,
        ipAddress: sessions.ipAddress,
        userAgent: sessions.userAgent,
      })
      .from(sessions)
      .where(eq(sessions.userId, userId)),
    db
      .select({
        newEmail: emailChanges.newEmail,
        previousEmail: emailChanges.previousEmail,
        createdAt: emailChanges.createdAt,
        confirmedAt: emailChanges.confirmedAt,
      })
      .from(emailChanges)
      .where(
        or(
          eq(emailChanges.userId, userId),
          sameAddress(emailChanges.newEmail, email),
          sameAddress(sql`coalesce(${emailChanges.previousEmail}, '')`, email),
        ),
      ),
    db
      .select({ dashboard: dashboards.name, viewedAt: dashboardViews.viewedAt })
      .from(dashboardViews)
      .innerJoin(dashboards, eq(dashboards.id, dashboardViews.dashboardId))
      .where(eq(dashboardViews.userId, userId)),
    db
      .select({
        ...auditEntryColumns,
        isTarget: sql<boolean>`(${isTarget})`,
        isActor: sql<boolean>`(${isActor})`,
      })
      .from(auditLog)
      .where(or(isActor, isTarget, sql`${auditLog.changes}::text ~* ${pattern}`))
      .orderBy(asc(auditLog.id)),
    db
      .select({
        email: signInEvents.email,
        method: signInEvents.method,
        result: signInEvents.result,
        reason: signInEvents.reason,
        ipAddress: signInEvents.ipAddress,
        userAgent: signInEvents.userAgent,
        createdAt: signInEvents.createdAt,
      })
      .from(signInEvents)
      .where(or(eq(signInEvents.userId, userId), sameAddress(signInEvents.email, email))),
    db
      .select({
        template: emailDeliveries.template,
        recipient: emailDeliveries.recipient,
        status: emailDeliveries.status,
        attempts: emailDeliveries.attempts,
        createdAt: emailDeliveries.createdAt,
        sentAt: emailDeliveries.sentAt,
      })
      .from(emailDeliveries)
      .where(sameAddress(emailDeliveries.recipient, email)),
  ]);
  const reports = await reportEmails(db, email, userId);
  const { passwordHash, ...accountColumns } = account ?? { passwordHash: null };
  return {
    contactMessages: contact,
    bookings: booked.map((b) => ({ ...b, history: history.filter((h) => h.bookingId === b.id) })),
    leads: lead,
    account: account ? { ...accountColumns, hasPassword: passwordHash !== null } : null,
    memberships: member,
    sessions: sessionRows,
    emailChanges: changes,
    dashboardViews: views,
    ...ownAuditEntries(audit, new RegExp(pattern, 'i')),
    signInEvents: signIns,
    emailDeliveries: deliveries,
    ...reports,
  };
}

/**
 * The report e-mails of subscriptions (issue 29) as the person's data: each one sent to them (which report, which
 * file, when; the file itself is never kept) and the reports they turned off.
 */
async function reportEmails(db: Db, email: string, userId: number) {
  const sent = db
    .select({
      dashboard: dashboards.name,
      email: subscriptionDeliveries.email,
      fileName: subscriptionDeliveries.fileName,
      status: subscriptionDeliveries.status,
      createdAt: subscriptionDeliveries.createdAt,
      sentAt: subscriptionDeliveries.sentAt,
    })
    .from(subscriptionDeliveries)
    .$dynamic();
  const reportEmailsSent = await withReportDashboard(sent, subscriptionDeliveries.subscriptionId)
    .where(or(eq(subscriptionDeliveries.userId, userId), sameAddress(subscriptionDeliveries.email, email)))
    .orderBy(asc(subscriptionDeliveries.id));
  const turnedOff = db
    .select({
      dashboard: dashboards.name,
      via: subscriptionUnsubscribes.via,
      createdAt: subscriptionUnsubscribes.createdAt,
    })
    .from(subscriptionUnsubscribes)
    .$dynamic();
  const reportEmailsTurnedOff = await withReportDashboard(turnedOff, subscriptionUnsubscribes.subscriptionId).where(
    eq(subscriptionUnsubscribes.userId, userId),
  );
  return { reportEmailsSent, reportEmailsTurnedOff };
}

type AuditRead = Omit<typeof schema.auditLog.$inferSelect, 'searchText'> & { isTarget: boolean; isActor: boolean };

/**
 * The audit log as far as it is the person's own data (issue 26): entries about them (their account is the target, or
 * their address is written in the entry), and what they did to others only as what and when. Another person's address,
 * name or changed values never leave in someone else's export: an administrator's export listed every entry they made,
 * with the addresses of everyone they had touched. An entry that only names the address among other things keeps only
 * the fields that name it; the actor of an entry about them is said to be them or not, never named.
 */
function ownAuditEntries(rows: AuditRead[], address: RegExp) {
  const auditEntries = [];
  const actionsOnOthers = [];
  for (const { isTarget, isActor, actorId: _id, actorEmail: _email, changes, ...entry } of rows) {
    if (!isTarget && isActor) {
      actionsOnOthers.push({
        id: entry.id,
        action: entry.action,
        targetType: entry.targetType,
        createdAt: entry.createdAt,
      });
      continue;
    }
    const naming = isTarget ? changes : (onlyNaming(changes, address) ?? null);
    auditEntries.push({
      ...entry,
      targetId: isTarget ? entry.targetId : null,
      byThisPerson: isActor,
      changes: naming,
    });
  }
  return { auditEntries, actionsOnOthers };
}

/** The parts of a value that name the address: other strings, numbers and flags are someone else's business. */
function onlyNaming(value: unknown, address: RegExp): unknown {
  if (typeof value === 'string') return address.test(value) ? value : undefined;
  if (!value || typeof value !== 'object') return undefined;
  const kept = Object.entries(value)
    .map(([key, inner]) => [key, onlyNaming(inner, address)] as const)
    .filter(([, inner]) => inner !== undefined);
  if (!kept.length) return undefined;
  return Array.isArray(value) ? kept.map(([, inner]) => inner) : Object.fromEntries(kept);
}
