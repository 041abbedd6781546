import * as schema from '@app/db/schema';
import { addMembership, createOrganization } from '@app/db/testing';
import { startLookerStudioStandIn } from '@app/testing/lookerstudio-stand-in';
import { eq } from 'drizzle-orm';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeToast, signIn, signInAsClient } from './account-helpers';
import { useSuiteDatabase } from './database-helpers';
import { uniqueEmail } from './email-helpers';
import { screenshot, useBrowserSuite, viewports } from './harness';
import { seriousAxeViolations } from './marketing-helpers';

/**
 * Issue 28 in Chromium: an administrator adds a Looker Studio connection (the service account's key read from its
 * file), creates a dashboard picking the report from the connection's reports, and links it to an organization; the
 * portal shares the report with the organization's people in Google's stand-in and the Dashboards tab says it is in
 * step. A client of that organization then sees the report's frame and the Google account it is shared with, at 375
 * and 1280 px, with no serious axe-core violation.
 *
 * Google is the loopback stand-in (testing/lookerstudio-stand-in.ts); the report's frame
 * (https://lookerstudio.google.com/embed/reporting/...) is answered inside the browser by a page of the test
 * (Playwright's routing), so nothing leaves the machine.
 */

const google = await startLookerStudioStandIn();
const standInHost = new URL(google.url).host;
const suite = useBrowserSuite({
  env: {
    APP_ENCRYPTION_KEY: Buffer.alloc(32, 9).toString('base64'),
    GOOGLE_TOKEN_URL: google.tokenUrl,
    LOOKER_STUDIO_API_URL: google.apiUrl,
    OUTBOUND_ALLOW_HOSTS: standInHost,
  },
});

const PASSWORD = 'Correct-horse-42';
const REPORT_ID = '0b1d6a4e-1c2f-4e5a-9b8c-7d6e5f4a3b2c';
const REPORT_TITLE = 'Acme Sales 2026';
const EMBED_URL = `https://lookerstudio.google.com/embed/reporting/${REPORT_ID}`;
/** What the report's frame shows: a page standing in for Looker Studio's, served by the browser's routing. */
const REPORT_PAGE = `<!doctype html><html lang="en"><head><title>${REPORT_TITLE}</title></head>
<body style="font-family:sans-serif;margin:2rem"><h1 id="report">${REPORT_TITLE} (Looker Studio stand-in)</h1></body></html>`;

const database = useSuiteDatabase(suite, 'e2e-lookerstudio', PASSWORD);
let adminEmail: string;
let clientEmail: string;
let organizationName: string;
const dashboardName = `Sales in Looker ${crypto.randomUUID().slice(0, 6)}`;

beforeAll(async () => {
  const { db } = database;
  const admin = await database.account({ email: uniqueEmail('alma'), firstName: 'Alma', isAdmin: true });
  const client = await database.account({ email: uniqueEmail('ada'), firstName: 'Ada' });
  const organization = await createOrganization(db, { name: `Acme ${crypto.randomUUID().slice(0, 6)}` });
  await addMembership(db, organization.id, client.id);
  adminEmail = admin.email;
  clientEmail = client.email;
  organizationName = organization.name;
  google.addReport({ name: REPORT_ID, title: REPORT_TITLE });
  google.addReport({ name: '9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a', title: 'Operations Weekly' });
});

afterAll(async () => {
  await google.stop();
});

/** Frames of Looker Studio get the test's own page: the browser never reaches Google. */
async function serveReportFrames(context: BrowserContext): Promise<void> {
  await context.route('https://lookerstudio.google.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: REPORT_PAGE }),
  );
}

const dashboardRow = (page: Page) => page.getByTestId('dashboard-row').filter({ hasText: dashboardName });

