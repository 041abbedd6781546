import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { forEachThemeAndViewport, screenshot, useBrowserSuite, viewports } from './harness';
import { settleImages } from './marketing-helpers';

const suite = useBrowserSuite();

const WHITE = 'rgb(255, 255, 255)';

/** What the page shows of the theme: the class on <html>, the stored choice, and the body's background. */
const themeState = (page: Page) =>
  page.evaluate(() => ({
    dark: document.documentElement.classList.contains('dark'),
    colorScheme: document.documentElement.style.colorScheme,
    stored: localStorage.getItem('theme'),
    background: getComputedStyle(document.body).backgroundColor,
  }));

async function pickTheme(page: Page, theme: 'Light' | 'Dark' | 'System') {
  // The menu's code comes when the visitor reaches for it (issue 30): a pointer over the switcher. The switcher
  // answers once it has hydrated (it then shows the current choice).
  await page.getByTestId('theme-switcher').hover();
  await expect.poll(() => page.getByTestId('theme-switcher').getAttribute('data-theme')).not.toBeNull();
  await page.getByTestId('theme-switcher').click();
  await page.getByRole('menuitemradio', { name: theme }).click();
}

describe('not-found page', () => {
  it('shows "404 Page Not Found" for an unknown path, with a Return to Homepage link that goes to /', async () => {
    const page = await suite.newPage();
    const response = await page.goto('/this-page-does-not-exist');
    // No soft 404 (D31): the server answers 404 with the app, and the client router shows its not-found page.
    expect(response?.status()).toBe(404);
    const heading = page.getByTestId('not-found-heading');
    await heading.waitFor();
    expect((await heading.textContent())?.trim()).toBe('404 Page Not Found');
    expect(await page.getByRole('heading', { level: 1, name: '404 Page Not Found' }).isVisible()).toBe(true);
    expect(await page.getByText("We can't find the page you're looking for.").isVisible()).toBe(true);
    // The layout is still there.
    expect(await page.getByTestId('site-header').isVisible()).toBe(true);

    const home = page.getByRole('link', { name: 'Return to Homepage' });
    expect(await home.getAttribute('href')).toBe('/');
    await home.click();
    await page.waitForURL(`${suite.baseUrl}/`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await page.getByTestId('not-found-heading').count()).toBe(0);
  });

  it('shows the 404 page for unknown nested paths too', async () => {
    const page = await suite.newPage();
    const response = await page.goto('/contact/nope/deeper');
    expect(response?.status()).toBe(404);
    await page.getByTestId('not-found-heading').waitFor();
  });
});

describe('routing', () => {
  it('matches paths case-insensitively and with a trailing slash: /CONTACT/ shows the contact page', async () => {
    const page = await suite.newPage();
    await page.goto('/CONTACT/');
    await page.getByRole('heading', { name: 'Get in Touch' }).waitFor();
    // The browser renders this spelling itself (the prerendered page is /contact): the form's code is fetched at once
    // and the form follows its heading (issue 30: the form's code is a part of its own).
    await page.getByTestId('contact-form').waitFor({ state: 'visible' });
    expect(await page.getByTestId('not-found-heading').count()).toBe(0);
  });
});

describe('theme (D24)', () => {
  it('is light by default, with nothing stored', async () => {
    const page = await suite.newPage();
    await page.goto('/');
    await page.getByTestId('theme-switcher').waitFor();
    const state = await themeState(page);
    expect(state.dark).toBe(false);
    expect(state.stored).toBeNull();
    expect(state.background).toBe(WHITE);
    // The switcher shows the stored choice once its code, asked for by a pointer over it, has hydrated it.
    await page.getByTestId('theme-switcher').hover();
    await expect.poll(() => page.getByTestId('theme-switcher').getAttribute('data-theme')).toBe('light');
  });

  it('is light by default even when the system prefers dark', async () => {
    const page = await suite.newPage({ colorScheme: 'dark' });
    await page.goto('/');
    await page.getByTestId('theme-switcher').waitFor();
    expect((await themeState(page)).dark).toBe(false);
  });

  it('keeps the Dark choice across a reload, already at first paint', async () => {
    const context = await suite.newContext();
    const page = await context.newPage();
    await page.goto('/');
    await pickTheme(page, 'Dark');
    await expect.poll(() => themeState(page)).toMatchObject({ dark: true, stored: 'dark', colorScheme: 'dark' });
    expect((await themeState(page)).background).not.toBe(WHITE);
    // The switcher shows the stored choice once its code, asked for by a pointer over it, has hydrated it.
    await page.getByTestId('theme-switcher').hover();
    await expect.poll(() => page.getByTestId('theme-switcher').getAttribute('data-theme')).toBe('dark');

    // After a reload, with the app running again.
    await page.reload({ waitUntil: 'load' });
    await page.getByTestId('theme-switcher').waitFor();
    expect(await themeState(page)).toMatchObject({ dark: true, stored: 'dark' });
    // The switcher shows the stored choice once its code, asked for by a pointer over it, has hydrated it.
    await page.getByTestId('theme-switcher').hover();
    await expect.poll(() => page.getByTestId('theme-switcher').getAttribute('data-theme')).toBe('dark');

    // At first paint: with the app's JavaScript blocked, only index.html's inline script can set the class.
    const firstPaint = await context.newPage();
    await firstPaint.route('**/assets/*.js', (route) => route.abort());
    await firstPaint.goto('/contact', { waitUntil: 'domcontentloaded' });
    const painted = await themeState(firstPaint);
    expect(painted).toMatchObject({ dark: true, stored: 'dark', colorScheme: 'dark' });
    // /contact is prerendered (D25): its HTML is there, in the dark theme, before any script of the app ran.
    expect(await firstPaint.getByRole('heading', { level: 1, name: 'Get in Touch' }).isVisible()).toBe(true);
    expect(await firstPaint.evaluate(() => document.documentElement.hasAttribute('data-app-ready'))).toBe(false);

    // Light again is remembered just the same.
    await pickTheme(page, 'Light');
    await expect.poll(() => themeState(page)).toMatchObject({ dark: false, stored: 'light' });
    await page.reload();
    await page.getByTestId('theme-switcher').waitFor();
    expect(await themeState(page)).toMatchObject({ dark: false, stored: 'light', background: WHITE });
  });

  it('System follows the operating system setting', async () => {
    const page = await suite.newPage({ colorScheme: 'dark' });
    await page.goto('/');
    await pickTheme(page, 'System');
    await expect.poll(() => themeState(page)).toMatchObject({ dark: true, stored: 'system' });
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(async () => (await themeState(page)).dark).toBe(false);
  });
});

