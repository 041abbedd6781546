import { Elysia } from 'elysia';
import type { AppDeps } from '../../app';

/** The marketing pages search engines should find (D25); they are prerendered at build time. */
export const MARKETING_PATHS = [
  '/',
  '/why-us',
  '/our-values',
  '/dashboards',
  '/contact',
  '/book-consultation',
] as const;

/** Areas behind sign-in, and the API, are of no use to a search engine. */
const DISALLOWED = ['/api/', '/admin', '/account', '/client/', '/login', '/register', '/reset-password', '/booking/'];

export const seoRoutes = (deps: AppDeps) => {
  const origin = new URL(deps.config.APP_URL).origin;
  const robots = [
    'User-agent: *',
    'Allow: /',
    ...DISALLOWED.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
  const sitemap = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...MARKETING_PATHS.map((path) => `  <url><loc>${origin}${path}</loc><changefreq>monthly</changefreq></url>`),
    '</urlset>',
    '',
  ].join('\n');
  const cache = 'public, max-age=3600';
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
      () =>
        new Response(sitemap, {
          headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': cache },
        }),
      {
        detail: {
          tags: ['System'],
          summary: 'Sitemap of the marketing pages',
          responses: { 200: { description: 'Sitemap' } },
        },
      },
    );
};
