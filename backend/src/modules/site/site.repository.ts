import type { CaseStudy, CaseStudySummary, SitePageKey } from '@app/contracts';
import type { Database, Transaction } from '@app/db';
import { updateEdited } from '@app/db/queries/edited-rows';
import * as schema from '@app/db/schema';
import { and, asc, desc, eq, sql } from 'drizzle-orm';

const { caseStudies, sitePages } = schema;

type Db = Database | Transaction;
type CaseStudyRow = typeof caseStudies.$inferSelect;
export type CaseStudyColumns = Omit<typeof caseStudies.$inferInsert, 'id' | 'createdAt'>;

const caseStudyView = (row: CaseStudyRow): CaseStudy => ({
  id: row.id,
  title: row.title,
  slug: row.slug,
  client: row.client,
  problem: row.problem,
  pictureUrl: row.pictureUrl,
  outcome: row.outcome,
  quote: row.quote,
  quoteAuthor: row.quoteAuthor,
  quoteRole: row.quoteRole,
  body: row.body,
  description: row.description,
  isPublished: row.isPublished,
  position: row.position,
  publishedAt: row.publishedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export const summaryView = (row: CaseStudy): CaseStudySummary => ({
  slug: row.slug,
  title: row.title,
  client: row.client,
  problem: row.problem,
  outcome: row.outcome,
  pictureUrl: row.pictureUrl,
  description: row.description,
  publishedAt: row.publishedAt,
});

/** The site's order: the administrator's order first, then the newest published. */
const siteOrder = [asc(caseStudies.position), desc(caseStudies.publishedAt), desc(caseStudies.id)];

export async function listCaseStudies(db: Db) {
  const rows = await db
    .select()
    .from(caseStudies)
    .orderBy(...siteOrder);
  return rows.map(caseStudyView);
}

export async function listPublishedCaseStudies(db: Db, limit?: number) {
  const query = db
    .select()
    .from(caseStudies)
    .where(eq(caseStudies.isPublished, true))
    .orderBy(...siteOrder);
  const rows = await (limit ? query.limit(limit) : query);
  return rows.map(caseStudyView);
}

export async function findCaseStudy(db: Db, id: number) {
  const [row] = await db.select().from(caseStudies).where(eq(caseStudies.id, id));
  return row ? caseStudyView(row) : null;
}

export async function findPublishedCaseStudy(db: Db, slug: string) {
  const [row] = await db
    .select()
    .from(caseStudies)
    .where(and(eq(caseStudies.isPublished, true), eq(sql`lower(${caseStudies.slug})`, slug.toLowerCase())));
  return row ? caseStudyView(row) : null;
}

export async function insertCaseStudy(db: Db, values: CaseStudyColumns) {
  const [row] = await db.insert(caseStudies).values(values).returning();
  return caseStudyView(row!);
}

export async function updateCaseStudy(db: Db, id: number, values: Partial<CaseStudyColumns>) {
  const row = await updateEdited(db, caseStudies, id, values);
  return row ? caseStudyView(row) : null;
}

export async function deleteCaseStudy(db: Db, id: number) {
  const [row] = await db.delete(caseStudies).where(eq(caseStudies.id, id)).returning();
  return row ? caseStudyView(row) : null;
}

export async function findSitePage(db: Db, key: SitePageKey) {
  const [row] = await db.select().from(sitePages).where(eq(sitePages.key, key));
  return row ?? null;
}

export async function saveSitePage(db: Db, key: SitePageKey, markdown: string) {
  const now = new Date();
  await db
    .insert(sitePages)
    .values({ key, markdown, updatedAt: now })
    .onConflictDoUpdate({ target: sitePages.key, set: { markdown, updatedAt: now } });
}

export async function deleteSitePage(db: Db, key: SitePageKey) {
  await db.delete(sitePages).where(eq(sitePages.key, key));
}
