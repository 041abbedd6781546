import { addDays, todayIn } from '@app/contracts';
import * as schema from '@app/db/schema';
import {
  addMembership,
  createDashboard,
  createOrganization,
  createSignIns,
  createUser,
  linkDashboard,
} from '@app/db/testing';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { closeToast, signIn, signInAndOpen } from './account-helpers';
import { storeMorningBooking } from './booking-helpers';
import { useSuiteDatabase } from './database-helpers';
import { uniqueEmail } from './email-helpers';
import { forEachThemeAndViewport, screenshot, useBrowserSuite } from './harness';
import { checkPage } from './marketing-helpers';

/**
 * Issue 27 in the browser: one organization's page (members added by searching, a role changed, dashboards with
 * their scope, single sign-on, branding, its report subscriptions (decision 056) and the subscriptions screen kept to
 * it, usage), the user editor with 200 organizations (search, pick, save,
 * memberships listed once), and the readable audit and sign-ins. At 375 and 1280 px, with axe. And the lists' leftovers:
 * a connection's Status says what its last check found and when, after a reload; the organizations list counts members
 * and dashboards and says whether SSO is on, an inactive one dimmed up to its sticky Actions cell; a consultation's
 * Reschedule and Cancel are in its row's menu.
 */

const PASSWORD = 'Console-org-secret-42';
const ZONE = 'America/New_York';
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const suite = useBrowserSuite();
const database = useSuiteDatabase(suite, 'e2e-console-org', PASSWORD);
// Long walks through the console: four minutes each unless a test says more.
vi.setConfig({ testTimeout: 240_000 });

const createAdmin = (name: string) =>
  database.account({ email: uniqueEmail(name), firstName: 'Olga', lastName: 'Org', isAdmin: true });

