import { connect, type DatabaseHandle } from '@app/db';
import { seed } from '@app/db/seed';
import { sampleDashboards } from '@app/db/seed-data';
import { createUser } from '@app/db/testing';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../backend/src/modules/auth/auth.service';
import { forEachThemeAndViewport, screenshot, useBrowserSuite, viewports } from './harness';
import { gotoApp, horizontalOverflow, prerenderedPages, seriousAxeViolations, settleImages } from './marketing-helpers';

const suite = useBrowserSuite();
let database: DatabaseHandle;

beforeAll(async () => {
  database = connect(suite.product.databaseUrl, { max: 2, applicationName: 'e2e-marketing' });
});

afterAll(async () => {
  await database?.close().catch(() => {});
});

/**
 * The five samples of the seed, public. The API keeps the public list in memory for a second (decision 015): the list
 * is read until the samples show.
 */
async function seedSamples(): Promise<void> {
  await seed(database.db);
  await expect.poll(async () => (await publicDashboards()).length, { timeout: 10_000 }).toBeGreaterThanOrEqual(5);
}

/** Display names of spec section 3 for the seeded samples, in id order. */
const DISPLAY_NAMES = [
  'Enrollment',
  'Research',
  'Operations',
  'Pre Program Survey Results',
  'Post Program Survey Results',
];

async function publicDashboards(): Promise<{ id: number; name: string; type: string }[]> {
  const response = await fetch(`${suite.baseUrl}/api/dashboards/public`);
  return (await response.json()) as { id: number; name: string; type: string }[];
}

/** A hydration mismatch or any other console error, collected per page. */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
      errors.push(message.text());
  });
  return errors;
}

const href = async (page: Page, name: string, scope = page.locator('body')) =>
  scope.getByRole('link', { name, exact: true }).first().getAttribute('href');

