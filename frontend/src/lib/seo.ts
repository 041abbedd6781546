import { COMPANY_NAME, TAGLINE } from '@app/contracts/brand';
import type { MarketingPath } from '@app/contracts/spa-routes';
import { pageTitle } from './page-title';

export interface PageSeo {
  title: string;
  description: string;
}

export const OG_IMAGE = '/og-image.png';

/** The description of a page whose route gives none (index.html has the same, for the app shell). */
export const DEFAULT_DESCRIPTION =
  'Lucid Insight builds custom PowerBI and Looker Studio dashboards that turn your data into decisions.';

/** Each marketing page's title and description (D25; the pages are listed once, in `@app/contracts/spa-routes`). */
export const marketingSeo: Record<MarketingPath, PageSeo> = {
  '/': {
    title: `${COMPANY_NAME} | ${TAGLINE}`,
    description:
      'Lucid Insight builds custom PowerBI and Looker Studio dashboards that turn your scattered data into clear decisions. Book a free 30-minute consultation.',
  },
  '/why-us': {
    title: pageTitle('Why Us'),
    description:
      'Why organizations choose Lucid Insight: dashboards that illuminate insights, drive growth, empower teams and accelerate decisions.',
  },
  '/our-values': {
    title: pageTitle('Our Core Values'),
    description:
      'Vision, transparency, empowerment and trust: the values behind every dashboard Lucid Insight builds, and how we put them into action.',
  },
  '/dashboards': {
    title: pageTitle('Sample Dashboards'),
    description:
      'Explore sample PowerBI and Looker Studio dashboards for enrollment, research surveys and operations, built by Lucid Insight.',
  },
  '/contact': {
    title: pageTitle('Contact'),
    description: "Send Lucid Insight a message about your data and dashboards. We'll get back to you within 24 hours.",
  },
  '/book-consultation': {
    title: pageTitle('Book a Free Consultation'),
    description:
      'Book a free 30-minute consultation with Lucid Insight and find out what custom dashboards could do for your organization.',
  },
};

/**
 * A page's `head()`: title, description, Open Graph tags and canonical path. Server-rendered pages (case studies,
 * site pages) use it as it is: the API wrote the same tags into their HTML (ADR 037).
 */
export function siteHead({
  title,
  description,
  path,
  image = OG_IMAGE,
  type = 'website',
}: {
  title: string;
  description: string;
  path: string;
  image?: string | null;
  type?: 'website' | 'article';
}) {
  return {
    meta: [
      { title },
      { name: 'description', content: description },
      { property: 'og:title', content: title },
      { property: 'og:description', content: description },
      { property: 'og:type', content: type },
      { property: 'og:site_name', content: COMPANY_NAME },
      { property: 'og:image', content: image ?? OG_IMAGE },
      { property: 'og:url', content: path },
    ],
    links: [{ rel: 'canonical', href: path }],
  };
}

/** A marketing page's `head()`: its title and description, the site's picture, and the large Twitter card. */
export function marketingHead(path: MarketingPath) {
  const head = siteHead({ ...marketingSeo[path], path });
  return { ...head, meta: [...head.meta, { name: 'twitter:card', content: 'summary_large_image' }] };
}

/**
 * The `head()` of a page the administrators write (terms, privacy, cookies; ADR 037): the title and description its
 * loader fetched, at `path`; nothing until the loader has them.
 */
export const sitePageHead =
  (path: string) =>
  ({ loaderData }: { loaderData?: PageSeo | undefined }) =>
    loaderData
      ? siteHead({ title: `${loaderData.title} | ${COMPANY_NAME}`, description: loaderData.description, path })
      : {};
