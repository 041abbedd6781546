import * as schema from '@app/db/schema';
import { addMembership, createLinkedDashboard, createOrganization } from '@app/db/testing';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signInAndOpen, signInAsClient } from './account-helpers';
import { useSuiteDatabase } from './database-helpers';
import { forEachThemeAndViewport, useBrowserSuite } from './harness';
import { checkPage } from './marketing-helpers';

/** Issue 18 in the browser: the portal's stars, search and organizations, and the admins' Usage tab. */
const suite = useBrowserSuite();

const PASSWORD = 'Insight-secret-42';
const database = useSuiteDatabase(suite, 'e2e-portal-insight', PASSWORD);

const person = (email: string, overrides: Parameters<typeof database.account>[0] = {}) =>
  database.account({ email, ...overrides });

/** A client of one organization with a logo (a site path: the site's own picture), and four dashboards. */
async function clientWithDashboards() {
  const suffix = crypto.randomUUID().slice(0, 8);
  const org = await createOrganization(database.db, { name: `Northwind ${suffix}`, logoUrl: '/og-image.png' });
  const client = await person(`nina-${suffix}@example.com`, { firstName: 'Nina' });
  await addMembership(database.db, org.id, client.id);
  const specs = [
    {
      name: 'Revenue Pulse',
      category: 'Sales',
      description: 'Bookings and pipeline by region.',
      thumbnailUrl: '/og-image.png',
    },
    { name: 'Campus Enrollment', category: 'Education', description: 'Students by term.' },
    { name: 'Payroll Watch', category: 'Finance', description: 'Monthly payroll against budget.' },
    { name: 'Hiring Funnel', category: 'HR', description: 'Applicants, interviews and offers.' },
  ];
  const dashboards = [];
  for (const spec of specs) {
    dashboards.push(
      await createLinkedDashboard(database.db, [org.id], { ...spec, embedUrl: 'https://app.powerbi.com/view?r=x' }),
    );
  }
  // Viewed three days ago: the card says so.
  await database.db
    .insert(schema.dashboardViews)
    .values({ dashboardId: dashboards[0]!.id, userId: client.id, viewedAt: new Date(Date.now() - 3 * 86_400_000) });
  return { org, client, dashboards };
}

const cardNames = (page: Page) => page.getByTestId('dashboard-card-name').allTextContents();

