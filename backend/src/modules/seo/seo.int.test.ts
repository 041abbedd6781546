import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../testing/app';

const t = useTestApp({ env: { APP_URL: 'https://www.lucid-insight.example' } });

describe('found by search engines (D25)', () => {
  it('serves robots.txt that keeps crawlers out of private areas and points at the sitemap', async () => {
    const response = await t.get('/robots.txt');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    const text = await response.text();
    for (const path of ['/api/', '/admin', '/account', '/client/']) expect(text).toContain(`Disallow: ${path}`);
    expect(text).toContain('Sitemap: https://www.lucid-insight.example/sitemap.xml');
  });

  it("lets crawlers reach the client portal's sign-in page and its 'Access Required' page, not the dashboards (ADR 013)", async () => {
    const lines = (await (await t.get('/robots.txt')).text()).split('\n');
    // `$` ends the path: /client/dashboard itself, not /client/dashboard/5.
    expect(lines).toContain('Allow: /client/login');
    expect(lines).toContain('Allow: /client/dashboard$');
    // Before the broader rule, for crawlers that take the first match rather than the longest.
    expect(lines.indexOf('Allow: /client/login')).toBeLessThan(lines.indexOf('Disallow: /client/'));
    expect(lines.indexOf('Allow: /client/dashboard$')).toBeLessThan(lines.indexOf('Disallow: /client/'));
  });

  it('serves a sitemap of the six marketing pages and the site content pages with absolute addresses', async () => {
    const response = await t.get('/sitemap.xml');
    expect(response.headers.get('content-type')).toContain('application/xml');
    const locs = [...(await response.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(
      [
        ...['/', '/why-us', '/our-values', '/dashboards', '/contact', '/book-consultation'],
        ...['/case-studies', '/privacy', '/terms', '/cookies'],
      ].map((path) => `https://www.lucid-insight.example${path}`),
    );
  });
});
