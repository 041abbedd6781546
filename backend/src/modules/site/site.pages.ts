import { COMPANY_NAME, type PublicCaseStudy, SITE_PAGE_KEYS, type SitePageKey } from '@app/contracts';
import type { Database } from '@app/db';
import { HttpError } from '../../lib/http-error';
import type { ServerPage, ServerPages } from '../../plugins/server-page';
import { escapeHtml } from './markdown';
import { publishedCaseStudies, publishedCaseStudy, sitePage } from './site.service';

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const LIST_PATH = /^\/case-studies\/?$/i;
const STUDY_PATH = /^\/case-studies\/([^/]+)\/?$/i;
const LEGAL_PATH = /^\/(privacy|terms|cookies)\/?$/i;

const CASE_STUDIES_TITLE = `Case studies | ${COMPANY_NAME}`;
const CASE_STUDIES_DESCRIPTION =
  'Dashboards we built for real clients: the problem each one had, what we made, and what changed.';

const text = (value: string) => escapeHtml(value);
const paragraph = (value: string) => (value ? `<p>${text(value)}</p>` : '');

/** What a reader of a case study can do next (issue 26): the same words as the SPA's page ends with. */
const STUDY_CALL_TO_ACTION =
  '<aside><h2>Want a dashboard like this?</h2><p>Book a free 30-minute consultation: tell us about your data and ' +
  'the decisions it should support.</p><p><a href="/book-consultation">Book a free consultation</a> ' +
  '<a href="/contact">Contact us</a></p></aside>';

/** A case study's page as a crawler reads it (the SPA renders the same content once it runs). */
function studyBody(study: PublicCaseStudy) {
  const quote = study.quote
    ? `<figure><blockquote><p>${text(study.quote)}</p></blockquote>${
        study.quoteAuthor
          ? `<figcaption>${text(study.quoteAuthor)}${study.quoteRole ? `, ${text(study.quoteRole)}` : ''}</figcaption>`
          : ''
      }</figure>`
    : '';
  return [
    '<main><article>',
    `<p><a href="/case-studies">Case studies</a></p>`,
    `<h1>${text(study.title)}</h1>`,
    `<p>${text(study.client)}</p>`,
    study.pictureUrl ? `<img src="${text(study.pictureUrl)}" alt="${text(`${study.title}: the dashboard`)}">` : '',
    study.problem ? `<h2>The problem</h2>${paragraph(study.problem)}` : '',
    study.outcome ? `<h2>The outcome</h2>${paragraph(study.outcome)}` : '',
    quote,
    study.bodyHtml,
    STUDY_CALL_TO_ACTION,
    '</article></main>',
  ].join('');
}

/** schema.org's Article, with the client's words as a Review of the work. */
function studyJsonLd(study: PublicCaseStudy, appUrl: string): Record<string, unknown> {
  const url = new URL(`/case-studies/${study.slug}`, appUrl).href;
  const organization = { '@type': 'Organization', name: COMPANY_NAME, url: new URL('/', appUrl).href };
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: study.title,
    description: study.description || study.problem,
    url,
    mainEntityOfPage: url,
    ...(study.pictureUrl ? { image: new URL(study.pictureUrl, appUrl).href } : {}),
    ...(study.publishedAt ? { datePublished: study.publishedAt } : {}),
    dateModified: study.updatedAt,
    author: organization,
    publisher: organization,
    about: { '@type': 'Organization', name: study.client },
    ...(study.quote
      ? {
          review: {
            '@type': 'Review',
            reviewBody: study.quote,
            ...(study.quoteAuthor
              ? {
                  author: {
                    '@type': 'Person',
                    name: study.quoteAuthor,
                    ...(study.quoteRole ? { jobTitle: study.quoteRole } : {}),
                    worksFor: { '@type': 'Organization', name: study.client },
                  },
                }
              : {}),
          },
        }
      : {}),
  };
}

async function listPage(db: Database): Promise<ServerPage> {
  const studies = await publishedCaseStudies(db);
  const items = studies
    .map(
      (s) =>
        `<li><article><h2><a href="/case-studies/${s.slug}">${text(s.title)}</a></h2><p>${text(s.client)}</p>${paragraph(
          s.description || s.problem,
        )}</article></li>`,
    )
    .join('');
  return {
    path: '/case-studies',
    title: CASE_STUDIES_TITLE,
    description: CASE_STUDIES_DESCRIPTION,
    body: `<main><h1>Case studies</h1><p>${text(CASE_STUDIES_DESCRIPTION)}</p>${
      items ? `<ul>${items}</ul>` : '<p>Our first case studies are being written.</p>'
    }</main>`,
  };
}

async function legalPage(db: Database, key: SitePageKey, companyEmail: string): Promise<ServerPage> {
  const page = await sitePage(db, key, companyEmail);
  return {
    path: `/${key}`,
    title: `${page.title} | ${COMPANY_NAME}`,
    description: page.description,
    body: `<main><article><h1>${text(page.title)}</h1>${page.html}</article></main>`,
  };
}

/** The server-rendered pages of the site (ADR 037): case studies and the legal pages. */
export const sitePages =
  (deps: { db: Database; config: { APP_URL: string; COMPANY_EMAIL: string } }): ServerPages =>
  async (pathname) => {
    if (LIST_PATH.test(pathname)) return listPage(deps.db);
    const legal = LEGAL_PATH.exec(pathname)?.[1]?.toLowerCase();
    if (legal && (SITE_PAGE_KEYS as readonly string[]).includes(legal))
      return legalPage(deps.db, legal as SitePageKey, deps.config.COMPANY_EMAIL);
    const slug = STUDY_PATH.exec(pathname)?.[1]?.toLowerCase();
    if (slug === undefined) return null;
    if (!SLUG.test(slug)) return 'not-found';
    try {
      const study = await publishedCaseStudy(deps.db, slug);
      return {
        path: `/case-studies/${study.slug}`,
        title: `${study.title} | ${COMPANY_NAME}`,
        description: study.description || study.problem || CASE_STUDIES_DESCRIPTION,
        image: study.pictureUrl,
        type: 'article',
        jsonLd: studyJsonLd(study, deps.config.APP_URL),
        body: studyBody(study),
      };
    } catch (error) {
      if (error instanceof HttpError && error.status === 404) return 'not-found';
      throw error;
    }
  };