describe('client portal (issue 18)', () => {
  it("keeps a star across a reload, narrows the grid as the client types, and shows the organization's logo and name", async () => {
    const { org, client } = await clientWithDashboards();
    const page = await suite.newPage();
    await signInAsClient(page, client.email, PASSWORD);
    await page.getByTestId('dashboards-grid').waitFor();

    const banner = page.getByTestId('portal-organization');
    await banner.waitFor();
    expect(await banner.getByTestId('portal-organization-name').textContent()).toBe(org.name);
    const logo = banner.getByRole('img', { name: `${org.name} logo` });
    expect(await logo.getAttribute('src')).toBe('/og-image.png');
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

    // The card with a thumbnail shows it; the others a neutral placeholder with their own name, never another
    // dashboard's picture (issue 26).
    const pictures = page.getByTestId('dashboard-card-picture');
    expect(await pictures.count()).toBe(1);
    await expect
      .poll(() => pictures.evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).naturalWidth > 0)))
      .toBe(true);
    expect(await page.getByTestId('dashboard-card-placeholder').allTextContents()).toEqual([
      'Campus Enrollment',
      'Hiring Funnel',
      'Payroll Watch',
    ]);
    const revenue = page.getByTestId('dashboard-card').filter({ hasText: 'Revenue Pulse' });
    expect(await revenue.getByTestId('dashboard-card-last-viewed').textContent()).toBe('Last viewed 3 days ago');
    expect(
      await page
        .getByTestId('dashboard-card')
        .filter({ hasText: 'Hiring Funnel' })
        .getByTestId('dashboard-card-last-viewed')
        .textContent(),
    ).toBe('Not viewed yet');

    // A star by keyboard: Tab to the button, Space presses it; the card stays where it is (under the pointer or the
    // focus) until the list is next loaded, then comes first.
    const before = await cardNames(page);
    expect(before[0]).toBe('Revenue Pulse');
    const star = page.getByRole('button', { name: 'Favourite: Hiring Funnel' });
    expect(await star.getAttribute('aria-pressed')).toBe('false');
    const place = await star.boundingBox();
    const reread = page.waitForResponse((r) => r.url().endsWith('/api/dashboards/organization'));
    await star.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => star.getAttribute('aria-pressed')).toBe('true');
    await reread;
    await page.waitForTimeout(300);
    expect(await cardNames(page)).toEqual(before);
    expect(await star.boundingBox()).toEqual(place);

    await page.reload();
    await page.getByTestId('dashboards-grid').waitFor();
    expect((await cardNames(page))[0]).toBe('Hiring Funnel');
    expect(await page.getByRole('button', { name: 'Favourite: Hiring Funnel' }).getAttribute('aria-pressed')).toBe(
      'true',
    );

    // Search as you type: name, category and description.
    const search = page.getByLabel('Search dashboards');
    await search.pressSequentially('payroll');
    await expect.poll(() => cardNames(page)).toEqual(['Payroll Watch']);
    await search.fill('education');
    await expect.poll(() => cardNames(page)).toEqual(['Campus Enrollment']);
    await search.fill('offers');
    await expect.poll(() => cardNames(page)).toEqual(['Hiring Funnel']);
    await search.fill('nothing of the sort');
    await page.getByTestId('dashboards-no-match').waitFor();
    expect(await page.getByTestId('dashboards-no-match').getByRole('heading').textContent()).toBe(
      'No dashboards match',
    );
    await page.getByTestId('dashboards-no-match').getByRole('button', { name: 'Clear search' }).click();
    await expect.poll(async () => (await cardNames(page)).length).toBe(4);
    expect(await search.inputValue()).toBe('');

    // Unstarred: back in its place.
    await page.getByRole('button', { name: 'Favourite: Hiring Funnel' }).click();
    await page.reload();
    await page.getByTestId('dashboards-grid').waitFor();
    expect((await cardNames(page))[0]).toBe('Revenue Pulse');
  });

  it('shows a person in two organizations which organization each dashboard comes from', async () => {
    const suffix = crypto.randomUUID().slice(0, 8);
    const alpha = await createOrganization(database.db, { name: `Alpha ${suffix}` });
    const beta = await createOrganization(database.db, { name: `Beta ${suffix}` });
    const client = await person(`two-${suffix}@example.com`, { firstName: 'Tom' });
    await addMembership(database.db, alpha.id, client.id);
    await addMembership(database.db, beta.id, client.id);
    await createLinkedDashboard(database.db, [alpha.id], { name: 'Alpha only' });
    await createLinkedDashboard(database.db, [beta.id], { name: 'Beta only' });
    await createLinkedDashboard(database.db, [alpha.id, beta.id], { name: 'Shared by both' });

    const page = await suite.newPage();
    await signInAsClient(page, client.email, PASSWORD);
    await page.getByTestId('dashboards-grid').waitFor();
    const sources = (name: string) =>
      page
        .getByTestId('dashboard-card')
        .filter({ hasText: name })
        .getByTestId('dashboard-card-organization')
        .allTextContents();
    await expect.poll(() => sources('Alpha only')).toEqual([`From Alpha ${suffix}`]);
    expect(await sources('Beta only')).toEqual([`From Beta ${suffix}`]);
    expect(await sources('Shared by both')).toEqual([`From Alpha ${suffix}`, `From Beta ${suffix}`]);
    // Both organizations in the header, each with its initial (no logos).
    expect(await page.getByTestId('portal-organization-name').allTextContents()).toEqual([
      `Alpha ${suffix}`,
      `Beta ${suffix}`,
    ]);
    expect(await page.getByTestId('portal-organization-initial').allTextContents()).toEqual(['A', 'B']);
  });

  it('captures the portal at 375 and 1280 px without serious axe violations or sideways scrolling', {
    timeout: 90_000,
  }, async () => {
    const { client } = await clientWithDashboards();
    await forEachThemeAndViewport(
      suite,
      async (page, theme, viewport) => {
        await signInAsClient(page, client.email, PASSWORD);
        await page.getByTestId('dashboards-grid').waitFor();
        await checkPage(page, `portal-insight-list-${viewport.width}-${theme}`);
      },
      { themes: ['light'], context: { bypassCSP: true } },
    );
  });
});