describe('a Looker Studio dashboard', () => {
  it('is set up by an admin: connection from a key file, report picked from the search, linked, sharing in step', async () => {
    const page = await suite.newPage();
    await signIn(page, adminEmail, PASSWORD);

    // The connection: the key is read from its file, as downloaded from Google's console.
    await page.goto('/admin?tab=connections');
    await page.getByTestId('connection-create').click();
    await page.getByTestId('connection-form').waitFor();
    await page.getByTestId('connection-provider').selectOption('lookerstudio');
    await page.getByTestId('connection-name').fill('Google (stand-in)');
    await page.getByTestId('connection-key-file').setInputFiles({
      name: 'lucid-insight-1234.json',
      mimeType: 'application/json',
      buffer: Buffer.from(google.serviceAccountKey),
    });
    await expect.poll(() => page.getByTestId('connection-serviceAccountKey').inputValue()).toContain('service_account');
    await page.getByTestId('connection-delegatedUser').fill(google.delegatedUser);
    await page.getByTestId('connection-submit').click();
    const tested = page.getByTestId('connection-test-result');
    await tested.waitFor();
    expect(await tested.getAttribute('data-variant'), (await tested.textContent()) ?? '').toBe('success');
    await closeToast(page, 'Connection created');
    const connectionRow = page.getByTestId('connection-row').filter({ hasText: 'Google (stand-in)' });
    expect(await connectionRow.textContent()).toContain(
      `${google.serviceAccountEmail} acting as ${google.delegatedUser}`,
    );
    // The test after the save is its Status (issue 27).
    expect(await connectionRow.getByTestId('connection-status').getAttribute('data-state')).toBe('ok');

    // The dashboard: the report is found by its title and picked; its embed URL follows.
    await page.goto('/admin?tab=dashboards');
    await page.getByTestId('dashboard-create').click();
    await page.getByTestId('dashboard-form').waitFor();
    await page.getByTestId('dashboard-name').fill(dashboardName);
    await page.getByTestId('dashboard-category').selectOption('Sales');
    await page.getByTestId('dashboard-type').selectOption('Looker');
    await page.getByTestId('dashboard-embed-mode').selectOption('lookerstudio');
    await page.getByTestId('dashboard-connection').selectOption({ label: 'Google (stand-in)' });
    const report = page.getByTestId('dashboard-assetName');
    await report.click();
    await report.pressSequentially('Sales');
    const choice = page.getByRole('option', { name: new RegExp(REPORT_TITLE) });
    await choice.waitFor();
    // The search by title has answered: the other report is not offered.
    await expect.poll(() => page.getByRole('option', { name: /Operations Weekly/ }).count()).toBe(0);
    await screenshot(page, 'lookerstudio-admin-report-picker-1280');
    await choice.click();
    await expect.poll(() => report.inputValue()).toBe(REPORT_ID);
    expect(await page.getByTestId('dashboard-looker-embed-url').inputValue()).toBe(EMBED_URL);
    await page.getByTestId('dashboard-submit').click();
    await closeToast(page, 'Dashboard created');
    const [stored] = await database.db
      .select()
      .from(schema.dashboards)
      .where(eq(schema.dashboards.name, dashboardName));
    expect(stored?.embedUrl).toBe(EMBED_URL);

    // Linked to the client's organization: the portal shares the report with its people.
    await page.goto('/admin?tab=associations');
    await page.getByTestId('link-create').click();
    await page.getByTestId('link-organization').selectOption({ label: organizationName });
    await page.getByTestId('link-dashboard').selectOption({ label: `${dashboardName} (Sales)` });
    await page.getByTestId('link-submit').click();
    await closeToast(page, 'Dashboard linked to organization');
    await expect
      .poll(() => google.viewers(REPORT_ID), { timeout: 20_000 })
      .toEqual([`user:${clientEmail.toLowerCase()}`]);

    // The Dashboards tab says the sharing is in step, and the report is no public link.
    await expect
      .poll(
        async () => {
          await page.goto('/admin?tab=dashboards');
          await dashboardRow(page).waitFor();
          return dashboardRow(page).getByTestId('dashboard-sharing').getAttribute('data-state');
        },
        { timeout: 20_000 },
      )
      .toBe('in-step');
    expect(await dashboardRow(page).getByTestId('dashboard-public-link').count()).toBe(0);
    expect(await dashboardRow(page).getByTestId('dashboard-sharing-synced').textContent()).not.toBe('Never');
    await screenshot(page, 'lookerstudio-admin-dashboards-1280');

    // Sync now finds everything in step.
    await page.goto('/admin?tab=connections');
    await page.getByRole('button', { name: 'Actions for Google (stand-in)' }).click();
    await page.getByTestId('connection-actions-menu').getByTestId('connection-sync').click();
    const synced = page.getByTestId('connection-sync-result');
    await synced.waitFor();
    expect(await synced.textContent()).toContain("Synced 'Google (stand-in)': 0 added, 0 removed.");
    await screenshot(page, 'lookerstudio-admin-connections-1280');
  });

  for (const [label, viewport] of Object.entries(viewports))
    it(`shows a client the report's frame and the Google account it is shared with (${label}, ${viewport.width} px)`, async () => {
      const [stored] = await database.db
        .select()
        .from(schema.dashboards)
        .where(eq(schema.dashboards.name, dashboardName));
      expect(stored, 'the admin test made the dashboard').toBeDefined();
      // bypassCSP: axe-core is injected as a script, which the site's policy rightly refuses.
      const context = await suite.newContext({ viewport, bypassCSP: true });
      await serveReportFrames(context);
      const page = await context.newPage();
      await signInAsClient(page, clientEmail, PASSWORD);
      await page.goto(`/client/dashboard/${stored!.id}`);
      await page.getByRole('heading', { level: 1, name: dashboardName }).waitFor();

      const account = page.getByTestId('looker-studio-account');
      await account.waitFor();
      expect(await account.textContent()).toBe(
        `This report is shared with ${clientEmail.toLowerCase()}. Looker Studio asks you to sign in to Google with that account.`,
      );
      expect(await account.isVisible()).toBe(true);
      // Granted in the admin's test, a while ago by now or not: either way the page may say so; it never hides the frame.
      const frame = page.getByTestId('viewer-frame');
      expect(await frame.getAttribute('src')).toBe(EMBED_URL);
      await expect.poll(() => page.getByTestId('embed-viewer').getAttribute('data-status')).toBe('loaded');
      expect(await page.frameLocator('[data-testid="viewer-frame"]').locator('#report').textContent()).toContain(
        REPORT_TITLE,
      );
      expect(await frame.isVisible()).toBe(true);
      const box = await frame.boundingBox();
      expect(box?.width ?? 0).toBeGreaterThan(viewport.width / 2);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      ).toBe(0);

      expect(await seriousAxeViolations(page)).toEqual([]);
      await screenshot(page, `lookerstudio-viewer-${viewport.width}`);
    });
});
