/**
 * Every page route of the SPA (spec section 2, plus the pages the router has beyond it), written as the router writes
 * them (`$name` is one path segment). The server answers a path that none of them matches with 404 and the SPA's
 * not-found page (D31), so a new page must be listed here: `frontend/src/spa-routes.test.ts` compares this list with
 * the router's and fails until it is.
 */
export const SPA_ROUTES = [
  '/',
  '/why-us',
  '/our-values',
  '/dashboards',
  '/dashboard/$id',
  '/contact',
  '/book-consultation',
  '/booking/cancel',
  '/booking/reschedule',
  '/client/login',
  '/client/dashboard',
  '/client/dashboard/$id',
  '/account',
  '/account/two-factor',
  '/admin',
  // The administration's sections (issue 27); /admin/queues is the API's queue board, whose 403 page is the app's.
  '/admin/organizations',
  '/admin/people',
  '/admin/access',
  '/admin/dashboards',
  '/admin/connections',
  '/admin/consultations',
  '/admin/closed-days',
  '/admin/case-studies',
  '/admin/pages',
  '/admin/sign-ins',
  '/admin/audit',
  '/admin/personal-data',
  '/admin/usage',
  '/admin/queues',
  '/admin/leads',
  '/admin/organizations/$organizationId',
  '/login',
  '/register',
  '/reset-password',
  '/confirm-email',
  '/unsubscribe',
  '/admin/subscriptions',
  '/login/sso-error',
  '/case-studies',
  '/case-studies/$slug',
  '/privacy',
  '/terms',
  '/cookies',
] as const;

/**
 * The marketing pages (D25): prerendered at build time (`frontend/src/lib/seo.ts` gives each its title and
 * description) and listed in the API's sitemap.xml. One list for both, so a new page cannot be prerendered and
 * missing from the sitemap, or the other way round.
 */
export const MARKETING_PATHS = [
  '/',
  '/why-us',
  '/our-values',
  '/dashboards',
  '/contact',
  '/book-consultation',
] as const satisfies readonly (typeof SPA_ROUTES)[number][];
export type MarketingPath = (typeof MARKETING_PATHS)[number];

/** The legal pages the footer links to; each is `/{key}`. */
export const SITE_PAGE_KEYS = ['privacy', 'terms', 'cookies'] as const;
export type SitePageKey = (typeof SITE_PAGE_KEYS)[number];

/**
 * The pages whose words administrators write after the build (issue 18, ADR 037): the API renders their head tags and
 * content per request, and lists them in sitemap.xml with each published case study (`/case-studies/{slug}`).
 */
export const SITE_CONTENT_PATHS = [
  '/case-studies',
  ...SITE_PAGE_KEYS.map((key) => `/${key}` as const),
] satisfies readonly (typeof SPA_ROUTES)[number][];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** One expression for the whole table: case-insensitive, with or without a trailing slash (as the router matches). */
const SPA_ROUTE_PATTERN = new RegExp(
  `^(?:${SPA_ROUTES.map((route) =>
    route === '/'
      ? ''
      : route
          .split('/')
          .slice(1)
          .map((segment) => `/${segment.startsWith('$') ? '[^/]+' : escapeRegExp(segment)}`)
          .join(''),
  ).join('|')})/?$`,
  'i',
);

/** Whether a (decoded) path names a page of the SPA. */
export const isSpaRoute = (pathname: string): boolean => SPA_ROUTE_PATTERN.test(pathname);
