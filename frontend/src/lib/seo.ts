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

/** A route's `head()`: title, description, Open Graph tags and the canonical path of a marketing page. */
export function marketingHead(path: MarketingPath) {
  const { title, description } = marketingSeo[path];
  return {
    meta: [
      { title },
      { name: 'description', content: description },
      { property: 'og:title', content: title },
      { property: 'og:description', content: description },
      { property: 'og:type', content: 'website' },
      { property: 'og:site_name', content: COMPANY_NAME },
      { property: 'og:image', content: OG_IMAGE },
      { property: 'og:url', content: path },
      { name: 'twitter:card', content: 'summary_large_image' },
    ],
    links: [{ rel: 'canonical', href: path }],
  };
}
