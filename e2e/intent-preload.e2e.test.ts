import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { repoRoot, useBrowserSuite } from './harness';

/**
 * Issue 30: a marketing page downloads only what it shows. The code of another screen (a route's chunk, the admin's,
 * the portal's, the booking form's) is fetched when the visitor shows intent to go there (a pointer over its link,
 * the link focused), never while the page sits idle.
 */
const suite = useBrowserSuite();
const AFTER_LOAD_MS = 4_000;

/** The built SPA's folder, as the product serves it. */
const dist = process.env.E2E_STATIC_DIR
  ? new URL(process.env.E2E_STATIC_DIR, `file://${repoRoot}`).pathname
  : `${repoRoot}frontend/dist`;

/**
 * The route files' chunks: what the entry (the route tree) imports lazily, each named after its route file
 * (`why-us.tsx` → `why-us-<hash>.js`; the home page's `index.tsx` → `routes-<hash>.js`). Shared chunks named
 * after a module (`contact-<hash>.js` for the contact schema) are not among them.
 */
function routeChunks(): Map<string, string> {
  const entry = /<script type="module"[^>]*src="\/assets\/([^"]+)"/.exec(
    readFileSync(`${dist}/index.html`, 'utf8'),
  )?.[1];
  if (!entry) throw new Error(`no entry script in ${dist}/index.html`);
  const code = readFileSync(`${dist}/assets/${entry}`, 'utf8');
  const chunks = new Map<string, string>();
  for (const match of code.matchAll(/import\(\s*["'`]\.\/(([\w.-]+)-[\w-]{8}\.js)["'`]\s*\)/g))
    if (match[1] && match[2]) chunks.set(match[1], match[2]);
  if (chunks.size < 10)
    throw new Error(`the entry ${entry} imports ${chunks.size} route chunks: has the build changed?`);
  return chunks;
}

/**
 * Screens' code that is not a route file's: the admin's, the client portal's header, the booking and contact forms',
 * the sample dashboards'. (`portal-<hash>.js` is Ark UI's Portal, which the menus and toasts use.)
 */
const SCREEN_CHUNKS = [
  'admin',
  'portal-header',
  'usage-tab',
  'sample-dashboards-page',
  'booking-form',
  'use-schema-form',
];
/** The route file a requested chunk is the code of, if any. */
const routeOf = (path: string) => routeChunks().get(path.replace(/^\/assets\//, ''));

/** The chunks of screens other than `own` (route chunk names, or the names above). */
const otherScreen = (own: string[]) => {
  const routes = routeChunks();
  return (path: string) => {
    const file = path.replace(/^\/assets\//, '');
    const route = routes.get(file);
    if (route !== undefined) return !own.includes(route);
    const name = /^([\w.-]+)-[\w-]{8}\.js$/.exec(file)?.[1];
    return name !== undefined && SCREEN_CHUNKS.includes(name) && !own.includes(name);
  };
};

function scriptsAsked(page: Page): string[] {
  const asked: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.endsWith('.js')) asked.push(path);
  });
  return asked;
}

/**
 * A tap on the contact form's Send with no name: the form's own validation answers (the name is refused), and the
 * browser has not submitted the form itself (the page is /contact, with no query).
 */
async function tapSendWithNoName(page: Page) {
  await page.getByRole('button', { name: 'Send Message' }).tap();
  await expect.poll(() => page.getByLabel('Your Name', { exact: true }).getAttribute('aria-invalid')).toBe('true');
  expect(new URL(page.url()).pathname).toBe('/contact');
  expect(new URL(page.url()).search).toBe('');
}

describe('code of other screens is fetched on intent, not on idle (issue 30)', () => {
  it('the home page asks for no other route’s chunk until a link to it is hovered or focused', async () => {
    const page = await suite.newPage();
    const asked = scriptsAsked(page);
    await page.goto('/', { waitUntil: 'load' });
    await page.waitForTimeout(AFTER_LOAD_MS);
    const foreign = otherScreen(['routes']);
    expect(asked.filter((path) => foreign(path))).toEqual([]);
    // The code a click may need (menus, toasts, the footer's) waits for intent too.
    expect(asked.filter((path) => /\/(theme-menu|toaster|site-footer|menu|portal)-[\w-]{8}\.js$/.test(path))).toEqual(
      [],
    );
    const before = asked.length;

    // A pointer over 'Why Us': that route's code comes, and no other route's.
    const nav = page.getByRole('navigation').first();
    await nav.getByRole('link', { name: 'Why Us', exact: true }).hover();
    await expect.poll(() => asked.some((path) => routeOf(path) === 'why-us')).toBe(true);
    expect(asked.slice(before).filter((path) => otherScreen(['routes', 'why-us'])(path))).toEqual([]);

    // The 'Contact' link focused from the keyboard: its code comes.
    await nav.getByRole('link', { name: 'Contact', exact: true }).focus();
    await expect.poll(() => asked.some((path) => routeOf(path) === 'contact')).toBe(true);
    // Still nothing of a screen not reached for.
    // The contact route's preload brings its form's code (contact-form, use-schema-form) with it.
    await expect.poll(() => asked.some((path) => /\/contact-form-[\w-]{8}\.js$/.test(path))).toBe(true);
    expect(asked.filter(otherScreen(['routes', 'why-us', 'contact', 'use-schema-form']))).toEqual([]);
  });

  it.each(['/why-us', '/our-values', '/dashboards', '/contact', '/book-consultation'])(
    '%s asks for no other screen’s code within 4 s of load',
    async (path) => {
      const page = await suite.newPage();
      const asked = scriptsAsked(page);
      await page.goto(path, { waitUntil: 'load' });
      await page.waitForTimeout(AFTER_LOAD_MS);
      const own = path.slice(1);
      // The booking page shows its form's calendar; /dashboards its sample dashboards.
      const shown: Record<string, string[]> = {
        'book-consultation': ['book-consultation', 'booking-form', 'use-schema-form'],
        dashboards: ['dashboards', 'sample-dashboards-page'],
        contact: ['contact'],
      };
      expect(asked.filter((p) => otherScreen(shown[own] ?? [own])(p))).toEqual([]);
    },
  );

  it('/contact fetches its form’s code when the form is reached for; what was typed and a tap on Send before it came are kept', async () => {
    const page = await suite.newPage({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
    const asked = scriptsAsked(page);
    await page.goto('/contact', { waitUntil: 'load' });
    await page.waitForTimeout(1_000);
    const formCode = (path: string) => /\/(contact-form|use-schema-form)-[\w-]{8}\.js$/.test(path);
    // The prerendered form shows; its code has not come.
    await page.getByLabel('Subject', { exact: true }).waitFor();
    expect(asked.filter(formCode)).toEqual([]);
    // The first touch is a tap on a field, and typing starts at once.
    await page.getByLabel('Subject', { exact: true }).tap();
    await page.keyboard.type('Hello');
    await expect.poll(() => asked.some(formCode)).toBe(true);
    await expect.poll(() => page.getByLabel('Subject', { exact: true }).inputValue()).toBe('Hello');
    await tapSendWithNoName(page);
    // The subject typed before the code came is in the form: it is not refused as empty.
    expect(await page.getByLabel('Subject', { exact: true }).getAttribute('aria-invalid')).not.toBe('true');
    await expect.poll(() => page.getByLabel('Subject', { exact: true }).inputValue()).toBe('Hello');
  });

  it('a tap on Send as the page’s first touch shows the form’s messages, not a page the browser submitted', async () => {
    const page = await suite.newPage({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
    await page.goto('/contact', { waitUntil: 'load' });
    await tapSendWithNoName(page);
  });

  it('a phone whose first touch is the tap on the theme menu gets the menu open, not a tap ignored', async () => {
    const page = await suite.newPage({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
    const asked = scriptsAsked(page);
    await page.goto('/', { waitUntil: 'load' });
    await page.waitForTimeout(1_000);
    // The menu's code has not come: this tap is the page's first touch.
    expect(asked.filter((path) => /\/theme-menu-[\w-]{8}\.js$/.test(path))).toEqual([]);
    await page.getByTestId('theme-switcher').tap();
    await page.getByRole('menu').waitFor({ timeout: 10_000 });
    await expect.poll(() => page.getByRole('menuitemradio').count()).toBe(3);
    // Picking works as on any open menu, and a later tap closes and opens it as usual.
    await page.getByRole('menuitemradio', { name: 'Dark' }).tap();
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await page.getByTestId('theme-switcher').tap();
    await page.getByRole('menu').waitFor();
  });
});
