import { connect, type DatabaseHandle } from '@app/db';
import * as schema from '@app/db/schema';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail, waitForEmail } from './email-helpers';
import { COMPANY_EMAIL, screenshot, useBrowserSuite, viewports } from './harness';
import { gotoApp, seriousAxeViolations } from './marketing-helpers';

// Issue 26, item 23: the unfinished parts of the site. The profiles are only shown as links, never opened.
const SOCIAL_LINKS = 'https://www.linkedin.com/company/lucid-insight,https://github.com/lucid-insight';
const suite = useBrowserSuite({ env: { SOCIAL_LINKS } });

let database: DatabaseHandle;
beforeAll(() => {
  database = connect(suite.product.databaseUrl, { max: 2, applicationName: 'e2e-site-finish' });
});
afterAll(async () => {
  await database?.close().catch(() => {});
});

/** axe-core is injected as an inline script, which the site's policy rightly refuses. */
const axePage = (viewport: { width: number; height: number }) => suite.newPage({ viewport, bypassCSP: true });

/** Records every layout shift whose moved nodes are inside the site header, from the first paint on. */
async function watchHeaderShifts(page: Page) {
  await page.addInitScript(() => {
    // biome-ignore lint/suspicious/noExplicitAny: a test probe
    const w = window as any;
    w.__headerShifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as {
        value: number;
        sources?: { node?: Node | null }[];
      }[]) {
        const inHeader = (entry.sources ?? []).filter((source) => {
          const node = source.node;
          const element = node instanceof Element ? node : node?.parentElement;
          return Boolean(element?.closest('header'));
        });
        if (inHeader.length)
          w.__headerShifts.push({
            value: entry.value,
            nodes: inHeader.map((s) => (s.node instanceof Element ? s.node.outerHTML.slice(0, 120) : String(s.node))),
          });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return () => page.evaluate(() => (window as unknown as { __headerShifts: unknown[] }).__headerShifts);
}

describe('the header holds still (issue 26)', () => {
  for (const viewport of Object.values(viewports))
    for (const path of ['/', '/contact', '/case-studies'])
      it(`does not move after the first paint of ${path} at ${viewport.width} px`, async () => {
        const page = await suite.newPage({ viewport });
        const shifts = await watchHeaderShifts(page);
        await gotoApp(page, path);
        // The account area settles once the visitor is known to be signed out.
        if (viewport.width >= 768) await page.getByTestId('header-login-link').waitFor();
        await page.evaluate(() => document.fonts.ready);
        await page.waitForTimeout(500);
        expect(await shifts()).toEqual([]);
      });
});

describe('the header with Case Studies fits every width', () => {
  for (const width of [768, 900, 1024, 1279, 1280])
    it(`keeps the Login button inside the window at ${width} px`, async () => {
      const page = await suite.newPage({ viewport: { width, height: 800 } });
      await gotoApp(page, '/contact');
      const login = page.getByTestId('header-login-link');
      await login.waitFor();
      const box = await login.boundingBox();
      expect(box && box.x + box.width).toBeLessThanOrEqual(width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      const caseStudies = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Case Studies' });
      // From 1280 px the bar has room for it; below, the footer carries it.
      expect(await caseStudies.isVisible()).toBe(width >= 1280);
      if (width === 768) await screenshot(page, 'header-768');
    });
});

describe("the footer's social icons come from SOCIAL_LINKS", () => {
  it('shows one icon per configured profile, to that profile, and none for a network that is not configured', async () => {
    const page = await suite.newPage();
    await page.goto('/');
    // The footer's code (which reads the configured profiles) comes as the visitor scrolls to it (issue 30).
    await page.getByTestId('site-footer').scrollIntoViewIfNeeded();
    const list = page.getByTestId('site-footer').getByRole('list', { name: 'Social media' });
    await list.waitFor();
    const links = list.getByRole('link');
    expect(await links.count()).toBe(2);
    expect(
      await links.evaluateAll((all) => all.map((a) => [a.getAttribute('aria-label'), a.getAttribute('href')])),
    ).toEqual([
      ['Lucid Insight on LinkedIn', 'https://www.linkedin.com/company/lucid-insight'],
      ['Lucid Insight on GitHub', 'https://github.com/lucid-insight'],
    ]);
    for (const link of await links.all()) {
      expect(await link.getAttribute('target')).toBe('_blank');
      expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    }
  });
});

describe('case studies are part of the site', () => {
  for (const viewport of Object.values(viewports))
    it(`are linked from the header and the footer, and a case study ends with a way on, at ${viewport.width} px`, async () => {
      const slug = `finish-${viewport.width}-${crypto.randomUUID().slice(0, 8)}`;
      await database.db.insert(schema.caseStudies).values({
        slug,
        title: `Attendance at a glance ${viewport.width}`,
        client: 'Northside School',
        problem: 'Attendance lived in three spreadsheets.',
        outcome: 'One dashboard, read every morning.',
        body: '## How we did it\n\nWe joined the three sheets.',
        isPublished: true,
        publishedAt: new Date(),
      });
      const page = await axePage(viewport);
      await gotoApp(page, '/');
      const footer = page.getByTestId('site-footer');
      expect(await footer.getByRole('link', { name: 'Case Studies', exact: true }).getAttribute('href')).toBe(
        '/case-studies',
      );
      if (viewport.width < 768) {
        await page.getByTestId('mobile-menu-toggle').click();
        await page.locator('#mobile-menu').getByRole('link', { name: 'Case Studies' }).click();
      } else await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Case Studies' }).click();
      await page.waitForURL('**/case-studies');
      await page
        .getByRole('link', { name: new RegExp(`Attendance at a glance ${viewport.width}`) })
        .first()
        .click();
      await page.waitForURL(`**/case-studies/${slug}`);
      const cta = page.getByTestId('case-study-cta');
      await cta.waitFor();
      expect(await cta.getByRole('heading', { name: 'Want a dashboard like this?' }).isVisible()).toBe(true);
      expect(await cta.getByRole('link', { name: 'Book a free consultation' }).getAttribute('href')).toBe(
        '/book-consultation',
      );
      expect(await cta.getByRole('link', { name: 'Contact us' }).getAttribute('href')).toBe('/contact');
      // The server's own HTML of the page (what a crawler reads) ends the same way.
      const served = await (await page.request.get(`/case-studies/${slug}`)).text();
      expect(served).toContain('<a href="/book-consultation">Book a free consultation</a>');
      expect(await seriousAxeViolations(page)).toEqual([]);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      ).toBe(0);
      await cta.scrollIntoViewIfNeeded();
      await screenshot(page, `case-study-cta-${viewport.width}`);
      await gotoApp(page, '/');
      await screenshot(page, `header-footer-case-studies-${viewport.width}`);
    });
});

describe("the e-mails' logo", () => {
  it('is a PNG the app serves at an absolute APP_URL address, beside the company name', async () => {
    const email = uniqueEmail('logo');
    const page = await suite.newPage();
    const response = await page.request.post('/api/contact', {
      data: { name: 'Logo Reader', email, subject: 'Logo', message: 'Does the logo show in my mail reader?' },
      headers: { origin: suite.baseUrl },
    });
    expect(response.status()).toBe(201);
    const message = await waitForEmail(suite.smtp, email, /received your message/i);
    const logo = /<img src="([^"]+)" width="32" height="32" alt /.exec(message.html)?.[1];
    expect(logo).toBe(`${suite.baseUrl}/email/logo-mark.png`);
    const served = await page.request.get(logo!);
    expect(served.status()).toBe(200);
    expect(served.headers()['content-type']).toBe('image/png');
    expect((await served.body()).subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(message.html).not.toContain('&#9679;');
    // The company's own notification carries it too.
    const notification = await waitForEmail(suite.smtp, COMPANY_EMAIL, /New contact message: Logo/);
    expect(notification.html).toContain(`${suite.baseUrl}/email/logo-mark.png`);
  });
});
