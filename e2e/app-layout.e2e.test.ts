import { connect, type DatabaseHandle } from '@app/db';
import { addMembership, createDashboard, createOrganization, createUser, linkDashboard } from '@app/db/testing';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../backend/src/modules/auth/auth.service';
import { signIn, signInAndOpen } from './account-helpers';
import { screenshot, useBrowserSuite } from './harness';

// Issue 12, item 10: admin and portal pages use the whole window in an application layout of their own (not the
// marketing header and footer; 'Welcome' and 'Log Out' once), the admin tables fit at 1280 px and wider, and a
// narrow window (375 px) gets a usable layout.

const suite = useBrowserSuite();
const PASSWORD = 'Layout-secret-42';
let database: DatabaseHandle;
let admin: { email: string };
let client: { email: string };

const unique = () => crypto.randomUUID().slice(0, 6);

beforeAll(async () => {
  database = connect(suite.product.databaseUrl, { max: 2, applicationName: 'e2e-app-layout' });
  const passwordHash = await hashPassword(PASSWORD);
  const db = database.db;
  const adminUser = await createUser(db, {
    email: `layout-admin-${unique()}@example.com`,
    firstName: 'Alma',
    lastName: 'Admin',
    passwordHash,
    isAdmin: true,
    accountSetupComplete: true,
    hasLoggedIn: true,
  });
  admin = adminUser;
  // Realistic, long content: long names and e-mail addresses, users in several organizations.
  const organizations = await Promise.all(
    ['Northwind Traders International', 'Contoso Pharmaceuticals Europe', 'Fabrikam Research Institute'].map((name) =>
      createOrganization(db, {
        name: `${name} ${unique()}`,
        domain: `${name.split(' ')[0]!.toLowerCase()}.example.com`,
      }),
    ),
  );
  const dashboards = await Promise.all(
    [
      ['Quarterly Enrollment Analytics Overview', 'Education', 'Looker'],
      ['Operations Fabrication Progress Tracker', 'Operations', 'PowerBI'],
      ['Post Program Survey Analytics Results', 'Research', 'Tableau'],
    ].map(([name, category, type]) =>
      createDashboard(db, { name: `${name} ${unique()}`, category: category!, type: type!, isPublic: true }),
    ),
  );
  for (const organization of organizations)
    for (const dashboard of dashboards) await linkDashboard(db, organization.id, dashboard.id);
  const created = [];
  for (let i = 0; i < 6; i++)
    created.push(
      await createUser(db, {
        email: `a-rather-long-client-address-${i}-${unique()}@subsidiary.example-corporation.com`,
        firstName: `Maximiliana${i}`,
        lastName: 'Featherstonehaugh-Smythe',
        passwordHash,
        accountSetupComplete: i % 2 === 0,
        hasLoggedIn: i % 3 === 0,
      }),
    );
  for (const user of created)
    for (const organization of organizations) await addMembership(db, organization.id, user.id);
  await addMembership(db, organizations[0]!.id, adminUser.id);
  client = created[0]!;
});

afterAll(async () => {
  await database?.close().catch(() => {});
});

