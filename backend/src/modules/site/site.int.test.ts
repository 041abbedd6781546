import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useAdminTestApp } from '../../../testing/admin';
import { createApp } from '../../app';

const { t, as, admin, client } = useAdminTestApp();

const SHELL =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8"><title>Lucid Insight | Shell</title><meta name="description" content="shell"></head><body><div id="root"></div><script type="module" src="/assets/index.js"></script></body></html>';

/** The app as the server runs it: serving the SPA (a shell written here) beside the API. */
const site = () => {
  const dir = mkdtempSync(join(tmpdir(), 'site-'));
  writeFileSync(join(dir, 'spa-shell.html'), SHELL);
  writeFileSync(join(dir, 'index.html'), SHELL);
  const app = createApp({ ...t.deps, config: { ...t.deps.config, STATIC_DIR: dir } });
  return (path: string) => app.handle(new Request(`http://localhost${path}`));
};

let counter = 0;
const study = (overrides: Record<string, unknown> = {}) => ({
  title: 'Sales pipeline for Acme',
  slug: `acme-sales-${++counter}`,
  client: 'Acme Corp',
  problem: 'Sales could not see their pipeline.',
  pictureUrl: '/images/dashboards/sales.svg',
  outcome: 'Forecasts within 5% every quarter.',
  quote: 'We finally trust our numbers.',
  quoteAuthor: 'Jane Roe',
  quoteRole: 'Head of Sales',
  body: '## What we built\n\nA **Power BI** model.',
  description: 'How Acme came to trust its sales forecast.',
  isPublished: true,
  position: 0,
  ...overrides,
});

const create = async (overrides: Record<string, unknown> = {}) => {
  const response = await as(admin).send('POST', '/api/admin/case-studies', study(overrides));
  expect(response.status, await response.clone().text()).toBe(201);
  return response.json() as Promise<{ id: number; slug: string; title: string }>;
};

const HOSTILE_BODY = [
  'Intro paragraph.',
  '<script>alert("script")</script>',
  '[click me](javascript:alert(1))',
  '<a href="JAVASCRIPT:alert(1)">upper</a>',
  '<img src="https://example.com/x.png" onerror="alert(1)">',
  '<iframe src="https://evil.example/"></iframe>',
  '<svg><script>alert(1)</script></svg>',
  '[data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '</script><script>alert("breakout")</script>',
  'Closing paragraph.',
].join('\n\n');