describe('prerendered marketing pages (D25)', () => {
  it('serve their heading, title, description, Open Graph tags and canonical link before any script runs', async () => {
    for (const { path, h1, title } of prerenderedPages) {
      const response = await fetch(`${suite.baseUrl}${path}`);
      expect(response.status, path).toBe(200);
      const html = await response.text();
      const root = html.slice(html.indexOf('<div id="root">'));
      expect(root, path).toMatch(new RegExp(`<h1[^>]*>${h1.replace(/[|]/g, '\\$&')}</h1>`));
      expect(html, path).toContain(`<title>${title.replace(/&/g, '&amp;')}</title>`);
      expect(html.match(/<title>/g), path).toHaveLength(1);
      expect(html, path).toMatch(/<meta name="description" content="[^"]{50,}">/);
      expect(html, path).toContain(`<meta property="og:title" content="${title}">`);
      expect(html, path).toMatch(/<meta property="og:description" content="[^"]{50,}">/);
      expect(html, path).toContain('<meta property="og:type" content="website">');
      // Absolute on the app's public address (APP_URL), which a link preview needs without running a script (D31).
      expect(html, path).toContain(`<meta property="og:image" content="${suite.baseUrl}/og-image.png">`);
      expect(html, path).toContain(`<meta property="og:url" content="${suite.baseUrl}${path}">`);
      expect(html, path).toContain(`<link rel="canonical" href="${suite.baseUrl}${path}">`);
      // The header and the footer are there too.
      expect(root, path).toContain('data-testid="site-header"');
      expect(root, path).toContain('Privacy');
    }
    const image = await fetch(`${suite.baseUrl}/og-image.png`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toContain('image/png');
    await image.arrayBuffer();
  });

  it('shows the prerendered text with scripts blocked, and hydrates without an error or a layout shift', async () => {
    const context = await suite.newContext();
    const noScript = await context.newPage();
    await noScript.route('**/assets/*.js', (route) => route.abort());
    await noScript.goto('/why-us', { waitUntil: 'domcontentloaded' });
    expect(await noScript.getByRole('heading', { level: 1, name: 'Why Choose Lucid Insight' }).isVisible()).toBe(true);
    expect(await noScript.getByRole('heading', { name: 'Accelerate Decisions' }).isVisible()).toBe(true);

    for (const { path, h1 } of prerenderedPages) {
      const page = await context.newPage();
      // What hydration does, not what the data does later: the sample dashboards stay loading (the skeleton).
      await page.route('**/api/dashboards/public', () => {});
      const errors = consoleErrors(page);
      await page.addInitScript(() => {
        // biome-ignore lint/suspicious/noExplicitAny: a test probe
        const w = window as any;
        w.__shift = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) w.__shift += (entry as unknown as { value: number }).value;
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await gotoApp(page, path);
      const heading = page.getByRole('heading', { level: 1, name: h1 });
      // The prerendered node is the one React took over: the same element, not a re-render.
      await heading.evaluate((el) => el.setAttribute('data-probe', 'kept'));
      await page.waitForTimeout(300);
      expect(await heading.getAttribute('data-probe'), path).toBe('kept');
      expect(errors, path).toEqual([]);
      expect(await page.evaluate(() => (window as unknown as { __shift: number }).__shift), path).toBeLessThan(0.05);
      await page.close();
    }
  });

  it('keeps another path from flashing the home page: /login renders its own page', async () => {
    const page = await suite.newPage();
    await page.goto('/login');
    await page.getByRole('heading', { level: 1, name: 'Sign In' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Unlock the Hidden Potential in Your Data' }).count()).toBe(0);
    expect(await page.title()).toBe('Sign In | Lucid Insight');
    // A client-side navigation still sets each page's title.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Our Values' }).click();
    await page.getByRole('heading', { level: 1, name: 'Our Core Values' }).waitFor();
    await expect.poll(() => page.title()).toBe('Our Core Values | Lucid Insight');
  });

  it('has robots.txt and sitemap.xml with absolute URLs', async () => {
    const robots = await (await fetch(`${suite.baseUrl}/robots.txt`)).text();
    expect(robots).toContain(`Sitemap: ${suite.baseUrl}/sitemap.xml`);
    for (const path of ['/api/', '/admin', '/account', '/client/']) expect(robots).toContain(`Disallow: ${path}`);
    const sitemap = await (await fetch(`${suite.baseUrl}/sitemap.xml`)).text();
    for (const path of ['/', '/why-us', '/our-values', '/dashboards', '/contact', '/book-consultation'])
      expect(sitemap).toContain(`<loc>${suite.baseUrl}${path}</loc>`);
  });
});

describe('header and footer', () => {
  it('header: logo, nav links and the logged-out buttons; it shrinks after 100 px of scrolling', async () => {
    const page = await suite.newPage();
    await gotoApp(page, '/why-us');
    const header = page.getByTestId('site-header');
    expect(await href(page, 'Lucid Insight home', header)).toBe('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const [label, path] of [
      ['Why Us', '/why-us'],
      ['Our Values', '/our-values'],
      ['Dashboards', '/dashboards'],
      ['Case Studies', '/case-studies'],
      ['Contact', '/contact'],
    ] as const)
      expect(await href(page, label, nav)).toBe(path);
    await header.getByRole('link', { name: 'Login' }).waitFor();
    expect(await href(page, 'Login', header)).toBe('/login');
    expect(await href(page, 'Book Consultation', header)).toBe('/book-consultation');

    const height = () => header.evaluate((el) => el.getBoundingClientRect().height);
    const tall = await height();
    expect(await header.getAttribute('data-compact')).toBe('false');
    await page.evaluate(() => window.scrollTo(0, 90));
    await page.waitForTimeout(100);
    expect(await header.getAttribute('data-compact')).toBe('false');
    await page.evaluate(() => window.scrollTo(0, 150));
    await expect.poll(() => header.getAttribute('data-compact')).toBe('true');
    await expect.poll(height).toBeLessThan(tall);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(() => header.getAttribute('data-compact')).toBe('false');
  });

  it('footer: blurb, no social icon unless configured, services, company links, the current year and Privacy / Terms / Cookies', async () => {
    const page = await suite.newPage();
    await page.goto('/');
    const footer = page.getByTestId('site-footer');
    expect(await footer.getByText('We build custom PowerBI and Looker Studio dashboards').isVisible()).toBe(true);
    // SOCIAL_LINKS is unset here: no icon leads to a network's home page (issue 26).
    await page.getByTestId('copyright').waitFor();
    expect(await footer.getByRole('list', { name: 'Social media' }).count()).toBe(0);
    for (const service of ['PowerBI Dashboards', 'Looker Studio Reports', 'Data Strategy Consulting'])
      expect(await footer.getByText(service).isVisible()).toBe(true);
    expect(await href(page, 'About Us', footer)).toBe('/#why-us');
    expect(await href(page, 'Our Values', footer)).toBe('/#values');
    expect(await href(page, 'Contact', footer)).toBe('/contact');
    expect(await href(page, 'Case Studies', footer)).toBe('/case-studies');
    expect(await footer.getByTestId('copyright').textContent()).toContain(
      `© ${new Date().getFullYear()} Lucid Insight`,
    );
    for (const label of ['Privacy', 'Terms', 'Cookies'])
      expect(await footer.getByRole('link', { name: label }).count()).toBe(1);
    // The home page has the anchors the company links point at.
    expect(await page.locator('#why-us').count()).toBe(1);
    expect(await page.locator('#values').count()).toBe(1);
  });

  it('mobile menu at 375 px: works by keyboard, with the five links, Client Login and Book Consultation', async () => {
    const page = await suite.newPage({ viewport: viewports.mobile });
    await gotoApp(page, '/our-values');
    const toggle = page.getByTestId('mobile-menu-toggle');
    await toggle.focus();
    await page.keyboard.press('Enter');
    const menu = page.locator('#mobile-menu');
    await menu.waitFor({ state: 'visible' });
    const labels = await menu.getByRole('link').allTextContents();
    expect(labels.map((l) => l.trim())).toEqual([
      'Why Us',
      'Our Values',
      'Dashboards',
      'Case Studies',
      'Contact',
      'Client Login',
      'Book Consultation',
    ]);
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => document.activeElement?.textContent?.trim());
    expect(focused).toBe('Why Us');
    // The focus ring shows (D26).
    const outline = await page.evaluate(() => getComputedStyle(document.activeElement as Element).outlineStyle);
    expect(outline).not.toBe('none');
  });
});

describe('home', () => {
  it('hero, carousel of the five dashboards, Ready to Transform Your Data? and Already a Client?', async () => {
    const page = await suite.newPage();
    const errors = consoleErrors(page);
    await gotoApp(page, '/');
    const hero = page.locator('section', { has: page.getByRole('heading', { level: 1 }) });
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
      'Unlock the Hidden Potential in Your Data',
    );
    expect(await href(page, 'See Sample Dashboards', hero)).toBe('/dashboards');
    expect(await href(page, 'Book Free Consultation', hero)).toBe('/book-consultation');

    const carousel = page.getByRole('region', { name: 'Sample dashboard previews' });
    expect(await carousel.getAttribute('aria-roledescription')).toBe('carousel');
    expect(await carousel.locator('img').count()).toBe(5);
    expect(await carousel.getByRole('link').first().getAttribute('href')).toBe('/dashboards');
    // The browser asks for reduced motion (harness default): the carousel stays still.
    expect(await carousel.getAttribute('data-paused')).toBe('true');
    const dots = carousel.getByRole('list', { name: 'Choose a dashboard preview' }).getByRole('button');
    expect(await dots.count()).toBe(5);
    await dots.nth(2).click();
    expect(await carousel.getAttribute('data-index')).toBe('2');
    expect(await carousel.getByTestId('carousel-link').textContent()).toMatch(/^OperationsPowerBI/);
    await dots.nth(0).click();
    expect(await carousel.getByTestId('carousel-link').textContent()).toMatch(/^EducationLooker/);
    // Every preview picture loads.
    for (const src of await carousel.locator('img').evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).src)))
      expect((await fetch(src)).headers.get('content-type'), src).toContain('image/svg+xml');

    const cta = page.locator('section', { has: page.getByRole('heading', { name: 'Ready to Transform Your Data?' }) });
    expect(await href(page, 'See Sample Dashboards', cta)).toBe('/dashboards');
    expect(await href(page, 'Book Free Consultation', cta)).toBe('/book-consultation');
    expect(await page.getByRole('heading', { name: 'Already a Client?' }).isVisible()).toBe(true);
    expect(await page.getByTestId('cta-client-link').textContent()).toContain('Client Login');
    expect(await page.getByTestId('cta-client-link').getAttribute('href')).toBe('/client/login');
    expect(errors).toEqual([]);
  });

  it('moves on by itself for visitors who allow motion', async () => {
    const page = await suite.newPage({ reducedMotion: 'no-preference' });
    await page.clock.install();
    await gotoApp(page, '/');
    const carousel = page.getByTestId('dashboard-carousel');
    await expect.poll(() => carousel.getAttribute('data-paused')).toBe('false');
    expect(await carousel.getAttribute('data-index')).toBe('0');
    await page.mouse.move(1, 700);
    await page.clock.runFor(10_000);
    await expect.poll(() => carousel.getAttribute('data-index')).toBe('1');
    const fade = await carousel
      .locator('img[data-active="true"]')
      .evaluate((img) => getComputedStyle(img).transitionDuration);
    expect(fade).toBe('0.8s');
  });
});

