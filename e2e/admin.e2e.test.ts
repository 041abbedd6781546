import * as schema from '@app/db/schema';
import { addMembership, createDashboard, createOrganization, createUser, linkDashboard } from '@app/db/testing';
import { eq } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { closeToast, completeRegistration, signInAndOpen, toast } from './account-helpers';
import { useSuiteDatabase } from './database-helpers';
import { linkIn, uniqueEmail, waitForEmail } from './email-helpers';
import { screenshot, themedPage, useBrowserSuite, viewports } from './harness';
import { seriousAxeViolations } from './marketing-helpers';

const suite = useBrowserSuite();

const PASSWORD = 'Admin-secret-42';
const database = useSuiteDatabase(suite, 'e2e-admin', PASSWORD);

const unique = () => crypto.randomUUID().slice(0, 8);

function createAdmin(firstName = 'Alma') {
  return database.account({ email: uniqueEmail(firstName.toLowerCase()), firstName, lastName: 'Admin', isAdmin: true });
}

/** The sections (issue 27) that took over the old tabs: the sidebar link's id, the panel's old test id. */
const SECTIONS = {
  Organizations: ['organizations', 'organizations'],
  Dashboards: ['dashboards', 'dashboards'],
  Users: ['people', 'users'],
  Associations: ['access', 'associations'],
  Audit: ['audit', 'audit'],
  'Sign-ins': ['sign-ins', 'sign-ins'],
} as const;

const currentSection = (page: Page) => new URL(page.url()).pathname;