describe("an organization's page (issue 27)", () => {
  it('holds the members, their roles, the dashboards with their scope, single sign-on, branding, subscriptions and usage', async () => {
    const admin = await createAdmin('org-page');
    const tag = crypto.randomUUID().slice(0, 6);
    const org = await createOrganization(database.db, { name: `Harbour Foods ${tag}`, domain: 'harbour.example' });
    const member = await createUser(database.db, {
      email: uniqueEmail('hanna'),
      firstName: 'Hanna',
      lastName: 'Harbour',
    });
    const joiner = await createUser(database.db, {
      email: uniqueEmail(`joiner-${tag}`),
      firstName: 'Jonas',
      lastName: `Joiner${tag}`,
    });
    await addMembership(database.db, org.id, member.id, 'Owner');
    const board = await createDashboard(database.db, { name: `Harbour Sales ${tag}`, embedMode: 'powerbi' });
    await linkDashboard(database.db, org.id, board.id, { roles: ['Harbour'] });
    await database.db.insert(schema.dashboardViews).values(
      [0, 1, 1, 3].map((days) => ({
        dashboardId: board.id,
        userId: member.id,
        viewedAt: new Date(Date.now() - days * 86_400_000),
      })),
    );
    // Two subscriptions of this organization (one sent, to a chosen member), and another client's that is not shown.
    const nextWeek = new Date(Date.now() + 7 * 86_400_000);
    const [weekly, monthly] = await database.db
      .insert(schema.reportSubscriptions)
      .values([
        {
          organizationId: org.id,
          dashboardId: board.id,
          frequency: 'weekly',
          weekday: 1,
          time: '08:30',
          timeZone: 'Europe/Brussels',
          format: 'PDF',
          recipientUserIds: null,
          nextRunAt: nextWeek,
        },
        {
          organizationId: org.id,
          dashboardId: board.id,
          frequency: 'monthly',
          dayOfMonth: 31,
          time: '07:00',
          timeZone: 'Europe/Brussels',
          format: 'PNG',
          recipientUserIds: [member.id],
          nextRunAt: nextWeek,
        },
      ])
      .onConflictDoNothing()
      .returning();
    await database.db.insert(schema.subscriptionRuns).values({
      subscriptionId: weekly!.id,
      trigger: 'send-now',
      state: 'sent',
      attempts: 1,
      fileName: 'Harbour-Sales.pdf',
      startedAt: new Date(Date.now() - 3_600_000),
      finishedAt: new Date(Date.now() - 3_500_000),
    });
    const elsewhere = await createOrganization(database.db, { name: `Other Client ${tag}` });
    await linkDashboard(database.db, elsewhere.id, board.id, { roles: ['Other'] });
    await database.db.insert(schema.reportSubscriptions).values({
      organizationId: elsewhere.id,
      dashboardId: board.id,
      frequency: 'weekly',
      weekday: 3,
      time: '09:00',
      timeZone: 'Europe/Brussels',
      format: 'PDF',
      nextRunAt: nextWeek,
    });

    await forEachThemeAndViewport(
      suite,
      async (page, theme, viewport) => {
        await signInAndOpen(page, admin.email, PASSWORD, `/admin?tab=organizations&q=${encodeURIComponent(org.name)}`);
        await page.getByRole('link', { name: org.name }).click();
        await page.waitForURL(`**/admin/organizations/${org.id}`);
        const main = page.getByTestId('organization-page');
        await main.getByRole('heading', { level: 1, name: org.name }).waitFor();
        const rows = page.getByTestId('member-row');
        await rows.first().waitFor();
        expect(await page.getByTestId('organization-dashboard-row').textContent()).toContain(board.name);
        expect(await page.getByTestId('organization-dashboard-scope').textContent()).toContain('Harbour');
        expect(await page.getByTestId('usage-total').textContent()).toBe('4');
        await page.getByTestId('organization-sso-none').waitFor();
        // Its subscriptions: dashboard, frequency, next run, format, recipients, last delivery; no other client's.
        const subscriptions = page.getByTestId('organization-subscription-row');
        await expect.poll(() => subscriptions.count()).toBe(2);
        const weeklyText = await page.locator(`[data-subscription-id="${weekly!.id}"]`).first().textContent();
        expect(weeklyText).toContain(board.name);
        expect(weeklyText).toContain('Mondays at 08:30 (Europe/Brussels)');
        expect(weeklyText).toContain('PDF');
        expect(weeklyText).toContain('All members');
        expect(weeklyText).toContain('Sent');
        const monthlyText = await page.locator(`[data-subscription-id="${monthly!.id}"]`).first().textContent();
        expect(monthlyText).toContain("The 31st (or the month's last day) of each month at 07:00");
        expect(monthlyText).toContain('PNG');
        expect(monthlyText).toContain('Hanna Harbour');
        expect(monthlyText).toContain('Not sent yet');
        expect(await page.getByTestId('organization-subscriptions').textContent()).not.toContain('09:00');
        await checkPage(page, `admin-organization-${viewport.width}-${theme}`);
        // Managed on the subscriptions screen, kept to this organization.
        await page.getByTestId('organization-subscriptions-manage').click();
        await page.waitForURL(`**/admin/subscriptions?organizationId=${org.id}`);
        await page.getByTestId('subscriptions-organization-filter').getByText(org.name).first().waitFor();
        const listed = page.locator('[data-testid="subscriptions-table"] [data-subscription-id]');
        await expect.poll(() => listed.count()).toBe(2);
        expect(await page.getByTestId('subscriptions-table').textContent()).not.toContain(elsewhere.name);
        await checkPage(page, `admin-subscriptions-organization-${viewport.width}-${theme}`);
      },
      // bypassCSP: axe-core is injected as an inline script, which the site's policy rightly refuses.
      { context: { bypassCSP: true } },
    );

    // Adding by searching, changing the role, removing: once, at desktop width.
    const page = await suite.newPage({ viewport: { width: 1280, height: 800 }, bypassCSP: true });
    await signInAndOpen(page, admin.email, PASSWORD, `/admin/organizations/${org.id}`);
    const search = page.getByRole('combobox', { name: 'Add a member' });
    await search.click();
    await search.fill(`joiner${tag}`);
    await page.getByRole('option', { name: new RegExp(`Jonas Joiner${tag}`) }).click();
    await closeToast(page, 'User added to organization');
    const joinerRow = page.getByTestId('member-row').filter({ hasText: joiner.email });
    await joinerRow.waitFor();
    const role = joinerRow.getByLabel(`Role of ${joiner.email}`);
    await role.fill('Finance lead');
    await joinerRow.getByTestId('member-role-save').click();
    await closeToast(page, 'Role changed');
    const [membership] = await database.db
      .select()
      .from(schema.memberships)
      .where(eq(schema.memberships.userId, joiner.id));
    expect(membership).toMatchObject({ organizationId: org.id, role: 'Finance lead' });
    await joinerRow.getByRole('button', { name: `Remove ${joiner.email} from ${org.name}` }).click();
    await page.getByTestId('remove-member-dialog').getByTestId('confirm-action').click();
    await closeToast(page, 'User removed from organization');
    await joinerRow.waitFor({ state: 'detached' });

    // An address that names no organization says so.
    await page.goto('/admin/organizations/2147483647');
    await page.getByTestId('organization-not-found').waitFor();
  });
});