/** The page's own chrome: the application header, not the marketing one, 'Welcome' and 'Log Out' once. */
async function expectAppChrome(page: Page, firstName: string) {
  await page.getByTestId('app-header').waitFor();
  expect(await page.getByTestId('site-header').count()).toBe(0);
  expect(await page.getByTestId('site-footer').count()).toBe(0);
  const welcome = page.getByText(/^Welcome, /);
  expect(await welcome.count()).toBe(1);
  expect(await welcome.textContent()).toBe(`Welcome, ${firstName}`);
  expect(await welcome.isVisible()).toBe(true);
  const logOut = page.getByText('Log Out', { exact: true });
  expect(await logOut.count()).toBe(1);
  expect(await logOut.isVisible()).toBe(true);
  expect(await page.getByTestId('header-logout').getAttribute('href')).toBe('/api/logout');
  expect(await page.getByTestId('theme-switcher').isVisible()).toBe(true);
  expect(await page.getByTestId('app-back-to-site').getAttribute('href')).toBe('/');
  // The page itself never scrolls sideways.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

const TABLES = {
  organizations: 'organizations-table',
  dashboards: 'dashboards-table',
  users: 'users-table',
  associations: 'associations-table',
  audit: 'audit-table',
} as const;

/** A table's width against its scrolling box, and whether every button of it is fully in view without scrolling. */
async function measure(page: Page, testId: string) {
  return page.getByTestId(testId).evaluate((box) => {
    const table = box.querySelector('table')!;
    const frame = box.getBoundingClientRect();
    const buttons = [...box.querySelectorAll('tbody button')].map((button) => {
      const r = button.getBoundingClientRect();
      return {
        label: button.getAttribute('aria-label') ?? button.textContent,
        inside: r.left >= frame.left - 0.5 && r.right <= frame.right + 0.5 && r.right <= window.innerWidth,
      };
    });
    return {
      tableWidth: table.scrollWidth,
      boxWidth: box.clientWidth,
      boxScrollWidth: box.scrollWidth,
      hidden: buttons.filter((b) => !b.inside).map((b) => b.label),
      buttons: buttons.length,
    };
  });
}

describe('the application layout', () => {
  for (const width of [1280, 1920])
    it(`fits every admin table in its box at ${width} px, every action in view`, async () => {
      const page = await suite.newPage({ viewport: { width, height: 900 } });
      // Something in the audit log.
      await signInAndOpen(page, admin.email, PASSWORD, '/admin?tab=organizations');
      await page.getByTestId('organizations-table').waitFor();
      await expectAppChrome(page, 'Alma');
      const figures: Record<string, unknown> = {};
      for (const [tab, testId] of Object.entries(TABLES)) {
        await page.goto(`/admin?tab=${tab}`);
        await page.getByTestId(testId).locator('tbody tr').first().waitFor();
        const m = await measure(page, testId);
        figures[tab] = m;
        expect(m.tableWidth, `${tab} table ${m.tableWidth} px in a ${m.boxWidth} px box`).toBeLessThanOrEqual(
          m.boxWidth,
        );
        expect(m.boxScrollWidth, tab).toBeLessThanOrEqual(m.boxWidth);
        expect(m.hidden, `${tab}: actions out of view`).toEqual([]);
        if (tab !== 'audit') expect(m.buttons, tab).toBeGreaterThan(0);
        await screenshot(page, `app-layout-admin-${tab}-${width}`);
      }
      console.info(`admin tables at ${width} px:`, JSON.stringify(figures));
      await page.goto('/client/dashboard');
      await page.getByTestId('dashboard-card').first().waitFor();
      await expectAppChrome(page, 'Alma');
      await screenshot(page, `app-layout-client-dashboard-${width}`);
      await page.goto('/account');
      await page.getByTestId('profile-form').waitFor();
      await expectAppChrome(page, 'Alma');
      await screenshot(page, `app-layout-account-${width}`);
    });

  it('is usable at 375 px: no sideways page scroll, tables scroll inside themselves with every action reachable', async () => {
    const page = await suite.newPage({ viewport: { width: 375, height: 812 } });
    await signIn(page, admin.email, PASSWORD);
    for (const [tab, testId] of Object.entries(TABLES)) {
      await page.goto(`/admin?tab=${tab}`);
      await page.getByTestId(testId).locator('tbody tr').first().waitFor();
      await expectAppChrome(page, 'Alma');
      // Every action can be brought into view and clicked (the table scrolls, not the page).
      const buttons = page.getByTestId(testId).locator('tbody button');
      for (let i = 0; i < (await buttons.count()); i++) {
        const button = buttons.nth(i);
        await button.scrollIntoViewIfNeeded();
        const box = (await button.boundingBox())!;
        expect(box.x, (await button.textContent()) ?? undefined).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(375);
      }
      await page.getByTestId(testId).evaluate((el) => el.scrollTo(0, 0));
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, `app-layout-admin-${tab}-375`);
    }
    // The links of the application are there, in a row of their own.
    for (const id of ['app-nav-dashboards', 'app-nav-admin', 'app-nav-account'])
      expect(await page.getByTestId(id).isVisible(), id).toBe(true);
    await page.goto('/client/dashboard');
    await page.getByTestId('dashboard-card').first().waitFor();
    await expectAppChrome(page, 'Alma');
    await screenshot(page, 'app-layout-client-dashboard-375');
    await page.goto('/account');
    await page.getByTestId('profile-form').waitFor();
    await expectAppChrome(page, 'Alma');
    await screenshot(page, 'app-layout-account-375');
  });

  it("greets a client once on their dashboard's page and offers no Admin link", async () => {
    const page = await suite.newPage({ viewport: { width: 1280, height: 900 } });
    await signInAndOpen(page, client.email, PASSWORD, '/client/dashboard');
    await page.getByTestId('dashboard-card').first().waitFor();
    await expectAppChrome(page, 'Maximiliana0');
    expect(await page.getByTestId('app-nav-admin').count()).toBe(0);
    await page
      .getByTestId('dashboard-card')
      .first()
      .getByRole('link', { name: /View Dashboard/ })
      .click();
    await page.getByTestId('dashboard-summary').waitFor();
    await expectAppChrome(page, 'Maximiliana0');
    await screenshot(page, 'app-layout-client-dashboard-view-1280');
  });
});
