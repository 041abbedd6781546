import type { Lead, LeadActivity, LeadListQuery } from '@app/contracts';
import type { Database, Transaction } from '@app/db';
import { updateEdited } from '@app/db/queries/edited-rows';
import { allOf, containsAny, equalsIf, orderOf, type Page, paged, type SortSpec } from '@app/db/queries/list-query';
import * as schema from '@app/db/schema';
import { and, count, eq, inArray, type SQL, sql } from 'drizzle-orm';

const { leads, users, organizations, contactMessages, bookings } = schema;

type Db = Database | Transaction;

export type LeadRow = typeof leads.$inferSelect;

/** A message's or booking's address as the lead's key: trimmed and lower-cased (an index of each table holds it). */
const keyOf = (column: typeof contactMessages.email | typeof bookings.email) => sql`lower(btrim(${column}))`;

// Written out with their tables named: Drizzle leaves a column of a one-table select unqualified, which inside these
// subqueries would name the subquery's own column.
const owner = sql`(select u.email from users u where u.id = "leads"."owner_user_id")`;
const organizationName = sql`(select o.name from organizations o where o.id = "leads"."organization_id")`;
const messageCount = sql<number>`(select count(*)::int from contact_messages m where lower(btrim(m.email)) = "leads"."email" and not m.is_spam)`;
const bookingCount = sql<number>`(select count(*)::int from bookings b where lower(btrim(b.email)) = "leads"."email")`;

/** A lead's columns as the list shows them; the counts and names only for the rows of the page. */
const listed = {
  row: leads,
  ownerEmail: sql<string | null>`${owner}`,
  organizationName: sql<string | null>`${organizationName}`,
  messageCount,
  bookingCount,
};

type ListedRow = { row: LeadRow; ownerEmail: string | null; organizationName: string | null } & {
  messageCount: number;
  bookingCount: number;
};

const leadView = ({ row, ownerEmail, organizationName, messageCount, bookingCount }: ListedRow): Lead => ({
  id: row.id,
  email: row.email,
  name: row.name,
  businessName: row.businessName,
  status: row.status,
  ownerId: row.ownerUserId,
  ownerEmail,
  notes: row.notes,
  messageCount: Number(messageCount),
  bookingCount: Number(bookingCount),
  lastActivityAt: row.lastActivityAt.toISOString(),
  createdAt: row.createdAt.toISOString(),
  convertedAt: row.convertedAt?.toISOString() ?? null,
  organizationId: row.organizationId,
  organizationName,
  userId: row.userId,
});

const leadSort: SortSpec<NonNullable<LeadListQuery['sort']>> = {
  by: {
    lastActivityAt: leads.lastActivityAt,
    createdAt: leads.createdAt,
    name: sql`lower(${leads.name})`,
    email: leads.email,
    businessName: sql`lower(coalesce(${leads.businessName}, ''))`,
    status: leads.status,
    id: leads.id,
  },
  fallback: [sql`${leads.lastActivityAt} desc`],
  tieBreak: [leads.id],
};

function leadFilter(query: LeadListQuery): SQL | undefined {
  return allOf(
    containsAny([leads.email, leads.name, leads.businessName], query.q),
    equalsIf(leads.status, query.status),
    equalsIf(leads.ownerUserId, query.owner),
  );
}

/** One page (or all) of the leads list, filtered and sorted (decision 038). */
export async function listLeadPage(db: Db, query: LeadListQuery, page: Page | null): Promise<Lead[]> {
  const rows = await paged(
    db
      .select(listed)
      .from(leads)
      .where(leadFilter(query))
      .orderBy(...orderOf(leadSort, query))
      .$dynamic(),
    page,
  );
  return rows.map(leadView);
}

export async function countLeads(db: Db, query: LeadListQuery) {
  const [row] = await db.select({ n: count() }).from(leads).where(leadFilter(query));
  return row?.n ?? 0;
}

/** The lead as the list shows it, or null. */
export async function findLead(db: Db, id: number): Promise<Lead | null> {
  const [row] = await db.select(listed).from(leads).where(eq(leads.id, id));
  return row ? leadView(row) : null;
}

/** The lead's row, held until the transaction ends: changes and conversions of one lead run one after the other. */
export async function lockLead(tx: Transaction, id: number): Promise<LeadRow | null> {
  const [row] = await tx.select().from(leads).where(eq(leads.id, id)).for('update');
  return row ?? null;
}

export async function updateLead(tx: Transaction, id: number, values: Partial<typeof leads.$inferInsert>) {
  await updateEdited(tx, leads, id, values);
}

/** The lead's contact messages (not spam) and bookings, in the order they arrived. */
export async function activityOf(db: Db, email: string): Promise<LeadActivity[]> {
  const [messages, booked] = await Promise.all([
    db
      .select()
      .from(contactMessages)
      .where(and(eq(keyOf(contactMessages.email), email), eq(contactMessages.isSpam, false))),
    db
      .select()
      .from(bookings)
      .where(eq(keyOf(bookings.email), email)),
  ]);
  const items: (LeadActivity & { order: number })[] = [
    ...messages.map((m) => ({
      kind: 'message' as const,
      id: m.id,
      at: m.createdAt.toISOString(),
      order: m.createdAt.getTime(),
      name: m.name,
      subject: m.subject,
      message: m.message,
    })),
    ...booked.map((b) => ({
      kind: 'booking' as const,
      id: b.id,
      at: b.createdAt.toISOString(),
      order: b.createdAt.getTime(),
      name: b.name,
      businessName: b.businessName,
      lineOfWork: b.lineOfWork,
      startsAt: b.startsAt.toISOString(),
      timeLabel: b.timeLabel,
      date: b.date,
      timeZone: b.timeZone,
      status: b.status,
    })),
  ];
  return items.sort((a, b) => a.order - b.order || a.id - b.id).map(({ order: _order, ...item }) => item);
}

/** The dashboards of these ids that exist, with their names. */
export async function dashboardsOf(db: Db, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select({ id: schema.dashboards.id, name: schema.dashboards.name })
    .from(schema.dashboards)
    .where(inArray(schema.dashboards.id, ids));
}

/** Whether an active administrator has this id (a lead's owner must be one). */
export async function isActiveAdmin(db: Db, id: number) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), eq(users.isAdmin, true), eq(users.isActive, true)));
  return row !== undefined;
}

/** Whether an organization already has this name, in any letter case and spacing at the ends. */
export async function organizationNameTaken(db: Db, name: string) {
  const [row] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(sql`lower(btrim(${organizations.name}))`, name.trim().toLowerCase()))
    .limit(1);
  return row !== undefined;
}

/** Held until the transaction ends: two conversions choosing the same organization name run one after the other. */
export async function lockOrganizationName(tx: Transaction, name: string) {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`organization-name:${name.trim().toLowerCase()}`}, 0))`,
  );
}
