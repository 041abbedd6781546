import * as schema from '@app/db/schema';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { fillLogin, signIn, signInAndOpen } from './account-helpers';
import { useSuiteDatabase } from './database-helpers';
import { linkIn, uniqueEmail, waitForEmail } from './email-helpers';
import { useBrowserSuite } from './harness';

// Issue 12: a new profile e-mail takes effect only when the link sent to it is opened; the old address is told.
const suite = useBrowserSuite();
const PASSWORD = 'Correct-horse-42';
const database = useSuiteDatabase(suite, 'e2e-email-change', PASSWORD);

describe('changing the e-mail address (/account)', () => {
  it('sends a link to the new address, changes it only when confirmed there, tells the old address, and signs in with the new one', async () => {
    const oldEmail = uniqueEmail('grace');
    const newEmail = uniqueEmail('grace-new');
    const user = await database.account({ email: oldEmail, firstName: 'Grace', lastName: 'Hopper' });
    const page = await suite.newPage();
    await signInAndOpen(page, oldEmail, PASSWORD, '/account', 'visible');
    await page.getByTestId('profile-form').waitFor();

    // The current password is asked for only once the address differs.
    expect(await page.getByTestId('profile-current-password').count()).toBe(0);
    await page.getByTestId('profile-email').fill(newEmail);
    await page.getByTestId('profile-current-password').waitFor();
    await page.getByTestId('profile-submit').click();
    await expect
      .poll(() => page.locator('[data-field-error]').allTextContents())
      .toEqual(['Please enter your current password to change your email address']);
    await page.getByTestId('profile-current-password').fill(PASSWORD);
    await page.getByTestId('profile-submit').click();
    const pending = page.getByTestId('profile-email-pending');
    await pending.waitFor();
    expect(await pending.textContent()).toContain(newEmail);
    expect(await page.getByTestId('profile-email').inputValue()).toBe(oldEmail);
    const [before] = await database.db.select().from(schema.users).where(eq(schema.users.id, user.id));
    expect(before?.email).toBe(oldEmail);

    // The e-mail arrives at the new address; opening its link changes nothing until the button is pressed.
    const email = await waitForEmail(suite.smtp, newEmail, /Confirm your new/);
    const link = linkIn(email, '/confirm-email');
    await page.goto(link);
    await page.getByTestId('confirm-email-submit').waitFor();
    const [opened] = await database.db.select().from(schema.users).where(eq(schema.users.id, user.id));
    expect(opened?.email).toBe(oldEmail);
    await page.getByTestId('confirm-email-submit').click();
    await page.getByTestId('confirm-email-success').waitFor();
    expect(await page.getByTestId('confirm-email-done').textContent()).toContain(newEmail);

    // The old address is told; every session ended, this one too.
    const notice = await waitForEmail(suite.smtp, oldEmail, /e-mail address was changed/);
    expect(notice.text).toContain(newEmail);
    expect((await page.request.get('/api/auth/user')).status()).toBe(401);

    // Signing in works with the new address only.
    await page.getByTestId('confirm-email-login').click();
    await page.waitForURL((url) => url.pathname === '/login');
    await fillLogin(page, oldEmail, PASSWORD);
    await page.getByText('Invalid email or password').first().waitFor();
    await signIn(page, newEmail, PASSWORD, 'visible');
    expect((await (await page.request.get('/api/auth/user')).json()).email).toBe(newEmail);

    // The link is spent.
    await page.goto(link);
    await page.getByTestId('confirm-email-submit').click();
    await page.getByTestId('confirm-email-invalid').waitFor();
  });
});