/** The home page on a 375 px phone, with the mobile menu's toggle and the menu. */
async function homeOnPhone() {
  const page = await suite.newPage({ viewport: viewports.mobile });
  await page.goto('/');
  return { page, toggle: page.getByTestId('mobile-menu-toggle'), menu: page.locator('#mobile-menu') };
}

describe('mobile menu (375 px)', () => {
  it('opens from the toggle with Client Login (to /api/login) and Book Consultation', async () => {
    const { page, toggle, menu } = await homeOnPhone();
    await toggle.waitFor();
    expect(await menu.isVisible()).toBe(false);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    // The desktop buttons are hidden at this width.
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);

    await toggle.click();
    await menu.waitFor({ state: 'visible' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await toggle.getAttribute('aria-controls')).toBe('mobile-menu');

    const login = menu.getByRole('link', { name: 'Client Login' });
    expect(await login.isVisible()).toBe(true);
    expect(await login.getAttribute('href')).toBe('/api/login');
    const book = menu.getByRole('link', { name: 'Book Consultation' });
    expect(await book.isVisible()).toBe(true);
    expect(await book.getAttribute('href')).toBe('/book-consultation');
    for (const label of ['Why Us', 'Our Values', 'Dashboards', 'Contact'])
      expect(await menu.getByRole('link', { name: label, exact: true }).isVisible()).toBe(true);

    // A link navigates and closes the menu.
    await menu.getByRole('link', { name: 'Contact', exact: true }).click();
    await page.getByRole('heading', { name: 'Get in Touch' }).waitFor();
    await menu.waitFor({ state: 'hidden' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
  });

  it('closes with Escape and gives the focus back to the toggle', async () => {
    const { page, toggle, menu } = await homeOnPhone();
    await toggle.click();
    await menu.waitFor({ state: 'visible' });
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    await expect.poll(() => toggle.evaluate((el) => el === document.activeElement)).toBe(true);
  });
});

describe('HTTP caching', () => {
  it('serves hashed assets as immutable for a year and index.html as no-cache', async () => {
    const { baseUrl } = suite;
    const index = await fetch(`${baseUrl}/`);
    expect(index.status).toBe(200);
    expect(index.headers.get('cache-control')).toBe('no-cache');
    expect(index.headers.get('content-type')).toContain('text/html');
    const html = await index.text();

    const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]!);
    expect(assets.length).toBeGreaterThan(0);
    expect(assets.some((a) => a.endsWith('.js'))).toBe(true);
    expect(assets.some((a) => a.endsWith('.css'))).toBe(true);
    for (const asset of assets) {
      const response = await fetch(`${baseUrl}${asset}`);
      expect(response.status, asset).toBe(200);
      expect(response.headers.get('cache-control'), asset).toBe('public, max-age=31536000, immutable');
      await response.arrayBuffer();
    }

    // Every other page path answers with index.html (or a prerendered page), always revalidated; a path that names
    // no page answers 404 (D31).
    for (const [path, status] of [
      ['/index.html', 200],
      ['/contact', 200],
      ['/this-page-does-not-exist', 404],
    ] as const) {
      const response = await fetch(`${baseUrl}${path}`);
      expect(response.status, path).toBe(status);
      expect(response.headers.get('cache-control'), path).toBe('no-cache');
      await response.arrayBuffer();
    }

    // Unknown API paths stay JSON 404s, not the SPA.
    const api = await fetch(`${baseUrl}/api/does-not-exist`);
    expect(api.status).toBe(404);
    expect(api.headers.get('content-type')).toContain('application/json');
    await api.arrayBuffer();
  });
});

describe('screenshots (for people to look at, not asserted)', () => {
  it('captures / and /contact at 375 and 1280 px, light and dark, into e2e/output/', async () => {
    await forEachThemeAndViewport(suite, async (page, theme, viewport) => {
      for (const [name, path] of [
        ['home', '/'],
        ['contact', '/contact'],
      ] as const) {
        await page.goto(path);
        await page.getByTestId('site-header').waitFor();
        if (name === 'contact') await page.getByTestId('contact-email').waitFor();
        // Pictures and fonts in place before the shot (lazy images below the fold may never load: 3 s at most).
        await settleImages(page);
        await screenshot(page, `${name}-${viewport.width}-${theme}`);
      }
    });
  });
});