describe('case studies in the admin screen', () => {
  it('creates, lists, edits, unpublishes and deletes a case study, each audited', async () => {
    const made = await create({ isPublished: false });
    const list = await (await as(admin).get('/api/admin/case-studies')).json();
    expect(list.map((s: { id: number }) => s.id)).toContain(made.id);
    const put = await as(admin).send(
      'PUT',
      `/api/admin/case-studies/${made.id}`,
      study({ slug: made.slug, isPublished: true, title: 'Renamed' }),
    );
    expect(put.status).toBe(200);
    expect(await put.json()).toMatchObject({ title: 'Renamed', isPublished: true, publishedAt: expect.any(String) });
    const off = await as(admin).send(
      'PUT',
      `/api/admin/case-studies/${made.id}`,
      study({ slug: made.slug, isPublished: false }),
    );
    expect((await off.json()).isPublished).toBe(false);
    expect((await as(admin).send('DELETE', `/api/admin/case-studies/${made.id}`)).status).toBe(204);
    expect((await as(admin).send('DELETE', `/api/admin/case-studies/${made.id}`)).status).toBe(404);
    const actions = (await (await as(admin).get('/api/admin/audit')).json())
      .filter(
        (e: { targetType: string; targetId: string }) =>
          e.targetType === 'case_study' && e.targetId === String(made.id),
      )
      .map((e: { action: string }) => e.action);
    expect(actions).toEqual(['case_study.delete', 'case_study.unpublish', 'case_study.publish', 'case_study.create']);
  });

  it('refuses a slug already taken (whatever its case), also when two admins save at once', async () => {
    const slug = `taken-${++counter}`;
    const results = await Promise.all(
      [0, 1, 2].map(() => as(admin).send('POST', '/api/admin/case-studies', study({ slug }))),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    expect((await as(admin).send('POST', '/api/admin/case-studies', study({ slug: slug.toUpperCase() }))).status).toBe(
      422,
    );
  });

  it('refuses slugs that are not url-safe, pictures that are not https or a site path, and hostile text', async () => {
    for (const slug of ['Has Spaces', 'a/b', '../etc', 'ends-', 'a--b', 'é', 'a\u0000b', '']) {
      const response = await as(admin).send('POST', '/api/admin/case-studies', study({ slug }));
      expect(response.status, slug).toBe(422);
    }
    for (const pictureUrl of [
      'http://example.com/x.png',
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      '//evil.example/x.png',
    ])
      expect((await as(admin).send('POST', '/api/admin/case-studies', study({ pictureUrl }))).status, pictureUrl).toBe(
        422,
      );
    const lone = await as(admin).send(
      'POST',
      '/api/admin/case-studies',
      `{"title":"Lone \\ud800 surrogate","slug":"lone-${++counter}","client":"x"}`,
    );
    expect(lone.status).toBe(422);
    const huge = await as(admin).send('POST', '/api/admin/case-studies', study({ body: 'x'.repeat(1024 * 1024) }));
    expect([413, 422]).toContain(huge.status);
    const long = await as(admin).send('POST', '/api/admin/case-studies', study({ body: 'x'.repeat(100_001) }));
    expect(long.status).toBe(422);
    expect((await long.json()).issues[0].path).toBe('body');
  });

  it('is for admins only: 401 anonymous, 403 for a client', async () => {
    expect((await as(null).get('/api/admin/case-studies')).status).toBe(401);
    expect((await as(client).get('/api/admin/case-studies')).status).toBe(403);
    expect((await as(client).send('POST', '/api/admin/case-studies', study())).status).toBe(403);
    expect((await as(client).send('PUT', '/api/admin/site-pages/privacy', { markdown: 'x' })).status).toBe(403);
  });
});

describe("a published case study's page (served with its head tags, ADR 037)", () => {
  it('is served with its title, description, Open Graph picture and JSON-LD, for a crawler that runs no script', async () => {
    const made = await create({ title: 'Acme </script><b>x</b>', body: HOSTILE_BODY });
    const response = await site()(`/case-studies/${made.slug}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    const html = await response.text();
    expect(html).toContain('<title>Acme &lt;/script&gt;&lt;b&gt;x&lt;/b&gt; | Lucid Insight</title>');
    expect(html).toContain('<meta name="description" content="How Acme came to trust its sales forecast.">');
    expect(html).toContain('<meta property="og:image" content="http://localhost:3000/images/dashboards/sales.svg">');
    expect(html).toContain(`<link rel="canonical" href="http://localhost:3000/case-studies/${made.slug}">`);
    expect(html).toContain('<meta property="og:type" content="article">');
    expect(html).not.toContain('Lucid Insight | Shell');
    const ld = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1];
    expect(ld).toBeDefined();
    // The title's </script> is written escaped: the JSON-LD element is not ended by it.
    expect(ld).not.toContain('</');
    expect(JSON.parse(ld!)).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Article',
      headline: 'Acme </script><b>x</b>',
      image: 'http://localhost:3000/images/dashboards/sales.svg',
      review: {
        '@type': 'Review',
        reviewBody: 'We finally trust our numbers.',
        author: { name: 'Jane Roe', jobTitle: 'Head of Sales' },
      },
    });
    // The content, for crawlers: and no script of the Markdown got through.
    const root = /<div id="root">([\s\S]*)<\/div><script type="module"/.exec(html)?.[1] ?? '';
    expect(root).toContain('<h1>Acme &lt;/script&gt;&lt;b&gt;x&lt;/b&gt;</h1>');
    expect(root).toContain('Intro paragraph.');
    expect(root).toContain('Closing paragraph.');
    expect(root).toContain('We finally trust our numbers.');
    for (const bad of ['<script', 'javascript:', 'onerror', '<iframe', '<svg', 'data:', '<b>'])
      expect(root.toLowerCase()).not.toContain(bad);
    // The only scripts of the page: the shell's own and the JSON-LD.
    expect(html.match(/<script/g)).toHaveLength(2);
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("script-src 'self'");
  });

  it('its API answer carries the sanitized body', async () => {
    const made = await create({ body: HOSTILE_BODY });
    const body = await (await t.get(`/api/case-studies/${made.slug}`)).json();
    expect(body.bodyHtml).toContain('Intro paragraph.');
    for (const bad of ['<script', 'javascript:', 'onerror', '<iframe', '<svg', 'data:'])
      expect(body.bodyHtml.toLowerCase()).not.toContain(bad);
    expect(body).not.toHaveProperty('body');
  });

  it('answers 404 for an unpublished or unknown slug, and for one that is no slug', async () => {
    const hidden = await create({ isPublished: false });
    const get = site();
    for (const path of [
      `/case-studies/${hidden.slug}`,
      '/case-studies/no-such-study',
      '/case-studies/%00',
      '/case-studies/a%2Fb',
      '/case-studies/%ED%A0%80',
    ])
      expect((await get(path)).status, path).toBe(404);
    expect((await t.get(`/api/case-studies/${hidden.slug}`)).status).toBe(404);
    expect((await t.get('/api/case-studies/no-such-study')).status).toBe(404);
    // Hostile slugs in the API's path: a 404 too, never a 500.
    for (const slug of ['%00', 'a%00b', '%ED%A0%80', '%F0%9F%98%80', 'x'.repeat(300), 'a%2Fb', '..%2F..'])
      expect((await t.get(`/api/case-studies/${slug}`)).status, slug).toBe(404);
  });

  it('is listed at /case-studies, in the sitemap and in the public list, in the order set; unpublished ones are not', async () => {
    const second = await create({ title: 'Second', position: 2 });
    const first = await create({ title: 'First', position: 1 });
    const hidden = await create({ title: 'Hidden draft', isPublished: false });
    const listHtml = await (await site()('/case-studies')).text();
    expect(listHtml).toContain(`<a href="/case-studies/${first.slug}">First</a>`);
    expect(listHtml.indexOf(first.slug)).toBeLessThan(listHtml.indexOf(second.slug));
    expect(listHtml).not.toContain(hidden.slug);
    const sitemap = await (await t.get('/sitemap.xml')).text();
    expect(sitemap).toContain(`<loc>http://localhost:3000/case-studies/${first.slug}</loc>`);
    expect(sitemap).toContain('<loc>http://localhost:3000/case-studies</loc>');
    expect(sitemap).not.toContain(hidden.slug);
    const list = await (await t.get('/api/case-studies')).json();
    const slugs = list.map((s: { slug: string }) => s.slug);
    expect(slugs.indexOf(first.slug)).toBeLessThan(slugs.indexOf(second.slug));
    expect(slugs).not.toContain(hidden.slug);
  });
});

describe('the legal pages', () => {
  it('show a default text that says what is stored, for how long, how to ask for deletion, and which cookies exist', async () => {
    const get = site();
    const privacy = await (await get('/privacy')).text();
    expect(privacy).toContain('<title>Privacy Policy | Lucid Insight</title>');
    expect(privacy).toContain('<link rel="canonical" href="http://localhost:3000/privacy">');
    for (const fact of [
      'IP) address',
      'line of work',
      'password hash',
      'until you ask us to delete it',
      'hello@lucid-insight.test',
    ])
      expect(privacy).toContain(fact);
    const cookies = await (await get('/cookies')).text();
    for (const fact of ['<code>session</code>', '<code>signed_in</code>', 'theme', 'no tracking'])
      expect(cookies).toContain(fact);
    expect((await get('/terms')).status).toBe(200);
    const sitemap = await (await t.get('/sitemap.xml')).text();
    for (const path of ['/privacy', '/terms', '/cookies']) expect(sitemap).toContain(`http://localhost:3000${path}<`);
  });

  it("shows an admin's edit (sanitized), and an empty text puts the default back", async () => {
    const put = await as(admin).send('PUT', '/api/admin/site-pages/terms', {
      markdown: '## Our own terms\n\n<script>alert(1)</script>Be kind.',
    });
    expect(put.status).toBe(200);
    expect(await put.json()).toMatchObject({ key: 'terms', isDefault: false });
    const html = await (await site()('/terms')).text();
    expect(html).toContain('<h2>Our own terms</h2>');
    expect(html).toContain('Be kind.');
    expect(html).not.toContain('alert(1)');
    const api = await (await t.get('/api/site-pages/terms')).json();
    expect(api.html).toContain('Our own terms');
    await as(admin).send('PUT', '/api/admin/site-pages/terms', { markdown: '  ' });
    expect(await (await t.get('/api/site-pages/terms')).json()).toMatchObject({ isDefault: true });
    expect((await t.get('/api/site-pages/nothing')).status).toBe(404);
    expect((await as(admin).send('PUT', '/api/admin/site-pages/terms', { markdown: 'x'.repeat(100_001) })).status).toBe(
      422,
    );
  });
});
