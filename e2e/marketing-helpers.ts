import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { screenshot } from './harness/browser';

/** The marketing pages of D25, prerendered at build time, with their h1 and document title. */
export const prerenderedPages = [
  {
    path: '/',
    h1: 'Unlock the Hidden Potential in Your Data',
    title: 'Lucid Insight | Unlock the Hidden Potential in Your Data',
  },
  { path: '/why-us', h1: 'Why Choose Lucid Insight', title: 'Why Us | Lucid Insight' },
  { path: '/our-values', h1: 'Our Core Values', title: 'Our Core Values | Lucid Insight' },
  { path: '/dashboards', h1: 'Sample Dashboards', title: 'Sample Dashboards | Lucid Insight' },
  { path: '/contact', h1: 'Get in Touch', title: 'Contact | Lucid Insight' },
  { path: '/book-consultation', h1: 'Book a Free Consultation', title: 'Book a Free Consultation | Lucid Insight' },
] as const;

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/** axe-core on the page as it is: the serious and critical violations (D26). */
export async function seriousAxeViolations(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: axePath });
  // Colours mid-animation (a dialog fading in over its backdrop) are blends no one reads: check the settled page.
  await page
    .waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'), null, {
      timeout: 5_000,
    })
    .catch(() => {});
  const violations = await page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected at run time
    const result = await (window as any).axe.run(document, { resultTypes: ['violations'] });
    return result.violations as AxeViolation[];
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      ...v,
      nodes: v.nodes.slice(0, 3).map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }));
}

/** The app has taken over the page (hydrated or rendered: main.tsx marks <html>). */
async function waitForApp(page: Page): Promise<void> {
  await page.waitForSelector('html[data-app-ready]', { state: 'attached' });
}

/** Goes to `url` and waits for the app to take the page over; returns the navigation's response. */
export async function gotoApp(page: Page, url: string) {
  const response = await page.goto(url);
  await waitForApp(page);
  return response;
}

/** Opens a prerendered page and waits for its h1, then for the app to take it over: a person acts only then. */
export async function openMarketingPage(page: Page, path: (typeof prerenderedPages)[number]['path']): Promise<void> {
  const { h1 } = prerenderedPages.find((p) => p.path === path)!;
  await page.goto(path);
  await page.getByRole('heading', { level: 1, name: h1 }).waitFor();
  await waitForApp(page);
}

/** Pictures loaded and fonts ready (3 s at most), for screenshots. */
export async function settleImages(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const loaded = (img: HTMLImageElement) =>
      img.complete
        ? null
        : new Promise((resolve) => {
            img.addEventListener('load', resolve, { once: true });
            img.addEventListener('error', resolve, { once: true });
          });
    await Promise.race([
      Promise.all([document.fonts.ready, ...[...document.images].map(loaded)]),
      new Promise((resolve) => setTimeout(resolve, 3_000)),
    ]);
  });
}

/** How far the page is wider than the window (0: no horizontal scroll). */
export const horizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/**
 * The checks of a settled screen: the pointer moved away (no hover shows), its screenshot as `name`, then no serious
 * axe violation and no horizontal scroll.
 */
export async function checkPage(page: Page, name: string): Promise<void> {
  await page.mouse.move(0, 0);
  await screenshot(page, name);
  expect(await seriousAxeViolations(page)).toEqual([]);
  expect(await horizontalOverflow(page)).toBe(0);
}