/** Opens a section from the sidebar (unfolded first on a phone). */
async function openTab(page: Page, name: keyof typeof SECTIONS) {
  const [id, panel] = SECTIONS[name];
  const toggle = page.getByTestId('admin-sections-toggle');
  if ((await toggle.isVisible()) && (await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
  await page.getByTestId(`admin-nav-${id}`).click();
  await expect.poll(() => currentSection(page)).toBe(`/admin/${id}`);
  await page.getByTestId(`admin-panel-${panel}`).waitFor();
}

/** Opens the dashboards section's side panel to create one. */
async function newDashboard(page: Page) {
  await page.getByTestId('dashboard-create').click();
  await page.getByTestId('dashboard-form').waitFor();
}

/** Opens the row's actions menu (its trigger `menu`) and chooses the entry `entry` (issue 27). */
async function chooseFromRow(page: Page, row: Locator, menu: string, entry: string) {
  await row.getByTestId(menu).click();
  await page.getByTestId(`${menu}-menu`).getByTestId(entry).click();
}

/** Waits for the server's refusal, an error toast with its message. */
async function refusal(page: Page, title: string, message: string) {
  const refused = toast(page, title);
  await refused.waitFor();
  expect(await refused.textContent()).toContain(message);
  return refused;
}

/** Signs the admin in and finds their own row in the Users list, filtered to it. */
async function ownRow(page: Page, email: string) {
  await signInAndOpen(page, email, PASSWORD, '/admin?tab=users');
  await page.getByTestId('user-filter-email').fill(email);
  const own = page.getByTestId('user-row').filter({ hasText: email });
  await own.waitFor();
  // The server filters once typing pauses (issue 18).
  await expect.poll(() => page.getByTestId('user-row').count()).toBe(1);
  return own;
}

const IFRAME_CODE =
  '<iframe title="x" width="600" height="400" src="https://app.powerbi.com/view?r=abc" frameborder="0" allowFullScreen="true"></iframe>';

describe('/admin', () => {
  it('creates an organization, a dashboard from iframe code and an invited user, links them, and the new client sees exactly that dashboard', async () => {
    const admin = await createAdmin();
    // Another organization with its own dashboard: the new client must not see it.
    const [otherOrg, otherDashboard] = await Promise.all([
      createOrganization(database.db, { name: `Other ${unique()}` }),
      createDashboard(database.db, { name: `Not yours ${unique()}`, isPublic: false }),
    ]);
    await linkDashboard(database.db, otherOrg.id, otherDashboard.id);

    const page = await suite.newPage();
    await signInAndOpen(page, admin.email, PASSWORD, '/admin/organizations');
    await page.getByRole('heading', { name: 'Organizations', level: 1 }).waitFor();
    await page.getByTestId('admin-panel-organizations').waitFor();
    expect(await page.getByTestId('admin-nav-organizations').getAttribute('aria-current')).toBe('page');
    expect(await page.getByTestId('header-logout').getAttribute('href')).toBe('/api/logout');
    expect(await page.getByTestId('admin-queues-link').getAttribute('href')).toBe('/admin/queues');

    // Organizations: the name is required, then created.
    const orgName = `E2E Org ${unique()}`;
    await page.getByTestId('organization-create').click();
    const orgForm = page.getByTestId('organization-form');
    await page.getByTestId('organization-submit').click();
    await orgForm.getByText('Organization name is required').waitFor();
    await page.getByTestId('organization-name').fill(orgName);
    await page.getByTestId('organization-domain').fill('e2e.example.com');
    await page.getByTestId('organization-submit').click();
    await closeToast(page, 'Organization created');
    await page.getByTestId('organization-panel').waitFor({ state: 'detached' });
    const orgRow = page.getByTestId('organization-row').filter({ hasText: orgName });
    await orgRow.waitFor();
    expect(await orgRow.textContent()).toContain('Active');

    // Dashboards: pasted iframe code, only its https src is kept (D18).
    await openTab(page, 'Dashboards');
    await newDashboard(page);
    const dashboardName = `E2E Dashboard ${unique()}`;
    await page.getByTestId('dashboard-name').fill(dashboardName);
    await page.getByTestId('dashboard-description').fill('Made by the admin e2e test');
    await page.getByTestId('dashboard-category').selectOption('Research');
    await page.getByTestId('dashboard-type').selectOption('PowerBI');
    await page.getByTestId('dashboard-embed-url').fill(IFRAME_CODE);
    await page.getByTestId('dashboard-submit').click();
    await closeToast(page, 'Dashboard created');
    const dashboardRow = page.getByTestId('dashboard-row').filter({ hasText: dashboardName });
    await dashboardRow.waitFor();
    expect(await dashboardRow.getByTestId('dashboard-last-viewed').textContent()).toBe('Never');
    expect(await dashboardRow.getByTestId('dashboard-view-count').textContent()).toBe('0');
    const [storedDashboard] = await database.db
      .select()
      .from(schema.dashboards)
      .where(eq(schema.dashboards.name, dashboardName));
    expect(storedDashboard?.embedUrl).toBe('https://app.powerbi.com/view?r=abc');

    // Users: a new client in that organization, with the registration e-mail.
    await openTab(page, 'Users');
    const clientEmail = uniqueEmail('nora');
    await page.getByTestId('create-user-button').click();
    const dialog = page.getByTestId('create-user-dialog');
    await dialog.waitFor();
    expect(await page.getByTestId('new-user-send-email').isChecked()).toBe(true);
    await page.getByTestId('new-user-email').fill(clientEmail);
    await page.getByTestId('new-user-first-name').fill('Nora');
    await page.getByTestId('new-user-last-name').fill('Client');
    await page.getByTestId('new-user-organization').selectOption({ label: orgName });
    await page.getByTestId('new-user-submit').click();
    await closeToast(page, 'User created');
    await dialog.waitFor({ state: 'detached' });
    const userRow = page.getByTestId('user-row').filter({ hasText: clientEmail });
    await userRow.waitFor();
    expect(await userRow.getByTestId('user-status').getAttribute('data-state')).toBe('invited');
    expect(await userRow.getByTestId('user-status').textContent()).toContain('Not yet accepted');
    expect(await userRow.textContent()).toContain(orgName);
    expect(await userRow.getByTestId('user-last-login').textContent()).toBe('Never');
    const invitation = await waitForEmail(suite.smtp, clientEmail, /invited/i);
    const link = linkIn(invitation, '/register');

    // Associations: link the dashboard to the organization; a second time is refused with the server's message.
    await openTab(page, 'Associations');
    await page.getByTestId('link-create').click();
    await page.getByTestId('link-organization').selectOption({ label: orgName });
    await page.getByTestId('link-dashboard').selectOption({ label: `${dashboardName} (Research)` });
    await page.getByTestId('link-submit').click();
    await closeToast(page, 'Dashboard linked to organization');
    const association = page.getByTestId('association-row').filter({ hasText: orgName });
    await association.waitFor();
    expect(await association.textContent()).toContain(dashboardName);
    expect(await association.getByTestId('association-status').getAttribute('data-state')).toBe('in-step');
    await page.getByTestId('link-create').click();
    await page.getByTestId('link-organization').selectOption({ label: orgName });
    await page.getByTestId('link-dashboard').selectOption({ label: `${dashboardName} (Research)` });
    await page.getByTestId('link-submit').click();
    const refused = await refusal(
      page,
      'Error linking dashboard',
      'This dashboard is already linked to this organization',
    );
    expect(await refused.getAttribute('data-variant')).toBe('destructive');
    await closeToast(page, 'Error linking dashboard');
    await page.keyboard.press('Escape');
    await page.getByTestId('link-panel').waitFor({ state: 'detached' });

    // Back and forward move between the sections.
    await page.goBack();
    await expect.poll(() => currentSection(page)).toBe('/admin/people');
    await page.getByTestId('admin-panel-users').waitFor();
    await page.goBack();
    await expect.poll(() => currentSection(page)).toBe('/admin/dashboards');
    await page.getByTestId('admin-panel-dashboards').waitFor();
    await page.goForward();
    await expect.poll(() => currentSection(page)).toBe('/admin/people');
    await page.goForward();
    await expect.poll(() => currentSection(page)).toBe('/admin/access');

    // Audit (D21): the actions just taken, newest first.
    await openTab(page, 'Audit');
    const auditRows = page.getByTestId('audit-row');
    await auditRows.first().waitFor();
    const actions = await auditRows.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-action')));
    expect(actions.indexOf('organization.create')).toBeGreaterThan(actions.indexOf('user.create'));
    expect(await auditRows.first().textContent()).toContain(admin.email);

    // The queue board shows the invitation job to the admin.
    await expect
      .poll(
        async () => {
          const response = await page.request.get('/admin/queues/api/queues?activeQueue=emails&status=completed');
          if (!response.ok()) return [];
          const body = (await response.json()) as { queues: { name: string; jobs: { name: string }[] }[] };
          return body.queues.find((q) => q.name === 'emails')?.jobs.map((j) => j.name) ?? [];
        },
        { timeout: 15_000 },
      )
      .toContain('user-invitation');
    const board = await page.goto('/admin/queues/queue/emails?status=completed');
    expect(board?.status()).toBe(200);
    await page.getByText('user-invitation').first().waitFor();
    await screenshot(page, 'admin-queue-board-1280');

    // The new client registers from the e-mail, is signed in by it and sees exactly that dashboard.
    const client = await suite.newPage();
    await client.goto(link);
    await client.getByTestId('register-card').waitFor();
    const clientPassword = 'Client-pass-123';
    await completeRegistration(client, clientPassword);
    await client.getByTestId('dashboards-grid').waitFor();
    expect(await client.getByTestId('dashboard-card-name').allTextContents()).toEqual([dashboardName]);

    // The client is refused the queue board and sent home from /admin.
    const refusedBoard = await client.request.get('/admin/queues', { maxRedirects: 0 });
    expect(refusedBoard.status()).toBe(403);
    await client.goto('/admin');
    await client.waitForURL(`${suite.baseUrl}/`);

    // The admin now sees the client as set up and logged in.
    await page.goto('/admin?tab=users');
    const setUp = page.getByTestId('user-row').filter({ hasText: clientEmail });
    await setUp.waitFor();
    await expect.poll(() => setUp.getByTestId('user-status').getAttribute('data-state')).toBe('active');
    expect(await setUp.getByTestId('user-last-login').textContent()).not.toBe('Never');
  });

  it("does not offer the admin's own admin rights, deactivation or deletion, and says why", async () => {
    const admin = await createAdmin('Selma');
    const page = await suite.newPage();
    const own = await ownRow(page, admin.email);

    // The admin's own row menu offers only Edit: no 'Remove Admin', deactivating or deleting (the server refuses
    // them too: users.int.test.ts); the editor says why.
    await own.getByTestId('user-actions').click();
    const menu = page.getByTestId('user-actions-menu');
    expect(await menu.getByRole('menuitem').allTextContents()).toEqual(['Edit']);
    await menu.getByTestId('user-edit').click();
    const overlay = page.getByTestId('edit-user-dialog');
    await overlay.waitFor();
    // Nor are deactivating or deleting one's own account (the server refuses both: users.int.test.ts), and it says why.
    for (const action of ['edit-user-toggle-status', 'edit-user-delete']) {
      const button = overlay.getByTestId(action);
      expect(await button.isDisabled()).toBe(true);
      expect(await button.getAttribute('aria-describedby')).toBe('edit-user-own-account');
    }
    expect(await overlay.getByTestId('edit-user-own-account-reason').textContent()).toBe(
      'You cannot deactivate or delete your own account; another administrator can.',
    );
    await overlay.getByTestId('edit-user-own-account-reason').scrollIntoViewIfNeeded();
    await screenshot(page, 'admin-edit-own-user-1280');
    await overlay.getByTestId('edit-user-delete').click({ force: true });
    expect(await page.getByTestId('delete-user-dialog').count()).toBe(0);

    const [stored] = await database.db.select().from(schema.users).where(eq(schema.users.id, admin.id));
    expect(stored).toMatchObject({ isAdmin: true, isActive: true });
  });

  it('sends the corrected dashboard after a 422 on its embed URL, without a reload (issue 12, item 9)', async () => {
    const admin = await createAdmin('Rhea');
    const page = await suite.newPage();
    await signInAndOpen(page, admin.email, PASSWORD, '/admin?tab=dashboards');
    await newDashboard(page);
    const name = `Corrected ${unique()}`;
    await page.getByTestId('dashboard-name').fill(name);
    await page.getByTestId('dashboard-category').selectOption('Sales');
    await page.getByTestId('dashboard-embed-url').fill('http://example.com/report');
    const posts: number[] = [];
    page.on('response', (r) => {
      if (r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/admin/dashboards')
        posts.push(r.status());
    });
    await page.getByTestId('dashboard-submit').click();
    await closeToast(page, 'Error creating dashboard');
    expect(posts).toEqual([422]);
    expect(await page.getByTestId('dashboard-embed-url').getAttribute('aria-invalid')).toBe('true');
    await page.getByTestId('dashboard-embed-url').fill('https://example.com/report');
    expect(await page.getByTestId('dashboard-embed-url').getAttribute('aria-invalid')).toBeNull();
    await page.getByTestId('dashboard-submit').click();
    await toast(page, 'Dashboard created').waitFor();
    expect(posts).toEqual([422, 201]);
    await page.getByTestId('dashboard-row').filter({ hasText: name }).waitFor();
  });

  it('undoes links: unlinks a dashboard, removes a user from an organization, asks before deactivating an organization; the audit tab names who and what (issue 12, item 13)', async () => {
    const admin = await createAdmin('Ines');
    const org = await createOrganization(database.db, { name: `Undo Org ${unique()}` });
    const dashboard = await createDashboard(database.db, { name: `Undo Dashboard ${unique()}` });
    await linkDashboard(database.db, org.id, dashboard.id);
    const member = await createUser(database.db, { email: uniqueEmail('member') });
    await addMembership(database.db, org.id, member.id);

    const page = await suite.newPage();
    await signInAndOpen(page, admin.email, PASSWORD, '/admin?tab=associations');
    const association = page.getByTestId('association-row').filter({ hasText: org.name });
    await chooseFromRow(page, association, 'association-actions', 'association-unlink');
    await page.getByTestId('unlink-dashboard-dialog').getByTestId('confirm-action').click();
    await closeToast(page, 'Dashboard unlinked from organization');
    await association.waitFor({ state: 'detached' });
    expect(
      await database.db
        .select()
        .from(schema.organizationDashboards)
        .where(eq(schema.organizationDashboards.organizationId, org.id)),
    ).toEqual([]);

    await openTab(page, 'Users');
    await chooseFromRow(
      page,
      page.getByTestId('user-row').filter({ hasText: member.email }),
      'user-actions',
      'user-edit',
    );
    const editor = page.getByTestId('edit-user-dialog');
    await editor.getByRole('button', { name: `Remove from ${org.name}` }).click();
    await page.getByTestId('remove-membership-dialog').getByTestId('confirm-action').click();
    await closeToast(page, 'User removed from organization');
    expect(await database.db.select().from(schema.memberships).where(eq(schema.memberships.userId, member.id))).toEqual(
      [],
    );
    await editor.getByTestId('edit-user-cancel').click();

    await openTab(page, 'Organizations');
    const row = page.getByTestId('organization-row').filter({ hasText: org.name });
    await chooseFromRow(page, row, 'organization-actions', 'organization-toggle-status');
    const confirm = page.getByTestId('deactivate-organization-dialog');
    await confirm.getByText('Every member of this organization loses access').waitFor();
    await confirm.getByTestId('confirm-cancel').click();
    await confirm.waitFor({ state: 'detached' });
    expect(await row.getAttribute('data-active')).toBe('true');
    await chooseFromRow(page, row, 'organization-actions', 'organization-toggle-status');
    await page.getByTestId('deactivate-organization-dialog').getByTestId('confirm-action').click();
    await closeToast(page, 'Organization status updated');
    await expect.poll(() => row.getAttribute('data-active')).toBe('false');

    await openTab(page, 'Audit');
    const rows = page.getByTestId('audit-row');
    await rows.first().waitFor();
    const byAction = async (action: string) =>
      page.locator(`[data-testid="audit-row"][data-action="${action}"]`).first();
    const unlinked = await byAction('organization.unlink-dashboard');
    expect(await unlinked.getByTestId('audit-target').textContent()).toContain(org.name);
    expect(await unlinked.textContent()).toContain(dashboard.name);
    expect(await unlinked.getByTestId('audit-actor').textContent()).toContain('Ines Admin');
    expect(await (await byAction('organization.remove-user')).textContent()).toContain(member.email);
    expect(await (await byAction('organization.deactivate')).getByTestId('audit-target').textContent()).toContain(
      org.name,
    );
    expect(await rows.first().textContent()).not.toMatch(/#\d/);
  });

  it('paints the skip link only under keyboard focus, never behind the user dialog at 375 px', async () => {
    const admin = await createAdmin('Skip');
    const page = await themedPage(suite, 'light', { viewport: viewports.mobile });
    // By its target: under an open dialog the rest of the page is hidden from the accessibility tree.
    const link = page.locator('a[href="#main"]', { hasText: 'Skip to main content' });
    /** Whether any of the link is painted on the page (a full-page capture shows above the window too). */
    const painted = () =>
      link.evaluate((el) => {
        const box = el.getBoundingClientRect();
        const onPage = box.bottom + window.scrollY > 0 && box.right + window.scrollX > 0;
        return onPage && getComputedStyle(el).clipPath === 'none' && getComputedStyle(el).visibility === 'visible';
      });
    await chooseFromRow(page, await ownRow(page, admin.email), 'user-actions', 'user-edit');
    await page.getByTestId('edit-user-dialog').waitFor();
    // Scrolled down the list, the dialog open: nothing of the link anywhere on the page.
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    expect(await painted()).toBe(false);
    await page.keyboard.press('Escape');
    await page.getByTestId('edit-user-dialog').waitFor({ state: 'detached' });

    // A keyboard user's first Tab on a page shows it, at the top of the window.
    await page.goto('/admin?tab=users');
    await page.getByTestId('users-table').waitFor();
    expect(await painted()).toBe(false);
    await page.keyboard.press('Tab');
    await expect.poll(() => link.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await painted()).toBe(true);
    expect((await link.boundingBox())?.y).toBeGreaterThanOrEqual(0);
    await screenshot(page, 'skip-link-focused-375');
  });

  describe.each([
    [viewports.desktop, 'light'],
    [viewports.desktop, 'dark'],
    [viewports.mobile, 'light'],
    [viewports.mobile, 'dark'],
  ] as const)('at %o in the %s theme', (viewport, theme) => {
    it('captures every tab and the user overlays into e2e/output/, with no serious axe-core violation', async () => {
      const admin = await createAdmin('Shot');
      const organization = await createOrganization(database.db, {
        name: `Screenshot Org ${unique()}`,
        domain: 'shot.example.com',
      });
      await createOrganization(database.db, { name: `Dormant Org ${unique()}`, isActive: false });
      const dashboard = await createDashboard(database.db, {
        name: `Screenshot Dashboard ${unique()}`,
        isPublic: true,
      });
      await linkDashboard(database.db, organization.id, dashboard.id);
      const member = await createUser(database.db, {
        email: uniqueEmail('member'),
        firstName: 'Mina',
        lastName: 'Member',
        accountSetupComplete: false,
      });
      await addMembership(database.db, organization.id, member.id);

      const problems: string[] = [];
      const audit = async (what: string, page: Page) => {
        if (viewport.width !== 1280 && theme !== 'dark') return;
        for (const v of await seriousAxeViolations(page))
          problems.push(`${what}: ${v.id} ${v.help} ${JSON.stringify(v.nodes)}`);
      };
      const page = await themedPage(suite, theme, { viewport, bypassCSP: true });
      await signInAndOpen(page, admin.email, PASSWORD, '/admin/organizations');
      await page.getByTestId('admin-panel-organizations').waitFor();
      await closeToast(page, 'Login successful').catch(() => {});
      for (const name of ['Organizations', 'Dashboards', 'Users', 'Associations', 'Audit', 'Sign-ins'] as const) {
        const tab = name.toLowerCase();
        if (tab !== 'organizations') await openTab(page, name);
        if (tab === 'audit') await page.getByTestId('audit-table').waitFor();
        if (tab === 'sign-ins') await page.getByTestId('sign-ins-table').waitFor();
        await screenshot(page, `admin-${tab}-${viewport.width}-${theme}`);
        await audit(tab, page);
      }
      await openTab(page, 'Users');
      await page.getByTestId('create-user-button').click();
      await page.getByTestId('create-user-dialog').waitFor();
      await screenshot(page, `admin-create-user-${viewport.width}-${theme}`);
      await page.keyboard.press('Escape');
      await page.getByTestId('create-user-dialog').waitFor({ state: 'detached' });
      await chooseFromRow(
        page,
        page.getByTestId('user-row').filter({ hasText: member.email }),
        'user-actions',
        'user-edit',
      );
      await page.getByTestId('edit-user-dialog').waitFor();
      await screenshot(page, `admin-edit-user-${viewport.width}-${theme}`);
      await audit('edit user', page);
      expect(problems).toEqual([]);
    });
  });
});