describe('Why Us and Our Values', () => {
  it('/why-us: the approach, four cards, a link to /our-values and the call to action', async () => {
    const page = await suite.newPage();
    await page.goto('/why-us');
    expect(await page.getByRole('heading', { name: 'Our Approach' }).isVisible()).toBe(true);
    for (const card of ['Illuminate Insights', 'Drive Growth', 'Empower Teams', 'Accelerate Decisions'])
      expect(await page.getByRole('heading', { level: 3, name: card }).isVisible(), card).toBe(true);
    expect(await href(page, 'Explore Our Values')).toBe('/our-values');
    expect(await page.getByRole('heading', { name: 'Ready to Transform Your Data?' }).isVisible()).toBe(true);
    expect(await href(page, 'Book Free Consultation', page.locator('main'))).toBe('/book-consultation');
  });

  it('/our-values: four values, Putting Values Into Action with three items, and the call to action', async () => {
    const page = await suite.newPage();
    await page.goto('/our-values');
    for (const value of ['Vision', 'Transparency', 'Empowerment', 'Trust'])
      expect(await page.getByRole('heading', { level: 2, name: value, exact: true }).isVisible(), value).toBe(true);
    expect(await page.getByRole('heading', { level: 2, name: 'Putting Values Into Action' }).isVisible()).toBe(true);
    for (const item of ['Human-Centered Design', 'Plain Language', 'Actionable Insights'])
      expect(await page.getByRole('heading', { level: 3, name: item }).isVisible(), item).toBe(true);
    expect(await page.getByRole('heading', { name: 'Ready to Transform Your Data?' }).isVisible()).toBe(true);
  });
});

