import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signInAndOpen, toast } from './account-helpers';
import { useSuiteDatabase } from './database-helpers';
import { linkIn, uniqueEmail, waitForEmail } from './email-helpers';
import { screenshot, useBrowserSuite, viewports } from './harness';
import { seriousAxeViolations } from './marketing-helpers';

// Issue 26, items 13, 19 and 20: the account page's password, data download and two-factor wording, and 'Make Admin'
// on a person who signs in only through single sign-on.
const suite = useBrowserSuite();
const PASSWORD = 'Correct-horse-42';
const database = useSuiteDatabase(suite, 'e2e-accounts', PASSWORD);

const account = (overrides: { isAdmin?: boolean; passwordHash?: string | null } = {}) =>
  database.account({ email: uniqueEmail('account'), firstName: 'Grace', lastName: 'Hopper', ...overrides });

const fitsWidth = async (page: Page, width: number) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

describe('the account page (issue 26)', () => {
  for (const [name, viewport] of [
    ['375', viewports.mobile],
    ['1280', viewports.desktop],
  ] as const) {
    it(`at ${name} px: when the password was set, one password action, my data as JSON, no server configuration`, async () => {
      const user = await account();
      // bypassCSP: axe-core is injected as an inline script, which the site's policy rightly refuses.
      const page = await suite.newPage({ viewport, bypassCSP: true, acceptDownloads: true });
      await signInAndOpen(page, user.email, PASSWORD, '/account');
      const panel = page.getByTestId('password-panel');
      await panel.waitFor();
      expect(await page.getByTestId('password-last-updated').textContent()).toMatch(
        /^Last updated: \w+ \d{1,2}, \d{4}$/,
      );
      // One password action: the form, and only a quiet link beside it.
      expect(await panel.getByRole('button').allTextContents()).toEqual([
        'Change password',
        'Forgot your current password? Email me a link instead',
      ]);
      // Two-factor sign-in is offered; nothing says how the server is set up.
      await page.getByTestId('two-factor-start').waitFor();
      expect(await page.locator('body').textContent()).not.toMatch(/encryption key|APP_ENCRYPTION_KEY|operator/i);

      await fitsWidth(page, viewport.width);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await screenshot(page, `account-password-and-data-${name}`);

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByTestId('download-my-data').click(),
      ]);
      expect(download.suggestedFilename()).toBe('my-data.json');
      const data = JSON.parse(readFileSync((await download.path())!, 'utf8'));
      expect(data.email).toBe(user.email);
      expect(data.account).toMatchObject({ id: user.id, firstName: 'Grace', hasPassword: true });
      await toast(page, 'Your data is downloaded').waitFor();
      // The button keeps the keyboard's focus.
      expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('download-my-data');
    });
  }

  it('a person without a password is offered to set one by e-mail, and the page says when once set', async () => {
    const user = await account({ passwordHash: null });
    const page = await suite.newPage({ viewport: viewports.mobile, bypassCSP: true });
    // The link the account page's 'Set a password' asks for, as the e-mail reads to a person without one.
    const asked = await page.request.post('/api/auth/request-password-reset', {
      data: { email: user.email },
      headers: { origin: suite.baseUrl },
    });
    expect(asked.status()).toBe(202);
    const mail = await waitForEmail(suite.smtp, user.email, /Set a password/);
    expect(mail.text).toContain('has no password yet');
    await page.goto(linkIn(mail, '/reset-password'));
    await page.getByTestId('reset-password-password').fill('A-first-password-1');
    await page.getByTestId('reset-password-confirm-password').fill('A-first-password-1');
    await page.getByTestId('reset-password-submit').click();
    await toast(page, 'Password updated').waitFor();
    // The link signs them in (and on into the portal).
    await page.waitForURL((url) => url.pathname === '/client/dashboard');
    await page.goto('/account');
    await expect
      .poll(() => page.getByTestId('password-last-updated').textContent())
      .toMatch(/^Last updated: \w+ \d{1,2}, \d{4}$/);
  });
});

describe("'Make Admin' on a person who signs in only through single sign-on (issue 26)", () => {
  for (const [name, viewport] of [
    ['375', viewports.mobile],
    ['1280', viewports.desktop],
  ] as const) {
    it(`at ${name} px: warns before, says after, and the person gets a link to set a password`, async () => {
      const admin = await account({ isAdmin: true });
      const person = await account({ passwordHash: null });
      const page = await suite.newPage({ viewport, bypassCSP: true });
      await signInAndOpen(page, admin.email, PASSWORD, '/admin?tab=users');
      await page.getByTestId('user-filter-email').fill(person.email);
      const row = page.getByTestId('user-row').filter({ hasText: person.email });
      await expect.poll(() => page.getByTestId('user-row').count()).toBe(1);
      await row.getByTestId('user-actions').click();
      await page.getByTestId('user-actions-menu').getByTestId('user-toggle-admin').click();
      const dialog = page.getByTestId('make-admin-dialog');
      await dialog.waitFor();
      expect(await dialog.textContent()).toContain('has no password');
      expect(await dialog.textContent()).toContain("We'll e-mail them a link to set a password");
      await fitsWidth(page, viewport.width);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await screenshot(page, `make-admin-warning-${name}`);

      await dialog.getByRole('button', { name: 'Make Admin' }).click();
      const said = toast(page, 'User admin status updated');
      await said.waitFor();
      expect(await said.textContent()).toContain(`We e-mailed ${person.email} a link to set a password`);
      // Focus goes back to the row's menu, whose entry now says 'Remove Admin'.
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
        .toBe(`Actions for ${person.email}`);
      await row.getByTestId('user-actions').click();
      expect(await page.getByTestId('user-toggle-admin').textContent()).toBe('Remove Admin');
      await page.keyboard.press('Escape');
      await screenshot(page, `make-admin-done-${name}`);
      const mail = await waitForEmail(suite.smtp, person.email, /Set a password/);
      expect(linkIn(mail, '/reset-password')).toMatch(/^\/reset-password\?token=/);
    });
  }
});
