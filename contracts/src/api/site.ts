import * as v from 'valibot';
import { SITE_PAGE_KEYS } from '../spa-routes';
import { filledInText, requiredEmail, requiredText, TimestampEntries } from './common';

/**
 * The site's own words (issue 18): case studies and the legal pages, written by administrators in Markdown; and the
 * personal-data requests (export, erase) an administrator answers for someone.
 */

/** The longest Markdown an administrator may save: far more than any page needs, far less than the 1 MB body limit. */
const MAX_MARKDOWN_LENGTH = 100_000;

const SLUG_MESSAGE = 'Slug must be lowercase letters, digits and single hyphens (like "sales-dashboard-for-acme")';

/** A case study's address: `/case-studies/{slug}`. Url-safe as it is, so nothing is ever escaped in a link. */
const SlugSchema = v.pipe(
  filledInText('Slug is required'),
  v.maxLength(100, 'Slug must be at most 100 characters'),
  v.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, SLUG_MESSAGE),
);

/** Optional text: missing or null counts as empty. */
const optional = (max: number, label: string) =>
  v.pipe(
    v.optional(v.nullable(v.string(`${label} must be text`)), ''),
    v.transform((value) => (value ?? '').trim()),
    v.maxLength(max, `${label} must be at most ${max.toLocaleString('en-US')} characters`),
  );

const markdown = (label: string) =>
  v.pipe(
    v.optional(v.string(`${label} must be text`), ''),
    v.maxLength(
      MAX_MARKDOWN_LENGTH,
      `${label} must be at most ${MAX_MARKDOWN_LENGTH.toLocaleString('en-US')} characters`,
    ),
  );

/** POST /api/admin/case-studies and PUT /api/admin/case-studies/{id} */
export const CaseStudyInputSchema = v.object({
  title: requiredText('Title is required', 200),
  slug: SlugSchema,
  client: requiredText('Client is required', 200),
  problem: optional(2000, 'Problem'),
  /** An https address or a path on this site (D18); empty for none. */
  pictureUrl: optional(2000, 'Picture URL'),
  outcome: optional(2000, 'Outcome'),
  quote: optional(1000, 'Quote'),
  quoteAuthor: optional(200, 'Quote author'),
  quoteRole: optional(200, 'Quote author role'),
  body: markdown('Body'),
  description: optional(300, 'Description'),
  isPublished: v.optional(v.boolean('Published must be true or false'), false),
  /** A number, or the digits the admin screen's field holds (empty: 0). */
  position: v.pipe(
    v.optional(v.union([v.number(), v.string()], 'Order must be a number'), 0),
    v.transform((value) => (typeof value === 'string' ? (value.trim() === '' ? 0 : Number(value)) : value)),
    v.number('Order must be a number'),
    v.integer('Order must be a whole number from 0 to 10,000'),
    v.minValue(0, 'Order must be a whole number from 0 to 10,000'),
    v.maxValue(10_000, 'Order must be a whole number from 0 to 10,000'),
  ),
});
export type CaseStudyInput = v.InferInput<typeof CaseStudyInputSchema>;
export type CaseStudyValues = v.InferOutput<typeof CaseStudyInputSchema>;

/** A published case study in a list (GET /api/case-studies): what its card shows. */
export const CaseStudySummarySchema = v.object({
  slug: v.string(),
  title: v.string(),
  client: v.string(),
  problem: v.string(),
  outcome: v.string(),
  pictureUrl: v.nullable(v.string()),
  description: v.string(),
  publishedAt: v.nullable(v.string()),
});
export type CaseStudySummary = v.InferOutput<typeof CaseStudySummarySchema>;

/** The client's words a case study quotes, and who said them. */
const QuoteEntries = { quote: v.string(), quoteAuthor: v.string(), quoteRole: v.string() };

