import { existsSync, mkdirSync } from 'node:fs';
import { type Browser, type BrowserContext, type BrowserContextOptions, chromium, type Page } from 'playwright-core';

const CHROMIUM_PATH = '/usr/bin/chromium';

/** Screenshots for people to look at (git-ignored). */
const outputDir = new URL('../output/', import.meta.url).pathname;

export const viewports = {
  mobile: { width: 375, height: 812 },
  desktop: { width: 1280, height: 800 },
} as const;

/** The system Chromium, headless, with everything that phones home or needs a GPU turned off. */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH))
    throw new Error(
      `The browser tests drive the system Chromium, but ${CHROMIUM_PATH} is missing. Install it with ` +
        '`apt-get install -y chromium` (Debian/Ubuntu).',
    );
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** A fresh context (own storage, cookies) aimed at the product; relative URLs go to baseUrl. */
export async function newContext(
  browser: Browser,
  baseUrl: string,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: viewports.desktop,
    colorScheme: 'light',
    reducedMotion: 'reduce',
    locale: 'en-US',
    ...options,
  });
  context.setDefaultTimeout(10_000);
  context.setDefaultNavigationTimeout(15_000);
  return context;
}

/** Saves a full-page screenshot as e2e/output/<name>.png and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(outputDir, { recursive: true });
  const path = `${outputDir}${name.replace(/[^\w.-]+/g, '-')}.png`;
  await page.screenshot({ path, fullPage: true, animations: 'disabled' });
  return path;
}

export type Theme = 'light' | 'dark';
export type Viewport = { readonly width: number; readonly height: number };

/** Stores the theme before any script of the site runs (top frame only), so the first paint already has it. */
async function presetTheme(context: BrowserContext, theme: Theme): Promise<void> {
  await context.addInitScript((value) => {
    // Runs in every frame, about:blank included, where storage is off limits.
    if (window === window.top && location.protocol.startsWith('http') && !localStorage.getItem('theme'))
      localStorage.setItem('theme', value);
  }, theme);
}

/** What opens browser contexts: the browser suite. */
interface ContextOpener {
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>;
}

/** A page in a fresh context whose theme is stored before any script of the site runs. */
export async function themedPage(suite: ContextOpener, theme: Theme, options: BrowserContextOptions = {}) {
  const context = await suite.newContext(options);
  await presetTheme(context, theme);
  return context.newPage();
}

/**
 * Runs `look` once per theme and viewport (light and dark, at 375 and 1280 px unless told), theme by theme, each in a
 * themed page of its own whose context is closed afterwards.
 */
export async function forEachThemeAndViewport(
  suite: ContextOpener,
  look: (page: Page, theme: Theme, viewport: Viewport) => Promise<void>,
  options: { themes?: readonly Theme[]; viewports?: readonly Viewport[]; context?: BrowserContextOptions } = {},
): Promise<void> {
  for (const theme of options.themes ?? (['light', 'dark'] as const))
    for (const viewport of options.viewports ?? Object.values(viewports)) {
      const page = await themedPage(suite, theme, { ...options.context, viewport });
      await look(page, theme, viewport);
      await page.context().close();
    }
}
