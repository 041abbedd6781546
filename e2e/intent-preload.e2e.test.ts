import { readdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowserSuite } from './harness';

/**
 * Issue 30: a marketing page downloads only what it shows. The code of another screen (a route's chunk, the admin's,
 * the portal's, the booking form's) is fetched when the visitor shows intent to go there (a pointer over its link,
 * the link focused), never while the page sits idle.
 */
const suite = useBrowserSuite();
const AFTER_LOAD_MS = 4_000;

/** Each route file's chunk is named after the file (`why-us.tsx` → `why-us-<hash>.js`; `$slug` → `_slug`). */
function routeChunkNames(dir = new URL('../frontend/src/routes/', import.meta.url).pathname): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? routeChunkNames(`${dir}${entry.name}/`)
      : entry.name.endsWith('.tsx')
        ? [entry.name.slice(0, -4).replace(/\$/g, '_')]
        : [],
  );
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
const escapeRegExp = (name: string) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const otherScreen = (own: string[]) => {
  // `index-<hash>.js` is the entry (the home page's route file has no chunk of its own).
  const names = [...routeChunkNames(), ...SCREEN_CHUNKS].filter(
    (name) => !own.includes(name) && name !== '__root' && name !== 'index',
  );
  return new RegExp(`^/assets/(${names.map(escapeRegExp).join('|')})-[\\w-]{8}\\.js$`);
};

function scriptsAsked(page: Page): string[] {
  const asked: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.endsWith('.js')) asked.push(path);
  });
  return asked;
}

describe('code of other screens is fetched on intent, not on idle (issue 30)', () => {
  it('the home page asks for no other route’s chunk until a link to it is hovered or focused', async () => {
    const page = await suite.newPage();
    const asked = scriptsAsked(page);
    await page.goto('/', { waitUntil: 'load' });
    await page.waitForTimeout(AFTER_LOAD_MS);
    const foreign = otherScreen([]);
    expect(asked.filter((path) => foreign.test(path))).toEqual([]);
    // The code a click may need (menus, toasts, the footer's) waits for intent too.
    expect(asked.filter((path) => /\/(theme-menu|toaster|site-footer|menu|portal)-[\w-]{8}\.js$/.test(path))).toEqual(
      [],
    );
    const before = asked.length;

    // A pointer over 'Why Us': that route's code comes, and no other route's.
    const nav = page.getByRole('navigation').first();
    await nav.getByRole('link', { name: 'Why Us', exact: true }).hover();
    await expect.poll(() => asked.some((path) => /\/why-us-[\w-]{8}\.js$/.test(path))).toBe(true);
    expect(asked.slice(before).filter((path) => otherScreen(['why-us']).test(path))).toEqual([]);

    // The 'Contact' link focused from the keyboard: its code comes.
    await nav.getByRole('link', { name: 'Contact', exact: true }).focus();
    await expect.poll(() => asked.some((path) => /\/contact-[\w-]{8}\.js$/.test(path))).toBe(true);
    // Still nothing of a screen not reached for.
    expect(asked.filter((path) => /\/(our-values|admin|book-consultation)-[\w-]{8}\.js$/.test(path))).toEqual([]);
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
        contact: ['contact', 'use-schema-form'],
      };
      expect(asked.filter((p) => otherScreen(shown[own] ?? [own]).test(p))).toEqual([]);
    },
  );
});