/** A case study as the admin screen edits it (its Markdown as written): what is published of it, and the rest. */
export const CaseStudySchema = v.object({
  id: v.number(),
  ...CaseStudySummarySchema.entries,
  ...QuoteEntries,
  body: v.string(),
  isPublished: v.boolean(),
  position: v.number(),
  ...TimestampEntries,
});
export type CaseStudy = v.InferOutput<typeof CaseStudySchema>;

/** A published case study's page (GET /api/case-studies/{slug}): its body rendered from Markdown and sanitized. */
export const PublicCaseStudySchema = v.object({
  ...CaseStudySummarySchema.entries,
  ...QuoteEntries,
  bodyHtml: v.string(),
  updatedAt: v.string(),
});
export type PublicCaseStudy = v.InferOutput<typeof PublicCaseStudySchema>;

export const CaseStudySlugParamsSchema = v.object({ slug: v.pipe(v.string(), v.maxLength(200)) });

export { SITE_PAGE_KEYS, type SitePageKey } from '../spa-routes';
export const SitePageParamsSchema = v.object({
  key: v.picklist(SITE_PAGE_KEYS, `The page must be one of ${SITE_PAGE_KEYS.join(', ')}`),
});

/** A legal page: its Markdown (the default text until an administrator saves one) and that Markdown rendered. */
export const SitePageSchema = v.object({
  key: v.picklist(SITE_PAGE_KEYS),
  title: v.string(),
  /** For search engines and link previews. */
  description: v.string(),
  markdown: v.string(),
  html: v.string(),
  /** True while the page shows the product's default text (no administrator has saved one). */
  isDefault: v.boolean(),
  updatedAt: v.nullable(v.string()),
});
export type SitePage = v.InferOutput<typeof SitePageSchema>;

/** PUT /api/admin/site-pages/{key}; an empty text puts the default text back. */
export const SitePageInputSchema = v.object({ markdown: markdown('Text') });

/** GET /api/admin/personal-data?email= */
export const PersonalDataQuerySchema = v.object({ email: requiredEmail('Email address is required') });

/** POST /api/admin/personal-data/erase */
export const PersonalDataEraseSchema = v.object({ email: requiredEmail('Email address is required') });

/** Rows as stored (without any token or password hash), one list per kind of record. */
const Rows = v.array(v.record(v.string(), v.unknown()));

/** Everything stored about one e-mail address (compared case-insensitively): the JSON an administrator hands over. */
export const PersonalDataExportSchema = v.object({
  email: v.string(),
  exportedAt: v.string(),
  contactMessages: Rows,
  bookings: Rows,
  /** The lead their messages and bookings make (issue 27): status, owner, the administrators' notes. */
  leads: Rows,
  account: v.nullable(v.record(v.string(), v.unknown())),
  memberships: Rows,
  sessions: Rows,
  emailChanges: Rows,
  dashboardViews: Rows,
  /** Audit entries about the person (their account, or their address written in the entry). */
  auditEntries: Rows,
  /** What the person did to others: the action, the kind of target and when, never the others' data (issue 26). */
  actionsOnOthers: Rows,
  signInEvents: Rows,
  emailDeliveries: Rows,
  /** Report e-mails of subscriptions sent to them (which report, which file, when; never the file) (issue 29). */
  reportEmailsSent: Rows,
  /** The reports whose e-mails they turned off, and how. */
  reportEmailsTurnedOff: Rows,
});
export type PersonalDataExport = v.InferOutput<typeof PersonalDataExportSchema>;

/** What an erase removed or anonymized, counted per kind of record. */
export const PersonalDataErasedSchema = v.object({
  contactMessages: v.number(),
  bookings: v.number(),
  leads: v.number(),
  account: v.boolean(),
  dashboardViews: v.number(),
  auditEntries: v.number(),
  signInEvents: v.number(),
  emailDeliveries: v.number(),
  otherRows: v.number(),
});
export type PersonalDataErased = v.InferOutput<typeof PersonalDataErasedSchema>;
