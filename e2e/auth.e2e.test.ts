import { hashToken } from '@app/contracts/server';
import * as schema from '@app/db/schema';
import { addMembership, createOrganization, createUser } from '@app/db/testing';
import { silentLogger } from '@app/platform/logger';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboxPublisher, type EventPublisher } from '../backend/src/events/publisher';
import { inviteUser } from '../backend/src/modules/users/invite.service';
import { closeToast, completeRegistration, fillLogin, signIn, signInAndOpen, toast } from './account-helpers';
import { useSuiteDatabase } from './database-helpers';
import { linkIn, uniqueEmail, waitForEmail } from './email-helpers';
import { screenshot, useBrowserSuite, viewports } from './harness';
import { seriousAxeViolations } from './marketing-helpers';

const suite = useBrowserSuite();

/** One Argon2id hash for every user created here: hashing costs ~200 ms, and any user may share a password. */
const PASSWORD = 'Correct-horse-42';
const database = useSuiteDatabase(suite, 'e2e-auth', PASSWORD);
let redis: Redis;
let publisher: EventPublisher;

beforeAll(async () => {
  redis = new Redis(suite.product.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  publisher = createOutboxPublisher({
    redis,
    db: database.db,
    logger: silentLogger,
    prefix: suite.product.queuePrefix,
  });
});

afterAll(async () => {
  await publisher?.close().catch(() => {});
  redis?.disconnect();
});

/** A user who can sign in with PASSWORD (unless overridden), set up and active. */
function createAccount(overrides: Partial<typeof schema.users.$inferInsert> = {}) {
  return database.account({ email: uniqueEmail(overrides.firstName?.toLowerCase() ?? 'user'), ...overrides });
}

const textOf = async (page: Page, testId: string) => (await page.getByTestId(testId).textContent())?.trim();

/** The status of GET /api/auth/user with the page's cookies. */
const sessionStatus = async (page: Page) => (await page.request.get('/api/auth/user')).status();

async function openAccountMenu(page: Page) {
  // The menu's code comes when the visitor reaches for it (issue 30): a pointer over the button first.
  await page.getByTestId('header-welcome').hover();
  await page.getByTestId('account-menu-trigger').click();
  const menu = page.getByTestId('account-menu');
  await menu.waitFor();
  return menu;
}

describe('password reset (/reset-password)', () => {
  it('resets a forgotten password from the e-mailed link: mismatch refused, toast, home, new password signs in, old one no longer does', async () => {
    const user = await createAccount({ firstName: 'Ada', lastName: 'Lovelace' });
    const page = await suite.newPage();

    await page.goto('/login');
    await page.getByTestId('forgot-password-link').click();
    await page.getByTestId('reset-request').waitFor();
    await page.getByTestId('reset-request-email').fill(user.email);
    await page.getByTestId('reset-request-submit').click();
    const checkEmail = page.getByTestId('reset-check-email');
    await checkEmail.waitFor();
    expect(await checkEmail.getByRole('heading', { name: 'Check Your Email' }).isVisible()).toBe(true);
    expect(await textOf(page, 'reset-expiry-note')).toContain('expires in 1 hour');
    expect(await page.getByTestId('reset-send-another').isVisible()).toBe(true);

    const email = await waitForEmail(suite.smtp, user.email, /reset/i);
    expect(email.to).toEqual([user.email]);
    const link = linkIn(email, '/reset-password');
    expect(email.html).toContain('/reset-password?token=');

    await page.goto(link);
    await page.getByTestId('reset-new-password').waitFor();
    expect(await textOf(page, 'reset-greeting')).toContain('Ada');
    const emailField = page.getByTestId('reset-password-email');
    expect(await emailField.inputValue()).toBe(user.email);
    expect(await emailField.isEditable()).toBe(false);

    const newPassword = 'Brand-new-secret-7';
    await page.getByTestId('reset-password-password').fill(newPassword);
    await page.getByTestId('reset-password-confirm-password').fill('Something-else-7');
    await page.getByTestId('reset-password-submit').click();
    await expect.poll(() => textOf(page, 'reset-password-error')).toBe('Passwords do not match');
    expect(page.url()).toContain('/reset-password?token=');

    await page.getByTestId('reset-password-confirm-password').fill(newPassword);
    await page.getByTestId('reset-password-submit').click();
    await toast(page, 'Password updated').waitFor();
    // Signed in by the reset, on into the client portal (issue 26: it left the client signed out at home).
    await page.waitForURL(`${suite.baseUrl}/client/dashboard`);
    expect(await textOf(page, 'header-welcome')).toBe('Welcome, Ada');

    // The new password signs in.
    const later = await suite.newPage();
    await signIn(later, user.email, newPassword, 'visible');
    // A client who signs in at /login without a return address lands in the client portal (issue 12 item 8).
    expect(new URL(later.url()).pathname).toBe('/client/dashboard');
    expect(await textOf(later, 'header-welcome')).toBe('Welcome, Ada');

    // The old one does not, and the link cannot be used twice.
    const other = await suite.newPage();
    await other.goto('/login');
    await fillLogin(other, user.email, PASSWORD);
    await expect.poll(() => textOf(other, 'login-error')).toBe('Invalid email or password');
    expect(await other.getByTestId('login-error').getAttribute('role')).toBe('alert');
    await other.goto(link);
    await other.getByTestId('reset-invalid').waitFor();
    expect(await other.getByRole('heading', { name: 'Reset Link Invalid' }).isVisible()).toBe(true);
  });
});

describe('registration (/register)', () => {
  it('completes an invitation from the e-mailed link, signs in on /client/login to /client/dashboard, and the link is then spent', async () => {
    const organization = await createOrganization(database.db);
    const user = await createUser(database.db, {
      email: uniqueEmail('grace'),
      firstName: 'Grace',
      lastName: 'Hopper',
      passwordHash: null,
      accountSetupComplete: false,
    });
    await addMembership(database.db, organization.id, user.id);
    await inviteUser({ db: database.db, publisher, logger: silentLogger }, user.id);

    const email = await waitForEmail(suite.smtp, user.email, /invited/i);
    const link = linkIn(email, '/register');
    const page = await suite.newPage();
    await page.goto(link);
    const card = page.getByTestId('register-card');
    await card.waitFor();
    expect(await card.getByRole('heading', { name: 'Complete Your Registration' }).isVisible()).toBe(true);
    expect(await textOf(page, 'register-welcome')).toContain('Welcome, Grace!');
    const emailField = page.getByTestId('register-email');
    expect(await emailField.inputValue()).toBe(user.email);
    expect(await emailField.getAttribute('readonly')).not.toBeNull();
    expect(await emailField.isEditable()).toBe(false);

    const password = 'Invited-and-set-9';
    // Completing the invitation signs the client in, straight into the portal (issue 26).
    await completeRegistration(page, password);
    await page.getByTestId('header-welcome').waitFor();
    expect(await textOf(page, 'header-welcome')).toBe('Welcome, Grace');

    const [stored] = await database.db.select().from(schema.users).where(eq(schema.users.id, user.id));
    expect(stored?.accountSetupComplete).toBe(true);

    // The same link a second time.
    const again = await suite.newPage();
    await again.goto(link);
    await again.getByTestId('register-error').waitFor();
    expect(await again.getByRole('heading', { name: 'Registration Error' }).isVisible()).toBe(true);
    expect(await again.getByTestId('register-form').count()).toBe(0);
    // It says why and what to do instead (issue 26): the account is set up, so sign in.
    expect(await textOf(again, 'register-error-message')).toBe(
      'This invitation has already been used: your account is set up. Please sign in with your e-mail and password.',
    );
    await again.getByRole('link', { name: 'Sign In' }).click();
    await again.waitForURL('**/login');
  });

  it('shows a spent invitation with its sign-in link readably at 375 and 1280 px, with no serious axe-core violation', async () => {
    const user = await createAccount({ firstName: 'Spent' });
    const token = `spent-invitation-${crypto.randomUUID()}`;
    await database.db.insert(schema.userTokens).values({
      userId: user.id,
      kind: 'registration',
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + 3600_000),
      usedAt: new Date(),
    });
    for (const viewport of Object.values(viewports)) {
      // bypassCSP: axe-core is injected as an inline script, which the site's policy rightly refuses.
      const page = await suite.newPage({ viewport, bypassCSP: true });
      await page.goto(`/register?token=${token}`);
      await page.getByTestId('register-error').waitFor();
      expect(await textOf(page, 'register-error-message')).toContain('Please sign in');
      expect(await page.getByRole('link', { name: 'Sign In' }).isVisible()).toBe(true);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await screenshot(page, `register-spent-invitation-${viewport.width}`);
    }
  });

  it('says "No registration token provided" without a token', async () => {
    const page = await suite.newPage();
    await page.goto('/register');
    await page.getByTestId('register-error').waitFor();
    expect(await textOf(page, 'register-error-message')).toBe('No registration token provided');
    expect(await page.getByRole('heading', { name: 'Registration Error' }).isVisible()).toBe(true);
  });
});

