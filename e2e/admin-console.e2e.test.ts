import * as schema from '@app/db/schema';
import { addMembership, createDashboard, createOrganization, linkDashboard } from '@app/db/testing';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signIn, signInAndOpen } from './account-helpers';
import { useSuiteDatabase } from './database-helpers';
import { uniqueEmail } from './email-helpers';
import { screenshot, themedPage, useBrowserSuite, viewports } from './harness';
import { seriousAxeViolations } from './marketing-helpers';

// Issue 27: the administration in sections, its overview, the preview banner and the queue board's 403.

const suite = useBrowserSuite();
const PASSWORD = 'Admin-secret-42';
const database = useSuiteDatabase(suite, 'e2e-admin-console', PASSWORD);

const person = (firstName: string, isAdmin: boolean) =>
  database.account({ email: uniqueEmail(firstName.toLowerCase()), firstName, lastName: 'Tester', isAdmin });

const pathOf = (page: Page) => new URL(page.url()).pathname + new URL(page.url()).search;

async function noSeriousAxeViolations(page: Page) {
  expect(await seriousAxeViolations(page)).toEqual([]);
}

describe('the admin overview', () => {
  it('is where an admin lands after signing in: figures that link to their sections, at 1280 and 375 px', async () => {
    const admin = await person('Olga', true);
    // Something to count: a contact message today, a failed sign-in, a dashboard whose last view failed.
    await database.db
      .insert(schema.contactMessages)
      .values({ name: 'Lead', email: uniqueEmail('lead'), subject: 'Hello', message: 'A dashboard, please' });
    await database.db
      .insert(schema.signInEvents)
      .values({ email: uniqueEmail('guess'), method: 'password', result: 'failure' });
    const broken = await createDashboard(database.db, { name: `Broken ${crypto.randomUUID().slice(0, 6)}` });
    await database.db.insert(schema.dashboardViews).values({ dashboardId: broken.id, loaded: false, byAdmin: true });

    for (const [label, viewport] of Object.entries(viewports)) {
      for (const theme of ['light', 'dark'] as const) {
        const page = await themedPage(suite, theme, { viewport, bypassCSP: true });
        await signIn(page, admin.email, PASSWORD);
        await page.waitForURL(`${suite.baseUrl}/admin`);
        await page.getByRole('heading', { name: 'Admin overview', level: 1 }).waitFor();
        const leads = page.getByTestId('overview-leads');
        await leads.waitFor();
        expect(Number(await page.getByTestId('overview-leads-figure').textContent())).toBeGreaterThanOrEqual(1);
        expect(Number(await page.getByTestId('overview-sign-ins-figure').textContent())).toBeGreaterThanOrEqual(1);
        expect(await page.getByTestId('overview-dashboards-list').textContent()).toContain(broken.name);
        expect(await page.getByTestId('overview-dashboards').getAttribute('data-alarm')).toBe('true');
        expect(await page.getByTestId('overview-failures-link').getAttribute('href')).toBe('/admin/queues');
        // No sideways scrolling at either width.
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        const sidebar = page.getByTestId('admin-sidebar');
        if (label === 'mobile') {
          // Folded on a phone: a 'Sections' button opens it.
          expect(await sidebar.isVisible()).toBe(false);
          const toggle = page.getByTestId('admin-sections-toggle');
          expect(await toggle.getAttribute('aria-expanded')).toBe('false');
          await screenshot(page, `admin-overview-${label}-${theme}`);
          await toggle.click();
          await sidebar.waitFor();
          expect(await toggle.getAttribute('aria-expanded')).toBe('true');
          await noSeriousAxeViolations(page);
          await screenshot(page, `admin-sidebar-open-${label}-${theme}`);
        } else {
          expect(await sidebar.isVisible()).toBe(true);
          await noSeriousAxeViolations(page);
          await screenshot(page, `admin-overview-${label}-${theme}`);
        }
        // Each figure links to its section; the sidebar marks where the admin is.
        await page.getByTestId('overview-sign-ins-link').click();
        await page.waitForURL(`${suite.baseUrl}/admin/sign-ins`);
        await page.getByRole('heading', { name: 'Sign-ins', level: 1 }).waitFor();
        if (label === 'mobile') await page.getByTestId('admin-sections-toggle').click();
        expect(await page.getByTestId('admin-nav-sign-ins').getAttribute('aria-current')).toBe('page');
        expect(await page.getByTestId('admin-nav-overview').getAttribute('aria-current')).toBeNull();
        await page.getByTestId('admin-nav-dashboards').click();
        await page.getByTestId('admin-panel-dashboards').waitFor();
        if (label === 'mobile') expect(await sidebar.isVisible()).toBe(false);
        await page.getByTestId('dashboard-row').first().waitFor();
        await screenshot(page, `admin-dashboards-${label}-${theme}`);
        await noSeriousAxeViolations(page);
        await page.context().close();
      }
    }
  });

  it('sends old /admin?tab= links to the new sections, the view kept, and a redirect parameter still wins', async () => {
    const admin = await person('Rita', true);
    const page = await suite.newPage();
    await signInAndOpen(page, admin.email, PASSWORD, '/admin?tab=users&q=rita');
    await page.getByTestId('admin-panel-users').waitFor();
    expect(pathOf(page)).toBe('/admin/people?q=rita');
    await page.goto('/admin?tab=site-pages');
    await page.getByTestId('admin-panel-site-pages').waitFor();
    expect(pathOf(page)).toBe('/admin/pages');
    // Back does not return to the old address (it was replaced).
    await page.goto('/admin?tab=nope');
    await page.getByTestId('overview-leads').waitFor();
    expect(pathOf(page)).toBe('/admin');

    const other = await suite.newPage();
    await other.goto('/login?redirect=%2Fadmin%2Faudit');
    await other.getByTestId('login-email').fill(admin.email);
    await other.getByTestId('login-password').fill(PASSWORD);
    await other.getByTestId('login-submit').click();
    await other.waitForURL(`${suite.baseUrl}/admin/audit`);
  });
});

