import * as schema from '@app/db/schema';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { authenticator } from '../backend/testing/two-factor';
import { fillLogin, signIn, signInAndOpen, toast } from './account-helpers';
import { useSuiteDatabase } from './database-helpers';
import { uniqueEmail } from './email-helpers';
import { screenshot, useBrowserSuite, viewports } from './harness';
import { seriousAxeViolations } from './marketing-helpers';

// Issue 17: two-factor sign-in set up from the account page, the sessions list, and administrators sent to enrol.
const suite = useBrowserSuite({ env: { APP_ENCRYPTION_KEY: Buffer.alloc(32, 9).toString('base64') } });
const PASSWORD = 'Correct-horse-42';
const database = useSuiteDatabase(suite, 'e2e-two-factor', PASSWORD);

/** The real clock: the codes are the ones the person's phone would show now. */
const realClock = { offsetMs: 0, now: () => new Date() };

const person = async (overrides: { isAdmin?: boolean } = {}) => {
  const email = uniqueEmail('two-factor');
  await database.account({ email, firstName: 'Katherine', lastName: 'Johnson', ...overrides });
  return email;
};

/** Sets up two-factor sign-in on the page it is on: reads the key from the page, types the code an app would show. */
async function enrolOnPage(page: Page) {
  await page.getByTestId('two-factor-start').click();
  const key = (await page.getByTestId('two-factor-manual-key').textContent()) ?? '';
  expect(await page.getByTestId('two-factor-qr').getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/);
  const app = authenticator(key, realClock);
  await page.getByTestId('two-factor-enable-code').fill(app.code());
  await page.getByTestId('two-factor-enable-submit').click();
  await page.getByTestId('recovery-codes').waitFor();
  await screenshot(page, `two-factor-recovery-codes-${page.viewportSize()?.width}`);
  const codes = await page.getByTestId('recovery-codes').locator('li').allTextContents();
  expect(codes).toHaveLength(10);
  await page.getByTestId('recovery-codes-done').click();
  await expect.poll(() => page.getByTestId('two-factor-state').textContent()).toBe('On');
  return app;
}

describe('two-factor sign-in in the browser', () => {
  it('is set up from the account page, then signing in asks for the code after the password', async () => {
    const email = await person();
    const page = await suite.newPage();
    await signInAndOpen(page, email, PASSWORD, '/account', 'visible');
    const app = await enrolOnPage(page);

    await page.goto('/api/logout');
    await page.goto('/login');
    await fillLogin(page, email, PASSWORD);
    // No session yet: the code is asked for in the same card.
    await page.getByTestId('login-code').waitFor();
    expect((await page.request.get('/api/auth/user')).status()).toBe(401);
    await page.getByTestId('login-code').fill('000000');
    await page.getByTestId('login-code-submit').click();
    await page.getByTestId('login-code-error').getByText("That code didn't work", { exact: false }).waitFor();
    // The next step's code: the one used to set it up cannot be used again.
    await page.getByTestId('login-code').fill(app.code(1));
    await page.getByTestId('login-code-submit').click();
    await page.getByTestId('header-welcome').waitFor({ state: 'attached' });
    expect((await page.request.get('/api/auth/user')).status()).toBe(200);
  });

  it('lists two sessions at 375 px and signs the other browser out at its next navigation', async () => {
    const email = await person();
    // bypassCSP: axe-core is injected as an inline script, which the site's policy rightly refuses.
    const phone = await suite.newPage({ viewport: viewports.mobile, bypassCSP: true });
    const laptop = await suite.newPage();
    await signIn(phone, email, PASSWORD);
    await signIn(laptop, email, PASSWORD);
    await phone.goto('/account');
    const rows = phone.getByTestId('session-row');
    await expect.poll(() => rows.count()).toBe(2);
    expect(await phone.locator('[data-testid="session-row"][data-current="true"]').count()).toBe(1);
    // Nothing sticks out of a phone's width.
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await seriousAxeViolations(phone)).toEqual([]);
    await phone.getByTestId('account-sessions').scrollIntoViewIfNeeded();
    await screenshot(phone, 'account-sessions-375');

    await phone.getByTestId('session-end').click();
    await toast(phone, 'Signed out').waitFor();
    await expect.poll(() => rows.count()).toBe(1);

    // The laptop learns at its next navigation: the signed-in area sends it to /login.
    await laptop.goto('/account');
    await laptop.waitForURL((url) => url.pathname === '/login');
    expect((await laptop.request.get('/api/auth/user')).status()).toBe(401);
  });

  it('sends an administrator without it to set it up when administrators must use it', async () => {
    const email = await person({ isAdmin: true });
    await database.db
      .insert(schema.appSettings)
      .values({ key: 'requireAdminTwoFactor', value: true })
      .onConflictDoUpdate({ target: schema.appSettings.key, set: { value: true } });
    try {
      const page = await suite.newPage({ bypassCSP: true });
      await page.goto('/login');
      await fillLogin(page, email, PASSWORD);
      await page.waitForURL((url) => url.pathname === '/account/two-factor');
      expect((await page.request.get('/api/admin/users')).status()).toBe(403);
      await page.goto('/admin');
      await page.waitForURL((url) => url.pathname === '/account/two-factor');
      // Before anything else means every page (issue 26): the client portal, the account page, a public page.
      for (const path of ['/client/dashboard', '/account', '/dashboards']) {
        await page.goto(path);
        await page.waitForURL((url) => url.pathname === '/account/two-factor');
      }
      expect((await page.request.get('/api/dashboards/organization')).status()).toBe(403);
      await page.getByTestId('two-factor-required').waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await enrolOnPage(page);
      expect((await page.request.get('/api/dashboards/organization')).status()).toBe(200);
      await page.getByTestId('two-factor-continue').click();
      await page.waitForURL((url) => url.pathname === '/admin');
      await page.getByRole('heading', { name: 'Admin overview' }).waitFor();
      await page.getByTestId('admin-nav-sign-ins').click();
      await page.getByTestId('sign-ins-table').waitFor();
      expect(await page.getByTestId('require-admin-two-factor').isChecked()).toBe(true);
    } finally {
      await database.db.delete(schema.appSettings);
    }
  });
});