describe('account settings (/account)', () => {
  it('sends an anonymous visitor to /login and back, updates the profile, refuses an empty first name, and sends a reset e-mail', async () => {
    const user = await createAccount({ firstName: 'Katherine', lastName: 'Johnson' });
    const page = await suite.newPage();

    await page.goto('/account');
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/account');
    await fillLogin(page, user.email, PASSWORD);
    await page.waitForURL(`${suite.baseUrl}/account`);
    await page.getByTestId('profile-form').waitFor();
    await closeToast(page, 'Login successful');
    expect(await page.getByRole('heading', { name: 'Account Settings', level: 1 }).isVisible()).toBe(true);
    expect(await page.getByTestId('profile-first-name').inputValue()).toBe('Katherine');
    expect(await page.getByTestId('profile-last-name').inputValue()).toBe('Johnson');
    expect(await page.getByTestId('profile-email').inputValue()).toBe(user.email);
    expect(await textOf(page, 'account-id')).toBe(String(user.id));
    expect(await textOf(page, 'account-type')).toBe('Standard User');
    expect(await textOf(page, 'account-created')).not.toBe('N/A');
    // Set when the account was made with its password (issue 26): a date, never 'Not available'.
    expect(await textOf(page, 'password-last-updated')).toMatch(/^Last updated: \w+ \d{1,2}, \d{4}$/);
    expect(await textOf(page, 'header-welcome')).toBe('Welcome, Katherine');

    // Names change at once (a new e-mail waits for its link: e2e/email-change.e2e.test.ts).
    await page.getByTestId('profile-first-name').fill('Kathy');
    await page.getByTestId('profile-last-name').fill('Goble');
    await page.getByTestId('profile-submit').click();
    await closeToast(page, 'Profile Updated');
    await expect.poll(() => textOf(page, 'header-welcome')).toBe('Welcome, Kathy');
    const [stored] = await database.db.select().from(schema.users).where(eq(schema.users.id, user.id));
    expect(stored).toMatchObject({ firstName: 'Kathy', lastName: 'Goble', email: user.email });

    // An empty first name is refused next to the field, and nothing changes.
    await page.getByTestId('profile-first-name').fill('');
    await page.getByTestId('profile-submit').click();
    await expect.poll(() => page.locator('[data-field-error]').allTextContents()).toEqual(['First name is required']);
    expect(await page.getByTestId('profile-first-name').getAttribute('aria-invalid')).toBe('true');
    expect(await textOf(page, 'header-welcome')).toBe('Welcome, Kathy');

    // Reset Password: the dialog names the address; confirming sends the e-mail.
    await page.getByTestId('account-reset-password').click();
    const dialog = page.getByTestId('reset-password-dialog');
    await dialog.waitFor();
    expect(await dialog.getAttribute('role')).toBe('alertdialog');
    expect(await textOf(page, 'reset-dialog-email')).toBe(user.email);
    expect((await textOf(page, 'reset-dialog-confirm')) ?? '').toBe('Send Reset Email');
    await page.getByTestId('reset-dialog-confirm').click();
    await toast(page, 'Password Reset Email Sent').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const email = await waitForEmail(suite.smtp, user.email, /reset/i);
    expect(linkIn(email, '/reset-password')).toMatch(/^\/reset-password\?token=/);
  });
});

