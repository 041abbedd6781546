import { connect, type DatabaseHandle } from '@app/db';
import * as schema from '@app/db/schema';
import { addMembership, createDashboard, createOrganization, createUser, linkDashboard } from '@app/db/testing';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../backend/src/modules/auth/auth.service';
import { signInAsClient } from './account-helpers';
import { forEachThemeAndViewport, freePorts, screenshot, useBrowserSuite } from './harness';
import { horizontalOverflow, seriousAxeViolations } from './marketing-helpers';

/**
 * Issue 12, items 2, 3 and 34: a view is recorded when the viewer is shown, not when a 'View Dashboard' link is
 * hovered (the router preloads the page then); a frame whose host refuses connections shows 'Work in Progress'.
 */

// A port nothing listens on: connections to it are refused. The site's frame-src allows it, so the browser tries it,
// gets its own error page and still fires 'load': only the server can tell.
const [refusingPort] = (await freePorts(1)) as [number];
/** A host outside frame-src that the server cannot resolve either ('unknown'): only the page's policy can tell. */
const BLOCKED_URL = 'https://reports.blocked.invalid/report';
// The server asks only public addresses and those the operator names (D35): the refusing port is named.
const suite = useBrowserSuite({
  env: { EMBED_HOSTS: `https://127.0.0.1:${refusingPort}`, OUTBOUND_ALLOW_HOSTS: `127.0.0.1:${refusingPort}` },
});

const PASSWORD = 'Correct-horse-42';
const FAKE_REPORT = '<!doctype html><html><body><h1>Fake Power BI report</h1></body></html>';

let database: DatabaseHandle;
let email: string;
let report: { id: number; name: string };
let refusing: { id: number; name: string };
let blocked: { id: number; name: string };

beforeAll(async () => {
  database = connect(suite.product.databaseUrl, { max: 2, applicationName: 'e2e-portal-viewer' });
  const { db } = database;
  const suffix = crypto.randomUUID().slice(0, 8);
  const org = await createOrganization(db, { name: `Initech ${suffix}` });
  const client = await createUser(db, {
    email: `grace-${suffix}@example.com`,
    firstName: 'Grace',
    passwordHash: await hashPassword(PASSWORD),
    accountSetupComplete: true,
  });
  await addMembership(db, org.id, client.id);
  report = await createDashboard(db, {
    name: 'Initech Revenue',
    type: 'PowerBI',
    embedUrl: 'https://app.powerbi.com/view?r=initech',
  });
  refusing = await createDashboard(db, {
    name: 'Refusing Host Report',
    type: 'PowerBI',
    embedUrl: `https://127.0.0.1:${refusingPort}/report`,
  });
  blocked = await createDashboard(db, {
    name: 'Blocked Host Report',
    type: 'Custom',
    embedUrl: BLOCKED_URL,
  });
  for (const d of [report, refusing, blocked]) await linkDashboard(db, org.id, d.id);
  email = client.email;
});

afterAll(async () => {
  await database?.close().catch(() => {});
});

const viewRows = (dashboardId: number) =>
  database.db.select().from(schema.dashboardViews).where(eq(schema.dashboardViews.dashboardId, dashboardId));
const viewsOf = async (dashboardId: number) => (await viewRows(dashboardId)).length;

async function signedInPage() {
  const page = await suite.newPage();
  await page.route('https://app.powerbi.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: FAKE_REPORT }),
  );
  await signInAsClient(page, email, PASSWORD);
  await page.getByTestId('dashboards-grid').waitFor();
  return page;
}

const viewLink = (page: Page, name: string) =>
  page.getByTestId('dashboard-card').filter({ hasText: name }).getByRole('link', { name: 'View Dashboard' });