describe('the user editor with 200 organizations (issue 27)', () => {
  it('finds one by searching, picks it, saves, and lists every membership once', async () => {
    const admin = await createAdmin('editor');
    const tag = crypto.randomUUID().slice(0, 6);
    const orgs = await database.db
      .insert(schema.organizations)
      .values(Array.from({ length: 200 }, (_, i) => ({ name: `Client ${tag} ${String(i + 1).padStart(3, '0')}` })))
      .returning();
    const person = await createUser(database.db, {
      email: uniqueEmail(`person-${tag}`),
      firstName: 'Pia',
      lastName: 'Picks',
    });
    await addMembership(database.db, orgs[0]!.id, person.id);

    await forEachThemeAndViewport(
      suite,
      async (page, theme, viewport) => {
        await signInAndOpen(page, admin.email, PASSWORD, `/admin?tab=users&email=${encodeURIComponent(person.email)}`);
        await page.getByRole('button', { name: `Actions for ${person.email}` }).click();
        await page.getByTestId('user-edit').click();
        const editor = page.getByTestId('edit-user-dialog');
        await editor.getByTestId('edit-user-membership').first().waitFor();
        const search = editor.getByRole('combobox', { name: 'Add to an organization' });
        await search.click();
        await search.fill(`${tag} 137`);
        const options = page.getByRole('option');
        await options.first().waitFor();
        expect(await options.allTextContents()).toEqual([`Client ${tag} 137`]);
        await checkPage(page, `admin-user-editor-search-${viewport.width}-${theme}`);
        await page.keyboard.press('Escape');
        await search.fill('');
      },
      // bypassCSP: axe-core is injected as an inline script, which the site's policy rightly refuses.
      { themes: ['light'], context: { bypassCSP: true } },
    );

    const page = await suite.newPage({ viewport: { width: 1280, height: 800 }, bypassCSP: true });
    await signInAndOpen(page, admin.email, PASSWORD, `/admin?tab=users&email=${encodeURIComponent(person.email)}`);
    await page.getByRole('button', { name: `Actions for ${person.email}` }).click();
    await page.getByTestId('user-edit').click();
    const editor = page.getByTestId('edit-user-dialog');
    const search = editor.getByRole('combobox', { name: 'Add to an organization' });
    await search.click();
    await search.fill(`${tag} 137`);
    await page.getByRole('option', { name: `Client ${tag} 137` }).click();
    expect(await search.inputValue()).toBe('');
    // Listed once: the saved one and the new one, marked until saved; never a second list.
    const memberships = editor.getByTestId('edit-user-membership');
    await expect.poll(() => memberships.count()).toBe(2);
    expect(await editor.getByText('Added when you update').count()).toBe(1);
    // An organization already chosen is not offered again.
    await search.fill(`${tag} 001`);
    await page.getByText(`No organization matches '${tag} 001'`).waitFor();
    await search.fill('');
    await editor.getByTestId('edit-user-submit').click();
    await closeToast(page, 'User updated');
    const saved = await database.db
      .select({ organizationId: schema.memberships.organizationId })
      .from(schema.memberships)
      .where(eq(schema.memberships.userId, person.id));
    expect(saved.map((m) => m.organizationId).sort((a, b) => a - b)).toEqual([orgs[0]!.id, orgs[136]!.id]);

    await page.getByRole('button', { name: `Actions for ${person.email}` }).click();
    await page.getByTestId('user-edit').click();
    const again = page.getByTestId('edit-user-dialog');
    await again.getByTestId('edit-user-membership').first().waitFor();
    expect(await again.getByTestId('edit-user-membership').count()).toBe(2);
    expect(await again.getByText(`Client ${tag} 137`).count()).toBe(1);
    expect(await again.getByText('Added when you update').count()).toBe(0);
  });
});