describe('signing out', () => {
  it('signs out from the desktop account menu: the Login button is back and /api/auth/user answers 401', async () => {
    const user = await createAccount({ firstName: 'Mary', lastName: 'Jackson' });
    const page = await suite.newPage();
    await signInAndOpen(page, user.email, PASSWORD, '/', 'visible');
    await page.getByTestId('header-welcome').waitFor();
    expect(await textOf(page, 'header-welcome')).toBe('Welcome, Mary');
    expect(await page.getByTestId('header-dashboards-link').isVisible()).toBe(true);
    expect(await page.getByTestId('header-login-link').count()).toBe(0);
    expect(await textOf(page, 'cta-client-link')).toBe('Go to My Dashboards');
    expect(await sessionStatus(page)).toBe(200);

    const menu = await openAccountMenu(page);
    expect(await menu.getByTestId('header-account-link').isVisible()).toBe(true);
    const logout = menu.getByTestId('header-logout');
    expect(await logout.getAttribute('role')).toBe('menuitem');
    await logout.click();

    await page.getByTestId('header-login-link').waitFor();
    expect(await page.getByTestId('header-welcome').count()).toBe(0);
    await expect.poll(() => textOf(page, 'cta-client-link')).toBe('Client Login');
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await sessionStatus(page)).toBe(401);
    // And it stays signed out after a reload.
    await page.reload();
    await page.getByTestId('header-login-link').waitFor();
  });

  it('signs out from the mobile menu (375 px) through /api/logout', async () => {
    const user = await createAccount({ firstName: 'Dorothy', lastName: 'Vaughan' });
    const page = await suite.newPage({ viewport: viewports.mobile });
    await page.goto('/login');
    await fillLogin(page, user.email, PASSWORD);
    await page.waitForURL(`${suite.baseUrl}/client/dashboard`);
    await page.goto('/');
    await page.getByTestId('mobile-menu-toggle').click();
    const account = page.getByTestId('mobile-account');
    await account.waitFor();
    expect(await textOf(page, 'mobile-welcome')).toContain('Dorothy');
    expect(await page.getByTestId('mobile-admin-link').count()).toBe(0);
    const logout = page.getByTestId('mobile-logout');
    expect(await logout.getAttribute('href')).toBe('/api/logout');
    await logout.click();
    await page.waitForURL(`${suite.baseUrl}/`);
    await expect.poll(() => sessionStatus(page)).toBe(401);
    await page.getByTestId('mobile-menu-toggle').click();
    await page.getByTestId('mobile-menu').getByRole('link', { name: 'Client Login' }).waitFor();
    expect(await page.getByTestId('mobile-account').count()).toBe(0);
  });
});

