import { addMembership, createLinkedDashboard, createOrganization, createUser, issueUserToken } from '@app/db/testing';
import { describe, expect, it, vi } from 'vitest';
import { completeRegistration, signInAsClient } from './account-helpers';
import { useSuiteDatabase } from './database-helpers';
import { forEachThemeAndViewport, useBrowserSuite } from './harness';
import { checkPage } from './marketing-helpers';

/**
 * Issue 26, item 17: the portal's dead ends. A client whose organization was deactivated is told so, inside the
 * portal; 'Access Required' comes back to the dashboard; an invitation ends signed in, in the portal.
 */
const suite = useBrowserSuite();

const PASSWORD = 'Paused-secret-42';
const database = useSuiteDatabase(suite, 'e2e-portal-dead-ends', PASSWORD);
// Each test walks both widths: two minutes apiece.
vi.setConfig({ testTimeout: 120_000 });

describe('the portal when the organization was paused', () => {
  it("says the organization's access is paused and whom to contact, on the list and on a dashboard, at 375 and 1280 px", async () => {
    const suffix = crypto.randomUUID().slice(0, 8);
    const org = await createOrganization(database.db, { name: `Paused Co ${suffix}`, isActive: false });
    const client = await database.account({ email: `paused-${suffix}@example.com`, firstName: 'Pat' });
    await addMembership(database.db, org.id, client.id);
    const dashboard = await createLinkedDashboard(database.db, [org.id], { name: `Paused board ${suffix}` });

    await forEachThemeAndViewport(
      suite,
      async (page, theme, viewport) => {
        await signInAsClient(page, client.email, PASSWORD);
        const paused = page.getByTestId('access-paused');
        await paused.waitFor();
        expect(await paused.getByRole('heading', { name: "Your organization's access is paused" }).isVisible()).toBe(
          true,
        );
        expect(await page.getByTestId('access-paused-message').textContent()).toContain(org.name);
        expect(await page.getByTestId('dashboards-empty').count()).toBe(0);
        await checkPage(page, `portal-paused-list-${viewport.width}-${theme}`);

        // A dashboard's own link: the same page, as the page's heading, with the portal's header and navigation.
        await page.goto(`/client/dashboard/${dashboard.id}`);
        await page.getByRole('heading', { level: 1, name: "Your organization's access is paused" }).waitFor();
        expect(await page.getByTestId('header-logout').isVisible()).toBe(true);
        expect(await page.getByTestId('access-paused-contact').getAttribute('href')).toBe('/contact');
        await checkPage(page, `portal-paused-dashboard-${viewport.width}-${theme}`);
      },
      { themes: ['light'], context: { bypassCSP: true } },
    );
  });
});

describe('arriving signed out', () => {
  it("'Access Required' Login signs in and comes back to the dashboard; an invitation ends signed in, in the portal", async () => {
    const suffix = crypto.randomUUID().slice(0, 8);
    const org = await createOrganization(database.db, { name: `Open Co ${suffix}` });
    const dashboard = await createLinkedDashboard(database.db, [org.id], { name: `Open board ${suffix}` });

    await forEachThemeAndViewport(
      suite,
      async (page, theme, viewport) => {
        const member = await database.account({ email: `member-${viewport.width}-${suffix}@example.com` });
        await addMembership(database.db, org.id, member.id);
        await page.goto(`/client/dashboard/${dashboard.id}`);
        await page.getByTestId('access-required').waitFor();
        await page.getByTestId('access-required-login').click();
        await page.getByTestId('client-login-email').fill(member.email);
        await page.getByTestId('client-login-password').fill(PASSWORD);
        await page.getByTestId('client-login-submit').click();
        await page.waitForURL(`${suite.baseUrl}/client/dashboard/${dashboard.id}`);
        await page.getByRole('heading', { level: 1, name: dashboard.name }).waitFor();

        // An invited client: the link's page, a password, and straight into the portal, signed in.
        const invited = await createUser(database.db, {
          email: `invited-${viewport.width}-${suffix}@example.com`,
          firstName: 'Ines',
          passwordHash: null,
          accountSetupComplete: false,
        });
        await addMembership(database.db, org.id, invited.id);
        const token = await issueUserToken(database.db, invited.id, 'registration');
        const fresh = await page.context().browser()!.newContext({ baseURL: suite.baseUrl, viewport, bypassCSP: true });
        const invitedPage = await fresh.newPage();
        await invitedPage.goto(`/register?token=${token}`);
        await invitedPage.getByTestId('register-card').waitFor();
        await completeRegistration(invitedPage, 'Invited-and-set-9');
        await invitedPage.getByTestId('dashboards-grid').waitFor();
        expect(await invitedPage.getByTestId('header-welcome').textContent()).toBe('Welcome, Ines');
        await checkPage(invitedPage, `portal-after-registration-${viewport.width}-${theme}`);
        await fresh.close();
      },
      { themes: ['light'], context: { bypassCSP: true } },
    );
  });
});