describe('the dashboard viewer', () => {
  it('records no view when a View Dashboard card is hovered, one when it is opened, and no second one on reload', async () => {
    const page = await signedInPage();
    const preload = page.waitForResponse((r) => r.url().endsWith(`/api/dashboards/${report.id}`));
    await viewLink(page, report.name).hover();
    expect((await preload).status()).toBe(200);
    await page.waitForTimeout(500);
    expect(page.url()).toBe(`${suite.baseUrl}/client/dashboard`);
    expect(await viewsOf(report.id)).toBe(0);

    const recorded = page.waitForResponse(
      (r) => r.url().endsWith(`/api/dashboards/${report.id}/views`) && r.request().method() === 'POST',
    );
    await viewLink(page, report.name).click();
    await page.waitForURL(`${suite.baseUrl}/client/dashboard/${report.id}`);
    expect(await (await recorded).json()).toEqual({ recorded: true });
    await expect.poll(() => page.getByTestId('embed-viewer').getAttribute('data-status')).toBe('loaded');
    expect(await viewsOf(report.id)).toBe(1);

    // Shown again within minutes: still one view (D33).
    const again = page.waitForResponse((r) => r.url().endsWith(`/api/dashboards/${report.id}/views`));
    await page.reload();
    expect(await (await again).json()).toEqual({ recorded: false });
    expect(await viewsOf(report.id)).toBe(1);
  });

  it("shows 'Work in Progress' with 'Try again' and 'Open in a new tab' for a frame whose host refuses connections", async () => {
    const page = await signedInPage();
    await viewLink(page, refusing.name).click();
    await page.waitForURL(`${suite.baseUrl}/client/dashboard/${refusing.id}`);
    const placeholder = page.getByTestId('viewer-unavailable');
    await placeholder.waitFor();
    expect(await placeholder.getByRole('heading', { name: 'Work in Progress' }).isVisible()).toBe(true);
    expect(await page.locator('iframe').count()).toBe(0);
    const newTab = placeholder.getByRole('link', { name: 'Open in a new tab' });
    expect(await newTab.getAttribute('href')).toBe(`https://127.0.0.1:${refusingPort}/report`);
    expect(await newTab.getAttribute('target')).toBe('_blank');

    // 'Try again' asks the server again; the host still refuses, so the placeholder comes back.
    const asked = page.waitForResponse((r) => r.url().endsWith(`/api/dashboards/${refusing.id}/embed-status`));
    await placeholder.getByRole('button', { name: 'Try again' }).click();
    expect(await (await asked).json()).toEqual({ status: 'unreachable' });
    await page.getByTestId('viewer-unavailable').waitFor();
    expect(await page.getByTestId('embed-viewer').getAttribute('data-status')).toBe('failed');
    // D37: recorded as a load that failed, not as a client's use of the dashboard.
    await expect
      .poll(async () => (await viewRows(refusing.id)).map((v) => [v.loaded, v.clientUsage]))
      .toEqual([[false, false]]);
  });

  it('shows the name once and the dashboard high on the page; a placeholder offers no controls that need a dashboard', {
    timeout: 120_000,
  }, async () => {
    await forEachThemeAndViewport(
      suite,
      async (page, theme, viewport) => {
        await page.route('https://app.powerbi.com/**', (route) =>
          route.fulfill({ status: 200, contentType: 'text/html', body: FAKE_REPORT }),
        );
        await signInAsClient(page, email, PASSWORD);
        await page.goto(`/client/dashboard/${report.id}`);
        await expect.poll(() => page.getByTestId('embed-viewer').getAttribute('data-status')).toBe('loaded');
        await page.mouse.move(0, 0);
        await screenshot(page, `portal-viewer-${viewport.width}-${theme}`);
        // The name once, as the page's heading (the frame's title names the frame for screen readers only).
        const main = page.locator('main');
        const shown = await main.evaluate(
          (element, name) =>
            [...element.querySelectorAll('*')].filter(
              (e) =>
                e.childElementCount === 0 &&
                e.textContent?.trim() === name &&
                (e as HTMLElement).offsetParent !== null &&
                e.getAttribute('aria-hidden') !== 'true' &&
                !e.closest('[aria-hidden="true"]'),
            ).length,
          report.name,
        );
        expect(shown).toBe(1);
        expect(await page.getByRole('heading', { level: 1, name: report.name }).isVisible()).toBe(true);
        // The dashboard starts high on the page: its frame's top in the first third of the window at 1280 x 800.
        const frameTop = await page.getByTestId('viewer-frame').evaluate((f) => f.getBoundingClientRect().top);
        if (viewport.width >= 1280) expect(frameTop).toBeLessThan(280);
        else expect(frameTop).toBeLessThan(viewport.height * 0.6);
        expect(await seriousAxeViolations(page)).toEqual([]);
        expect(await horizontalOverflow(page)).toBe(0);

        // 'Work in Progress': no Power BI tip, no Reset Pages nor Fullscreen for a dashboard that is not there.
        await page.goto(`/client/dashboard/${refusing.id}`);
        await page.getByTestId('viewer-unavailable').waitFor();
        expect(await page.getByTestId('viewer-reset').count()).toBe(0);
        expect(await page.getByTestId('viewer-fullscreen').count()).toBe(0);
        expect(await page.getByTestId('powerbi-tip').isVisible()).toBe(false);
        expect(await page.getByTestId('viewer-retry').isVisible()).toBe(true);
        await screenshot(page, `portal-viewer-unavailable-${viewport.width}-${theme}`);
        expect(await seriousAxeViolations(page)).toEqual([]);
        expect(await horizontalOverflow(page)).toBe(0);
      },
      { themes: ['light'], context: { bypassCSP: true } },
    );
  });

  it("shows 'Work in Progress' for a frame the site's policy blocks (a host outside frame-src)", async () => {
    const page = await signedInPage();
    const asked = page.waitForResponse((r) => r.url().endsWith(`/api/dashboards/${blocked.id}/embed-status`));
    await page.goto(`/client/dashboard/${blocked.id}`);
    expect(await (await asked).json()).toEqual({ status: 'unknown' });
    await page.getByTestId('viewer-unavailable').waitFor();
    expect(await page.getByTestId('viewer-retry').isVisible()).toBe(true);
    expect(await page.getByTestId('viewer-open-new-tab').getAttribute('href')).toBe(BLOCKED_URL);
  });
});