describe('who may go where', () => {
  it('keeps a client out of /admin, lets an admin in with an Admin link in the menu, and asks an anonymous visitor of /client/dashboard to log in', async () => {
    const [client, admin] = await Promise.all([
      createAccount({ firstName: 'Clara', lastName: 'Client' }),
      createAccount({ firstName: 'Alan', lastName: 'Admin', isAdmin: true }),
    ]);

    const clientPage = await suite.newPage();
    await signInAndOpen(clientPage, client.email, PASSWORD, '/admin', 'visible');
    await clientPage.waitForURL(`${suite.baseUrl}/`);
    expect(await clientPage.getByRole('heading', { name: 'Admin overview' }).count()).toBe(0);
    const clientMenu = await openAccountMenu(clientPage);
    await clientMenu.getByTestId('header-account-link').waitFor();
    expect(await clientMenu.getByTestId('header-admin-link').count()).toBe(0);

    const adminPage = await suite.newPage();
    await signInAndOpen(adminPage, admin.email, PASSWORD, '/admin', 'visible');
    await adminPage.getByRole('heading', { name: 'Admin overview', level: 1 }).waitFor();
    expect(new URL(adminPage.url()).pathname).toBe('/admin');
    await adminPage.goto('/');
    const adminMenu = await openAccountMenu(adminPage);
    const adminLink = adminMenu.getByTestId('header-admin-link');
    expect(await adminLink.isVisible()).toBe(true);
    expect(await adminLink.getAttribute('href')).toBe('/admin');
    await adminLink.click();
    await adminPage.waitForURL(`${suite.baseUrl}/admin`);
    await adminPage.getByRole('heading', { name: 'Admin overview', level: 1 }).waitFor();

    const anonymous = await suite.newPage();
    await anonymous.goto('/client/dashboard');
    const accessRequired = anonymous.getByTestId('access-required');
    await accessRequired.waitFor();
    expect(await accessRequired.getByRole('heading', { name: 'Access Required' }).isVisible()).toBe(true);
    expect(await accessRequired.textContent()).toContain('Please log in to access your dashboards');
    expect(await anonymous.getByTestId('access-required-login').getAttribute('href')).toBe('/client/login');
    // On a dashboard's page, Login comes back to that dashboard (issue 26).
    await anonymous.goto('/client/dashboard/42');
    expect(await anonymous.getByTestId('access-required-login').getAttribute('href')).toBe(
      '/client/login?redirect=%2Fclient%2Fdashboard%2F42',
    );
    // An anonymous visitor of /admin goes home too.
    await anonymous.goto('/admin');
    await anonymous.waitForURL(`${suite.baseUrl}/`);
  });
});

describe('sign-in failures (/login)', () => {
  it('shows "Invalid email or password" for a wrong password and "This account has been deactivated" for a deactivated user', async () => {
    const [active, deactivated] = await Promise.all([
      createAccount({ firstName: 'Wrong' }),
      createAccount({ firstName: 'Gone', isActive: false }),
    ]);
    const page = await suite.newPage();
    await page.goto('/login');
    await fillLogin(page, active.email, 'not-the-password');
    const alert = page.getByTestId('login-error');
    await expect.poll(() => alert.textContent(), { timeout: 15_000 }).toBe('Invalid email or password');
    expect(await alert.getAttribute('role')).toBe('alert');
    expect(await page.getByTestId('login-form').getByRole('alert').textContent()).toBe('Invalid email or password');
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await sessionStatus(page)).toBe(401);

    await fillLogin(page, deactivated.email, PASSWORD);
    await expect.poll(() => alert.textContent(), { timeout: 15_000 }).toBe('This account has been deactivated');
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await sessionStatus(page)).toBe(401);
    expect(await page.getByTestId('header-login-link').isVisible()).toBe(true);
  });
});