describe('sample dashboards', () => {
  it('says so when there is no public dashboard, after a skeleton while loading', async () => {
    const page = await suite.newPage();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/dashboards/public', async (route) => {
      await held;
      await route.continue();
    });
    await gotoApp(page, '/dashboards');
    await page.getByTestId('dashboards-skeleton').waitFor();
    release();
    await page.getByText('No public dashboards available at this time.').waitFor();
    expect(await page.getByTestId('dashboards-skeleton').count()).toBe(0);
  });

  it('shows a tab per public dashboard by display name, with picture, type, description and Learn more', async () => {
    await seedSamples();
    const page = await suite.newPage();
    await page.goto('/dashboards');
    const tabs = page.getByRole('tablist', { name: 'Sample dashboards' }).getByRole('tab');
    await tabs.first().waitFor();
    expect((await tabs.allTextContents()).map((t) => t.trim())).toEqual(DISPLAY_NAMES);
    expect(await tabs.first().getAttribute('aria-selected')).toBe('true');

    const panel = page.getByRole('tabpanel');
    expect(await panel.getByRole('heading', { level: 2 }).textContent()).toBe('Enrollment');
    expect(await panel.getByTestId('dashboard-type').textContent()).toBe('Looker');
    expect(await panel.getByRole('img').getAttribute('src')).toBe('/images/dashboards/enrollment.svg');
    // Visibly 'Learn more' (spec section 2); its accessible name also says which dashboard it is about.
    const learnMore = panel.getByRole('link', { name: 'Learn more about the Enrollment dashboard', exact: true });
    expect(await learnMore.getAttribute('href')).toBe('/book-consultation');
    const visibleText = (a: HTMLElement) =>
      [...a.childNodes]
        .filter((node) => node.nodeType === Node.TEXT_NODE)
        .map((node) => node.textContent)
        .join('')
        .trim();
    expect(await learnMore.evaluate(visibleText)).toBe('Learn more');
    expect((await learnMore.locator('.sr-only').boundingBox())?.width).toBeLessThanOrEqual(1);

    await tabs.nth(2).click();
    await expect.poll(() => tabs.nth(2).getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => panel.getByRole('heading', { level: 2 }).textContent()).toBe('Operations');
    expect(await panel.getByTestId('dashboard-type').textContent()).toBe('PowerBI');
    expect(await panel.getByText('fabrication throughput').isVisible()).toBe(true);
    expect(await panel.getByRole('img').getAttribute('src')).toBe('/images/dashboards/operations.svg');
    // The picture of a tab just chosen may still be on its way on a busy machine: wait for it, then it must show.
    await expect
      .poll(() => panel.getByRole('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);

    // By keyboard: the arrow keys move between tabs (D26).
    await tabs.nth(2).focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => tabs.nth(3).getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => panel.getByRole('heading', { level: 2 }).textContent()).toBe('Pre Program Survey Results');
    expect(await tabs.nth(3).evaluate((el) => el === document.activeElement)).toBe(true);

    for (const blurb of [
      'PowerBI Integration',
      'Looker Studio',
      'Custom Data Sources',
      'Real-time Updates',
      'Mobile Optimized',
      'Secure Sharing',
    ])
      expect(await page.getByRole('heading', { level: 3, name: blurb, exact: true }).isVisible(), blurb).toBe(true);

    const card = page.getByTestId('client-access-card');
    expect(await card.getByRole('heading', { name: 'Client Dashboard Access' }).isVisible()).toBe(true);
    expect(await href(page, 'Client Login', card)).toBe('/api/login');
    expect(await href(page, 'Contact us', card)).toBe('/contact');
  });

  it('asks for the list from the HTML, and the app uses that answer instead of asking again', async () => {
    await seedSamples();
    const page = await suite.newPage();
    const asked: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/dashboards/public') asked.push(request.url());
    });
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (/preload/i.test(message.text())) warnings.push(message.text());
    });
    await gotoApp(page, '/dashboards');
    await page.getByRole('tablist', { name: 'Sample dashboards' }).getByRole('tab').first().waitFor();
    expect(await page.locator('link[rel="preload"][as="fetch"]').getAttribute('href')).toBe('/api/dashboards/public');
    expect(asked).toHaveLength(1);
    expect(warnings).toEqual([]);
  });

  it('/dashboard/{id} preselects that dashboard; an unknown id selects the first', async () => {
    await seedSamples();
    const dashboards = await publicDashboards();
    const post = dashboards.find((d) => d.name === sampleDashboards[4].name);
    expect(post).toBeDefined();
    const page = await suite.newPage();
    await page.goto(`/dashboard/${post?.id}`);
    const selected = page.getByRole('tab', { selected: true });
    await selected.waitFor();
    expect(await selected.textContent()).toBe('Post Program Survey Results');
    expect(await page.title()).toBe('Sample Dashboards | Lucid Insight');
    await page.goto('/dashboard/999999');
    await page.getByRole('tab', { selected: true }).waitFor();
    expect(await page.getByRole('tab', { selected: true }).textContent()).toBe('Enrollment');
  });

  it('signed in: the card says "You\'re logged in" with Go to My Dashboards, and so does the home page', async () => {
    const password = 'Correct-horse-42';
    const user = await createUser(database.db, {
      email: `marketing-${crypto.randomUUID().slice(0, 8)}@example.com`,
      passwordHash: await hashPassword(password),
      accountSetupComplete: true,
    });
    const context = await suite.newContext();
    const login = await context.request.post('/api/auth/login', {
      data: { email: user.email, password },
      headers: { origin: suite.baseUrl },
    });
    expect(login.status()).toBe(200);
    const page = await context.newPage();
    const errors = consoleErrors(page);
    await page.goto('/dashboards');
    const card = page.getByTestId('client-access-card');
    await card.getByText("You're logged in").waitFor();
    expect(await href(page, 'Go to My Dashboards', card)).toBe('/client/dashboard');
    expect(await card.getByRole('link', { name: 'Client Login' }).count()).toBe(0);
    await page.goto('/');
    await expect.poll(() => page.getByTestId('cta-client-link').textContent()).toContain('Go to My Dashboards');
    expect(await page.getByTestId('cta-client-link').getAttribute('href')).toBe('/client/dashboard');
    expect(errors).toEqual([]);
  });
});