describe('readable history (issue 27)', () => {
  it('shows sign-ins and audit entries with names, relative times, plain addresses and browsers in words', async () => {
    const admin = await createAdmin('history');
    const tag = crypto.randomUUID().slice(0, 6);
    const person = await createUser(database.db, {
      email: uniqueEmail(`signer-${tag}`),
      firstName: 'Sina',
      lastName: 'Signer',
    });
    await createSignIns(database.db, person, 30, (i) => ({
      result: i % 5 ? 'success' : 'failure',
      ipAddress: '::ffff:127.0.0.1',
      userAgent: CHROME,
      createdAt: new Date(Date.now() - (i + 1) * 3_600_000),
    }));

    await forEachThemeAndViewport(
      suite,
      async (page, theme, viewport) => {
        await signInAndOpen(
          page,
          admin.email,
          PASSWORD,
          `/admin?tab=sign-ins&q=${encodeURIComponent(person.email)}&pageSize=10`,
        );
        const rows = page.getByTestId('sign-in-row');
        await expect.poll(() => rows.count()).toBe(10);
        const first = rows.first();
        expect(await first.getByTestId('sign-in-email').textContent()).toContain('Sina Signer');
        expect(await first.getByTestId('sign-in-address').textContent()).toBe('127.0.0.1');
        expect(await first.getByTestId('sign-in-browser').textContent()).toContain('Chrome 131');
        expect(await first.getByTestId('sign-in-browser').textContent()).toContain('Windows 10');
        expect(await first.textContent()).toContain('1 hour ago');
        expect(await first.locator('time').getAttribute('title')).toMatch(/\d{1,2}:\d{2}/);
        expect(await first.textContent()).not.toContain('::ffff:');
        await checkPage(page, `admin-sign-ins-${viewport.width}-${theme}`);
        await page.getByTestId('sign-ins-page-next').click();
        await page.waitForURL(/page=2/);
        await expect.poll(() => rows.count()).toBe(10);
      },
      // bypassCSP: axe-core is injected as an inline script, which the site's policy rightly refuses.
      { themes: ['light'], context: { bypassCSP: true } },
    );

    const page = await suite.newPage({ viewport: { width: 1280, height: 800 }, bypassCSP: true });
    const org = await createOrganization(database.db, { name: `Audit Org ${tag}` });
    await signInAndOpen(page, admin.email, PASSWORD, `/admin?tab=organizations&q=${encodeURIComponent(org.name)}`);
    await page.getByRole('button', { name: `Actions for ${org.name}` }).click();
    await page.getByTestId('organization-edit').click();
    await page.getByTestId('organization-name').fill(`Audit Org ${tag} Renamed`);
    await page.getByTestId('organization-submit').click();
    await closeToast(page, 'Organization updated');
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`/admin?tab=audit&q=${encodeURIComponent(`Audit Org ${tag}`)}`);
      const row = page.getByTestId('audit-row').first();
      await row.waitFor();
      expect(await row.getByTestId('audit-actor').textContent()).toContain('Olga Org');
      expect(await row.getByTestId('audit-change').first().textContent()).toBe(
        `Audit Org ${tag} → changed to Audit Org ${tag} Renamed`,
      );
      expect(await row.textContent()).toContain('just now');
      await checkPage(page, `admin-audit-${width}-light`);
    }
  });
});

