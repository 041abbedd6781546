import { MARKETING_PATHS, SITE_CONTENT_PATHS } from '@app/contracts/spa-routes';
import { Elysia } from 'elysia';
import type { AppDeps } from '../../deps';
import { listPublishedCaseStudies } from '../site';

/** Areas behind sign-in, and the API, are of no use to a search engine. */
const DISALLOWED = ['/api/', '/admin', '/account', '/client/', '/login', '/register', '/reset-password', '/booking/'];

/**
 * The client portal's two public doors (ADR 013): its sign-in page, and the dashboards' address itself (`$`: that
 * path only), which shows an anonymous visitor, as every crawler is, 'Access Required' with a way to sign in. They
 * may be crawled, so the portal can be found, but stay out of the sitemap; the dashboards themselves
 * (`/client/dashboard/{id}`) stay disallowed. The longer rule wins, and these come first for crawlers that take the
 * first match.
 */
const ALLOWED = ['/client/login', '/client/dashboard$'];

export const seoRoutes = (deps: Pick<AppDeps, 'config' | 'db'>) => {
  const origin = new URL(deps.config.APP_URL).origin;
  const robots = [
    'User-agent: *',
    'Allow: /',
    ...ALLOWED.map((path) => `Allow: ${path}`),
    ...DISALLOWED.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
  const url = (path: string, more = '<changefreq>monthly</changefreq>') =>
    `  <url><loc>${origin}${path}</loc>${more}</url>`;
  // Read per request: administrators publish case studies at any time (ADR 037).
  const sitemap = async () =>
    [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      // The marketing pages search engines should find (D25); they are prerendered at build time.
      ...MARKETING_PATHS.map((path) => url(path)),
      // The pages whose words administrators write, and each published case study (slugs are url-safe as they are).
      ...SITE_CONTENT_PATHS.map((path) => url(path)),
      ...(await listPublishedCaseStudies(deps.db)).map((study) => url(`/case-studies/${study.slug}`, '')),
      '</urlset>',
      '',
    ].join('\n');
  const cache = 'public, max-age=3600';
  const sitemapCache = 'public, max-age=300';
  return new Elysia({ name: 'seo-routes' })
    .get(
      '/robots.txt',
      () => new Response(robots, { headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': cache } }),
      {
        detail: { tags: ['System'], summary: 'robots.txt', responses: { 200: { description: 'Crawling rules' } } },
      },
    )
    .get(
      '/sitemap.xml',
      async () =>
        new Response(await sitemap(), {
          headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': sitemapCache },
        }),
      {
        detail: {
          tags: ['System'],
          summary: 'Sitemap of the marketing pages, the legal pages and the published case studies',
          responses: { 200: { description: 'Sitemap' } },
        },
      },
    );
};
