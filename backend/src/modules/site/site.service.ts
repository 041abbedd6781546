import {
  type CaseStudy,
  type CaseStudyValues,
  type PublicCaseStudy,
  SITE_PAGE_KEYS,
  type SitePage,
  type SitePageKey,
} from '@app/contracts';
import type { Database } from '@app/db';
import { conflictWhen, isUniqueViolation } from '../../lib/db-errors';
import { notFound } from '../../lib/http-error';
import { type Actor, changed, withAudit } from '../audit';
import { normalizeImageUrl } from '../dashboards';
import { defaultSitePage, SITE_PAGE_DESCRIPTIONS, SITE_PAGE_TITLES } from './legal-defaults';
import { renderMarkdown } from './markdown';
import * as repo from './site.repository';

const SLUG_TAKEN = 'A case study with this slug already exists';

const columns = (input: CaseStudyValues) => ({
  ...input,
  pictureUrl: normalizeImageUrl(input.pictureUrl, 'pictureUrl'),
});

/** A unique slug is the database's to enforce (two admins saving at once): its refusal becomes a 409. */
const slugChecked = <T>(change: Promise<T>) => conflictWhen(isUniqueViolation, SLUG_TAKEN, change);

const target = (study: Pick<CaseStudy, 'id' | 'title'>) => ({
  targetType: 'case_study',
  targetId: study.id,
  targetName: study.title,
});

export function createCaseStudy(db: Database, actor: Actor, input: CaseStudyValues) {
  const values = columns(input);
  return slugChecked(
    withAudit(db, actor, async (tx) => {
      const study = await repo.insertCaseStudy(tx, { ...values, publishedAt: values.isPublished ? new Date() : null });
      // The body is long: the audit says it changed, not what it says.
      const { body: _body, ...recorded } = values;
      return { action: 'case_study.create', ...target(study), changes: recorded, result: study };
    }),
  );
}

export function updateCaseStudy(db: Database, actor: Actor, id: number, input: CaseStudyValues) {
  const values = columns(input);
  return slugChecked(
    withAudit(db, actor, async (tx) => {
      const before = await repo.findCaseStudy(tx, id);
      if (!before) throw notFound('Case study not found');
      const publishedAt = values.isPublished && !before.publishedAt ? new Date() : undefined;
      const study = (await repo.updateCaseStudy(tx, id, { ...values, ...(publishedAt ? { publishedAt } : {}) }))!;
      const { body, ...rest } = changed(before, values);
      const changes = body ? { ...rest, body: 'changed' } : rest;
      const action =
        before.isPublished !== values.isPublished
          ? values.isPublished
            ? 'case_study.publish'
            : 'case_study.unpublish'
          : 'case_study.update';
      return { action, ...target(study), changes, result: study };
    }),
  );
}

export function deleteCaseStudy(db: Database, actor: Actor, id: number) {
  return withAudit(db, actor, async (tx) => {
    const study = await repo.deleteCaseStudy(tx, id);
    if (!study) throw notFound('Case study not found');
    return { action: 'case_study.delete', ...target(study), changes: { slug: study.slug }, result: undefined };
  });
}

/** A published case study with its body rendered and sanitized; 404 for an unknown or unpublished slug. */
export async function publishedCaseStudy(db: Database, slug: string): Promise<PublicCaseStudy> {
  const study = await repo.findPublishedCaseStudy(db, slug);
  if (!study) throw notFound('Case study not found');
  return {
    ...repo.summaryView(study),
    quote: study.quote,
    quoteAuthor: study.quoteAuthor,
    quoteRole: study.quoteRole,
    bodyHtml: renderMarkdown(study.body),
    updatedAt: study.updatedAt,
  };
}

export async function publishedCaseStudies(db: Database, limit?: number) {
  return (await repo.listPublishedCaseStudies(db, limit)).map(repo.summaryView);
}

/** A legal page: the administrators' text, else the product's default one (which names the company's address). */
export async function sitePage(db: Database, key: SitePageKey, companyEmail: string): Promise<SitePage> {
  const saved = await repo.findSitePage(db, key);
  const markdown = saved?.markdown ?? defaultSitePage(key, companyEmail);
  return {
    key,
    title: SITE_PAGE_TITLES[key],
    description: SITE_PAGE_DESCRIPTIONS[key],
    markdown,
    html: renderMarkdown(markdown),
    isDefault: !saved,
    updatedAt: saved?.updatedAt.toISOString() ?? null,
  };
}

export const sitePages = (db: Database, companyEmail: string) =>
  Promise.all(SITE_PAGE_KEYS.map((key) => sitePage(db, key, companyEmail)));

/** Saves a legal page's text; an empty one (only spaces) puts the default text back. */
export async function saveSitePage(
  db: Database,
  actor: Actor,
  key: SitePageKey,
  markdown: string,
  companyEmail: string,
) {
  await withAudit(db, actor, async (tx) => {
    const reset = markdown.trim() === '';
    if (reset) await repo.deleteSitePage(tx, key);
    else await repo.saveSitePage(tx, key, markdown);
    return {
      action: reset ? 'site_page.reset' : 'site_page.update',
      targetType: 'site_page',
      targetId: key,
      targetName: SITE_PAGE_TITLES[key],
      changes: { text: reset ? 'default' : 'changed' },
      result: undefined,
    };
  });
  return sitePage(db, key, companyEmail);
}