describe('the Usage tab (issue 18)', () => {
  it('shows the charts and the lists at 1280 and 375 px, without serious axe violations', {
    timeout: 120_000,
  }, async () => {
    const suffix = crypto.randomUUID().slice(0, 8);
    const admin = await person(`usage-admin-${suffix}@example.com`, { firstName: 'Uma', isAdmin: true });
    const org = await createOrganization(database.db, { name: `Usage Org ${suffix}` });
    const viewer = await person(`usage-viewer-${suffix}@example.com`, { firstName: 'Vic', lastLoginAt: new Date() });
    const dormant = await person(`usage-dormant-${suffix}@example.com`, { firstName: 'Dora', lastName: 'Dormant' });
    await addMembership(database.db, org.id, viewer.id);
    await addMembership(database.db, org.id, dormant.id);
    const opened = await createLinkedDashboard(database.db, [org.id], { name: `Opened ${suffix}` });
    const idle = await createLinkedDashboard(database.db, [org.id], { name: `Idle ${suffix}` });
    const now = Date.now();
    await database.db.insert(schema.dashboardViews).values(
      Array.from({ length: 12 }, (_, i) => ({
        dashboardId: opened.id,
        userId: viewer.id,
        viewedAt: new Date(now - (i * 2 + 1) * 86_400_000),
      })),
    );
    // D37: the admin's previews and a client's failed load are listed apart; the idle dashboard stays idle.
    await database.db.insert(schema.dashboardViews).values([
      { dashboardId: idle.id, userId: admin.id, viewedAt: new Date(now - 86_400_000), byAdmin: true },
      { dashboardId: opened.id, userId: admin.id, viewedAt: new Date(now - 86_400_000), byAdmin: true },
      { dashboardId: opened.id, userId: admin.id, viewedAt: new Date(now - 2 * 86_400_000), byAdmin: true },
      { dashboardId: idle.id, userId: viewer.id, viewedAt: new Date(now - 86_400_000), loaded: false },
    ]);

    // More people than a list holds (decision 039): 55 of another organization, each opening its dashboard once.
    const crowdOrg = await createOrganization(database.db, { name: `Crowd ${suffix}` });
    const crowdBoard = await createLinkedDashboard(database.db, [crowdOrg.id], { name: `Crowd board ${suffix}` });
    const crowd = await database.db
      .insert(schema.users)
      .values(
        Array.from({ length: 55 }, (_, i) => ({
          email: `crowd-${i}-${suffix}@example.com`,
          firstName: 'Crowd',
          lastName: `Member ${i}`,
          lastLoginAt: new Date(),
        })),
      )
      .returning({ id: schema.users.id });
    await database.db
      .insert(schema.memberships)
      .values(crowd.map((c) => ({ organizationId: crowdOrg.id, userId: c.id })));
    await database.db
      .insert(schema.dashboardViews)
      .values(crowd.map((c) => ({ dashboardId: crowdBoard.id, userId: c.id, viewedAt: new Date(now - 86_400_000) })));

    await forEachThemeAndViewport(
      suite,
      async (page, theme, viewport) => {
        await signInAndOpen(page, admin.email, PASSWORD, '/admin?tab=usage');
        const panel = page.getByTestId('usage-tab');
        await panel.waitFor();
        await page.getByTestId('usage-summary').waitFor();
        // The charts are drawn (SVG, in the tab's own chunk) with the seeded views.
        for (const chart of ['usage-chart-time', 'usage-chart-dashboards', 'usage-chart-people'])
          await page.getByTestId(chart).locator('svg path[data-line], svg path[data-bar]').first().waitFor();
        // The bar's label is there.
        expect(await page.getByTestId('usage-chart-dashboards').textContent()).toContain(`Opened ${suffix}`);
        const orgRow = page.getByTestId('usage-organizations-row').filter({ hasText: `Usage Org ${suffix}` });
        expect(await orgRow.textContent()).toContain('12');
        expect(
          await page
            .getByTestId('usage-idle-dashboard-row')
            .filter({ hasText: `Idle ${suffix}` })
            .count(),
        ).toBe(1);
        // Previews and failed loads: apart, and nowhere else.
        const previewRow = (name: string) => page.getByTestId('usage-previews-row').filter({ hasText: name });
        expect(await previewRow(`Opened ${suffix}`).textContent()).toContain('2');
        expect(await previewRow(`Idle ${suffix}`).textContent()).toContain('1');
        expect(
          await page
            .getByTestId('usage-failed-loads-row')
            .filter({ hasText: `Idle ${suffix}` })
            .textContent(),
        ).toContain('1');
        expect(await page.getByTestId('usage-people-row').filter({ hasText: admin.email }).count()).toBe(0);
        expect(await page.getByTestId('usage-apart-summary').textContent()).toMatch(/Not counted: \d+ previews? by/);
        const dormantRow = page.getByTestId('usage-inactive-client-row').filter({ hasText: dormant.email });
        expect(await dormantRow.textContent()).toContain('Never');
        expect(await page.getByTestId('usage-inactive-client-row').filter({ hasText: viewer.email }).count()).toBe(0);
        // The people table lists the 50 most viewed and says how many there are; the summary counts them all.
        expect(await page.getByTestId('usage-people-row').count()).toBe(50);
        const people = page.getByTestId('usage-people').locator('xpath=..');
        expect(await people.getByTestId('usage-list-more').textContent()).toMatch(
          /^The 50 most viewed of 5\d; the CSV/,
        );
        expect(await page.getByTestId('usage-summary').textContent()).toMatch(/by \d+ organizations and 5\d people/);
        // The CSV link carries the same period.
        const href = (await page.getByTestId('usage-csv').getAttribute('href')) ?? '';
        expect(href).toMatch(/^\/api\/admin\/usage\.csv\?from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}&groupBy=day$/);
        const csv = await page.request.get(href);
        expect(csv.status()).toBe(200);
        expect(csv.headers()['content-disposition']).toMatch(/^attachment; filename="usage-/);

        await checkPage(page, `admin-usage-${viewport.width}-${theme}`);

        // The time chart compares dashboards or people over time too.
        await page.getByTestId('usage-lines').selectOption('people');
        const timeChart = page.getByTestId('usage-chart-time');
        await expect.poll(() => timeChart.textContent()).toContain('the most active people');
        expect(await timeChart.textContent()).toContain('Vic');
        await page.getByTestId('usage-lines').selectOption('dashboards');
        await expect.poll(() => timeChart.textContent()).toContain(`Opened ${suffix}`);

        // By week over 90 days: fewer periods, the same views.
        await page.getByLabel('Period').selectOption('90');
        await page.getByLabel('Show').selectOption('week');
        await expect.poll(() => page.getByTestId('usage-csv').getAttribute('href')).toContain('groupBy=week');
        await expect.poll(() => orgRow.textContent()).toContain('12');
      },
      { themes: ['light'], context: { bypassCSP: true } },
    );
  });
});
