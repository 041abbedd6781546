import type { TestSmtpServer } from '@app/testing/smtp';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { launchBrowser, newContext, screenshot } from './browser';
import { type Product, startProduct } from './product';

export * from './browser';
export * from './product';

export interface BrowserSuite {
  readonly product: Product;
  readonly baseUrl: string;
  readonly smtp: TestSmtpServer;
  readonly browser: Browser;
  /** A page in a fresh browser context (own storage), closed after the test. */
  newPage(options?: BrowserContextOptions): Promise<Page>;
  /** A fresh browser context, closed after the test. */
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>;
  /** Uncaught errors thrown by the pages of the current test (each test fails if there are any). */
  readonly pageErrors: Error[];
}

/**
 * One product and one browser for the whole test file (beforeAll / afterAll), a new browser context per test.
 * After a failed test every open page is saved to e2e/output/failure-*.png. The product and the browser are always
 * stopped, whatever happened, so no process outlives the file.
 */
export function useBrowserSuite(options: { env?: Record<string, string> } = {}): BrowserSuite {
  let product: Product | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  const pageErrors: Error[] = [];

  beforeAll(async () => {
    const [started, launched] = await Promise.allSettled([startProduct(options), launchBrowser()]);
    if (started.status === 'fulfilled') product = started.value;
    if (launched.status === 'fulfilled') browser = launched.value;
    const failure = [started, launched].find((r) => r.status === 'rejected');
    if (failure) {
      await Promise.allSettled([browser?.close(), product?.stop()]);
      product = undefined;
      browser = undefined;
      throw failure.reason;
    }
  });

  afterEach(async (context) => {
    const failed = context.task.result?.state === 'fail';
    const open = contexts.splice(0);
    for (const [c, ctx] of open.entries()) {
      if (failed)
        for (const [p, page] of ctx.pages().entries())
          await screenshot(page, `failure-${context.task.name}-${c}-${p}`).catch(() => {});
      await ctx.close().catch(() => {});
    }
    const errors = pageErrors.splice(0);
    if (errors.length > 0 && !failed)
      throw new Error(`The page threw uncaught errors:\n${errors.map((e) => e.stack ?? e.message).join('\n')}`);
  });

  afterAll(async () => {
    await Promise.allSettled([browser?.close(), product?.stop()]);
  });

  const required = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is not running (did beforeAll fail?)`);
    return value;
  };

  const suite: BrowserSuite = {
    get product() {
      return required(product, 'The product');
    },
    get baseUrl() {
      return required(product, 'The product').baseUrl;
    },
    get smtp() {
      return required(product, 'The product').smtp;
    },
    get browser() {
      return required(browser, 'The browser');
    },
    pageErrors,
    async newContext(contextOptions = {}) {
      const ctx = await newContext(suite.browser, suite.baseUrl, contextOptions);
      contexts.push(ctx);
      ctx.on('page', (page) => {
        page.on('pageerror', (error) => pageErrors.push(error));
        // Marketing pages are prerendered: a test acts like a person who waits for the page to come alive, so
        // after a full navigation it waits until the app has taken over (main.tsx marks <html data-app-ready>).
        const goto = page.goto.bind(page);
        page.goto = async (url, gotoOptions) => {
          const response = await goto(url, gotoOptions);
          const waitUntil = gotoOptions?.waitUntil ?? 'load';
          if (waitUntil === 'load' || waitUntil === 'networkidle')
            await page.waitForSelector('html[data-app-ready]', { state: 'attached', timeout: 15_000 }).catch(() => {});
          return response;
        };
      });
      return ctx;
    },
    async newPage(contextOptions = {}) {
      const ctx = await suite.newContext(contextOptions);
      return ctx.newPage();
    },
  };
  return suite;
}