describe("the console's lists (issue 27's leftovers)", () => {
  it('Connections, Organizations and Consultations: stored checks, counts, dimmed rows, row menus', {
    timeout: 300_000,
  }, async () => {
    const tag = crypto.randomUUID().slice(0, 6);
    const admin = await createAdmin('lists');
    const client = await createOrganization(database.db, { name: `Lists Client ${tag}`, domain: 'client.example' });
    const dormant = await createOrganization(database.db, { name: `Lists Dormant ${tag}`, isActive: false });
    for (const name of ['ada', 'bob'])
      await addMembership(database.db, client.id, (await createUser(database.db, { email: uniqueEmail(name) })).id);
    await addMembership(database.db, dormant.id, (await createUser(database.db, { email: uniqueEmail('dora') })).id);
    await linkDashboard(
      database.db,
      client.id,
      (await createDashboard(database.db, { name: `Lists Board ${tag}` })).id,
    );
    await database.db.insert(schema.organizationSso).values({
      organizationId: client.id,
      issuer: 'https://login.client.example',
      clientId: 'app',
      clientSecret: 'v1.sealed',
    });
    const checkedAt = new Date(Date.now() - 2 * 3_600_000).toISOString();
    await database.db.insert(schema.embedConnections).values([
      {
        name: `Lists Power BI ${tag}`,
        provider: 'powerbi',
        settings: { tenantId: '11111111-1111-1111-1111-111111111111', clientId: 'app' },
        secret: 'v1.sealed',
        lastCheck: { ok: false, message: 'Entra ID refused the client secret (401)', checkedAt },
      },
      {
        name: `Lists Metabase ${tag}`,
        provider: 'metabase',
        settings: { siteUrl: 'https://metabase.example' },
        secret: 'v1.sealed',
        lastCheck: { ok: true, message: 'Connected to Metabase', checkedAt },
      },
    ]);
    const day = addDays(todayIn(ZONE, new Date()), 30);
    await storeMorningBooking(
      database,
      { date: day, hour: 10, zone: ZONE },
      { name: `Grace ${tag}`, email: uniqueEmail('grace'), businessName: 'Navy Labs' },
    );

    await forEachThemeAndViewport(
      suite,
      async (page, theme, viewport) => {
        const at = `${viewport.width}-${theme}`;
        await signIn(page, admin.email, PASSWORD);

        // Connections: the stored check, and when, with the exact time on hover.
        await page.goto('/admin/connections');
        const failing = page.getByTestId('connection-row').filter({ hasText: `Lists Power BI ${tag}` });
        await failing.waitFor();
        const status = failing.getByTestId('connection-status');
        expect(await status.getAttribute('data-state')).toBe('failed');
        expect(await status.textContent()).toContain('Check failed: Entra ID refused the client secret (401)');
        const when = status.getByTestId('connection-checked-at').locator('time');
        expect(await when.textContent()).toContain('2 hours ago');
        expect(await when.getAttribute('title')).toBeTruthy();
        const passing = page.getByTestId('connection-row').filter({ hasText: `Lists Metabase ${tag}` });
        expect(await passing.getByTestId('connection-status').getAttribute('data-state')).toBe('ok');
        await checkPage(page, `console-connections-${at}`);

        // Organizations: members, dashboards and SSO; the inactive one dimmed up to its sticky Actions cell.
        await page.goto(`/admin/organizations?q=${tag}`);
        const active = page.getByTestId('organization-row').filter({ hasText: client.name });
        const inactive = page.getByTestId('organization-row').filter({ hasText: dormant.name });
        await inactive.waitFor();
        const figures = (row: typeof active) =>
          Promise.all(
            ['organization-members', 'organization-dashboards', 'organization-sso'].map((id) =>
              row.getByTestId(id).textContent(),
            ),
          );
        expect(await figures(active)).toEqual(['2', '1', 'On']);
        expect(await figures(inactive)).toEqual(['1', '0', 'Off']);
        // How the sticky Actions cell of a row looks: its own background (it hides what scrolls under it), its trigger.
        const actionsLook = (row: typeof active) =>
          row
            .locator('td')
            .last()
            .evaluate((td) => ({
              background: getComputedStyle(td).backgroundColor,
              trigger: getComputedStyle(td.querySelector('button')!).color,
            }));
        const dimmed = await actionsLook(inactive);
        const plain = await actionsLook(active);
        expect(dimmed.background).not.toBe(plain.background);
        expect(dimmed.trigger).not.toBe(plain.trigger);
        await checkPage(page, `console-organizations-${at}`);

        // Consultations: the row's menu holds Reschedule and Cancel; Cancel asks first.
        await page.goto(`/admin/consultations?q=${tag}`);
        const row = page.getByTestId('consultation-row').filter({ hasText: `Grace ${tag}` });
        await row.waitFor();
        expect(await row.getByRole('button').count()).toBe(1);
        await checkPage(page, `console-consultations-${at}`);
        await row.getByRole('button', { name: `Actions for Grace ${tag}` }).click();
        const menu = page.getByRole('menu');
        expect(await menu.getByRole('menuitem').allTextContents()).toEqual(['Reschedule', 'Cancel']);
        await screenshot(page, `console-consultations-menu-${at}`);
        await menu.getByTestId('consultation-cancel').click();
        const dialog = page.getByTestId('consultation-cancel-dialog');
        expect(await dialog.textContent()).toContain(`Grace ${tag}'s consultation on`);
        await screenshot(page, `console-consultations-cancel-${at}`);
        await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
        await dialog.waitFor({ state: 'detached' });
        expect(await row.getAttribute('data-status')).toBe('confirmed');
      },
      { context: { bypassCSP: true } },
    );
  });
});