describe('every page: axe-core, no horizontal scroll, screenshots (D26)', () => {
  it('passes axe-core in both themes, fits 360 px, and is captured at 375, 768 and 1280 px', async () => {
    await seedSamples();
    const [first] = await publicDashboards();
    const pages = [
      ['home', '/'],
      ['why-us', '/why-us'],
      ['our-values', '/our-values'],
      ['dashboards', '/dashboards'],
      ['dashboard-id', `/dashboard/${first?.id}`],
      ['not-found', '/no-such-page'],
      ['contact', '/contact'],
      ['book-consultation', '/book-consultation'],
    ] as const;
    const problems: string[] = [];
    // bypassCSP: axe-core is injected as an inline script, which the site's policy rightly refuses.
    await forEachThemeAndViewport(
      suite,
      async (page, theme, { width }) => {
        for (const [name, path] of pages) {
          await gotoApp(page, path);
          if (name.startsWith('dashboard')) await page.getByRole('tab').first().waitFor();
          if (name === 'contact') await page.getByTestId('contact-email').waitFor();
          if (width === 1280 || (width === 375 && theme === 'dark')) {
            const violations = await seriousAxeViolations(page);
            for (const v of violations)
              problems.push(`${path} ${theme} ${width}px: ${v.id} (${v.impact}) ${v.help} ${JSON.stringify(v.nodes)}`);
          }
          await settleImages(page);
          await screenshot(page, `marketing-${name}-${width}-${theme}`);
          if (width === 375) {
            // The narrowest phone the site supports: nothing may scroll sideways.
            await page.setViewportSize({ width: 360, height: 800 });
            const overflow = await horizontalOverflow(page);
            if (overflow > 0) problems.push(`${path} at 360 px (${theme}) scrolls sideways by ${overflow} px`);
            await page.setViewportSize({ width, height: 812 });
          }
        }
      },
      {
        viewports: [375, 768, 1280].map((width) => ({ width, height: width < 768 ? 812 : 900 })),
        context: { bypassCSP: true },
      },
    );
    expect(problems).toEqual([]);
  }, 120_000);
});