describe("an admin's preview", () => {
  it("says whose view it is everywhere in it, and Exit preview returns to the admin's list as it was", async () => {
    const admin = await person('Pia', true);
    const organization = await createOrganization(database.db, {
      name: `Preview Org ${crypto.randomUUID().slice(0, 6)}`,
    });
    const name = `Preview ${crypto.randomUUID().slice(0, 6)}`;
    const dashboard = await createDashboard(database.db, { name, embedUrl: 'https://app.powerbi.com/view?r=abc' });
    await linkDashboard(database.db, organization.id, dashboard.id);

    for (const [label, viewport] of Object.entries(viewports)) {
      const page = await suite.newPage({ viewport, bypassCSP: true });
      await signInAndOpen(page, admin.email, PASSWORD, `/admin/dashboards?name=${encodeURIComponent(name)}`);
      const row = page.getByTestId('dashboard-row').filter({ hasText: name });
      await row.waitFor();
      await row.getByTestId('dashboard-actions').click();
      await page.getByTestId('dashboard-preview').click();
      await page.waitForURL((url) => url.pathname === `/client/dashboard/${dashboard.id}`);
      const banner = page.getByTestId('preview-banner');
      await banner.waitFor();
      expect(await banner.textContent()).toContain('Previewing as');
      expect(await page.getByTestId('back-to-dashboards').textContent()).toContain('Back to admin');
      await noSeriousAxeViolations(page);
      await screenshot(page, `admin-preview-${label}`);
      await banner.getByTestId('preview-exit').click();
      await page.waitForURL((url) => url.pathname === '/admin/dashboards');
      expect(new URL(page.url()).searchParams.get('name')).toBe(name);
      await page.getByTestId('dashboard-row').filter({ hasText: name }).waitFor();
    }
  });

  it('is not a preview for a client: no banner, the way back is their dashboards', async () => {
    const client = await person('Cleo', false);
    const organization = await createOrganization(database.db, {
      name: `Client Org ${crypto.randomUUID().slice(0, 6)}`,
    });
    const dashboard = await createDashboard(database.db, {
      name: 'Client view',
      embedUrl: 'https://app.powerbi.com/view?r=c',
    });
    await linkDashboard(database.db, organization.id, dashboard.id);
    await addMembership(database.db, organization.id, client.id);
    const page = await suite.newPage();
    await signInAndOpen(page, client.email, PASSWORD, `/client/dashboard/${dashboard.id}?from=/admin/dashboards`);
    await page.getByTestId('dashboard-name').waitFor();
    expect(await page.getByTestId('preview-banner').count()).toBe(0);
    expect(await page.getByTestId('back-to-dashboards').getAttribute('href')).toBe('/client/dashboard');
  });
});

describe('the queue board', () => {
  it("answers a signed-in client with the product's 403 page, in both widths", async () => {
    const client = await person('Quinn', false);
    for (const [label, viewport] of Object.entries(viewports)) {
      const page = await suite.newPage({ viewport, bypassCSP: true });
      const response = await signInAndOpen(page, client.email, PASSWORD, '/admin/queues');
      expect(response?.status()).toBe(403);
      const heading = page.getByTestId('forbidden-heading');
      await heading.waitFor();
      expect(await heading.textContent()).toBe("You don't have access to this page");
      expect(await page.textContent('body')).not.toContain('Administrator access required');
      expect(await page.getByTestId('app-header').isVisible()).toBe(true);
      expect(await page.title()).toContain('Access denied');
      await noSeriousAxeViolations(page);
      await screenshot(page, `queue-board-403-${label}`);
      await page.getByTestId('forbidden-home').click();
      await page.waitForURL(`${suite.baseUrl}/client/dashboard`);
    }
  });

  it("sits in the admin's look: its title, the admin's theme and a labelled way back", async () => {
    const admin = await person('Quentin', true);
    const page = await themedPage(suite, 'dark');
    await signInAndOpen(page, admin.email, PASSWORD, '/admin');
    await page.getByTestId('admin-queues-link').click();
    await page.waitForURL(`${suite.baseUrl}/admin/queues`);
    const back = page.getByTestId('queue-board-back');
    await back.waitFor();
    expect(await page.title()).toBe('Queues | Lucid Insight');
    // The board follows the product's dark theme.
    await expect.poll(() => page.evaluate(() => document.body.classList.contains('dark-mode'))).toBe(true);
    await screenshot(page, 'queue-board-admin-dark');
    await back.click();
    await page.waitForURL(`${suite.baseUrl}/admin`);
  });
});
