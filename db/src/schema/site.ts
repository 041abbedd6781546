import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { serialId, timestamps, timestamptz } from './columns';

/**
 * Case studies (issue 18): written by administrators in Markdown, each published one a page of its own at
 * `/case-studies/{slug}`. The Markdown is stored as written and rendered (then sanitized) when it is read, so a
 * stricter sanitizer applies to every page at once.
 */
export const caseStudies = pgTable(
  'case_studies',
  {
    id: serialId(),
    slug: text().notNull(),
    title: text().notNull(),
    client: text().notNull(),
    problem: text().notNull().default(''),
    /** An https address or a path on this site (D18); null for none. */
    pictureUrl: text(),
    outcome: text().notNull().default(''),
    quote: text().notNull().default(''),
    quoteAuthor: text().notNull().default(''),
    quoteRole: text().notNull().default(''),
    body: text().notNull().default(''),
    description: text().notNull().default(''),
    isPublished: boolean().notNull().default(false),
    /** Lower first in lists; then the newest published. */
    position: integer().notNull().default(0),
    /** When it was first published (kept through later unpublish/publish). */
    publishedAt: timestamptz(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('case_studies_slug_unique').on(sql`lower(${t.slug})`),
    index('case_studies_published_idx').on(t.isPublished, t.position),
  ],
);

/**
 * The legal pages' texts (privacy, terms, cookies) as an administrator last saved them, in Markdown. No row: the
 * product's default text, which says what it really stores.
 */
export const sitePages = pgTable('site_pages', {
  key: text({ enum: ['privacy', 'terms', 'cookies'] }).primaryKey(),
  markdown: text().notNull(),
  ...timestamps(),
});
