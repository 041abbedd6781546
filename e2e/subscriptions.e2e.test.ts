import { addMembership, createDashboard, createOrganization, linkDashboard } from '@app/db/testing';
import { startEmbedStandIns } from '@app/testing/embed-stand-ins';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAndOpen } from './account-helpers';
import { useSuiteDatabase } from './database-helpers';
import { uniqueEmail, waitForEmail } from './email-helpers';
import { adminSession } from './embed-helpers';
import { screenshot, useBrowserSuite, viewports } from './harness';
import { horizontalOverflow, seriousAxeViolations } from './marketing-helpers';

/**
 * Issue 29 in Chromium: an administrator creates a report subscription on /admin/subscriptions and sends it now; the
 * member gets the organization's PDF, opens the e-mail's unsubscribe link (which changes nothing by itself), presses
 * the button, and finds the report off on the account page. Each screen at 375 and 1280 px with axe.
 */

const standIns = await startEmbedStandIns({ rlsRoles: ['Region'] });
const suite = useBrowserSuite({
  env: {
    POWERBI_AUTHORITY_URL: standIns.powerbi.authorityUrl,
    POWERBI_API_URL: standIns.powerbi.apiUrl,
    OUTBOUND_ALLOW_HOSTS: new URL(standIns.url).host,
    SUBSCRIPTION_POLL_MIN_MS: '50',
  },
});
const PASSWORD = 'Correct-horse-42';
const database = useSuiteDatabase(suite, 'e2e-subscriptions', PASSWORD);
let adminEmail: string;
let memberEmail: string;
let organizationName: string;

beforeAll(async () => {
  const { db } = database;
  adminEmail = uniqueEmail('ada');
  memberEmail = uniqueEmail('mia');
  await database.account({ email: adminEmail, isAdmin: true, firstName: 'Ada' });
  const member = await database.account({ email: memberEmail, firstName: 'Mia' });
  organizationName = `Acme ${crypto.randomUUID().slice(0, 6)}`;
  const org = await createOrganization(db, { name: organizationName });
  await addMembership(db, org.id, member.id);
  const admin = await adminSession(suite.baseUrl, adminEmail, PASSWORD);
  const { powerbi } = standIns.credentials;
  const connection = await admin<{ id: number }>('POST', '/api/admin/embed-connections', {
    name: 'Power BI (stand-in)',
    provider: 'powerbi',
    tenantId: powerbi.tenantId,
    clientId: powerbi.clientId,
    clientSecret: powerbi.clientSecret,
  });
  const dashboard = await createDashboard(db, {
    name: 'Sales overview',
    embedMode: 'powerbi',
    embedUrl: '',
    connectionId: connection.body.id,
    embedTarget: { workspaceId: powerbi.workspaceId, reportId: powerbi.reportId },
  });
  await linkDashboard(db, org.id, dashboard.id, { roles: ['Region'], username: 'acme-east' });
});
afterAll(async () => {
  await standIns.stop();
});

describe('report subscriptions in the browser', () => {
  it('an admin creates one and sends it now; the member unsubscribes from the link, then sees it off on /account', async () => {
    const page = await suite.newPage({ bypassCSP: true });
    await signInAndOpen(page, adminEmail, PASSWORD, '/admin/subscriptions', 'visible');
    await page.getByTestId('subscription-form').waitFor();
    await page.getByTestId('subscription-link').selectOption({ label: `${organizationName} — Sales overview` });
    await page.getByTestId('subscription-weekday').selectOption({ label: 'Monday' });
    await page.getByTestId('subscription-time').fill('07:30');
    await page.getByTestId('subscription-zone').selectOption('Europe/Brussels');
    await page.getByTestId('subscription-save').click();
    const row = page.locator('[data-subscription-id]').filter({ hasText: organizationName });
    await row.waitFor();
    expect(await row.textContent()).toContain('Mondays at 07:30 (Europe/Brussels)');
    await row.getByTestId('subscription-send-now').click();
    await expect.poll(() => row.textContent(), { timeout: 20_000 }).toContain('Sent');
    await row.getByRole('button', { name: /^Deliveries of/ }).click();
    await page.getByTestId('subscription-deliveries').getByText(memberEmail).waitFor();
    for (const viewport of Object.values(viewports)) {
      await page.setViewportSize(viewport);
      expect(await seriousAxeViolations(page)).toEqual([]);
      expect(await horizontalOverflow(page)).toBe(0);
      await screenshot(page, `admin-subscriptions-${viewport.width}`);
    }

    const email = await waitForEmail(suite.smtp, memberEmail, /Sales overview: your weekly report/);
    expect(email.parsed.attachments[0]?.content.toString('latin1')).toContain('"username":"acme-east"');
    const link = email.text.match(/https?:\/\/\S+\/unsubscribe\?token=\S+/)![0];
    const member = await suite.newPage({ bypassCSP: true });
    await member.goto(`${new URL(link).pathname}${new URL(link).search}`);
    await member.getByTestId('unsubscribe-submit').waitFor();
    for (const viewport of Object.values(viewports)) {
      await member.setViewportSize(viewport);
      expect(await seriousAxeViolations(member)).toEqual([]);
      await screenshot(member, `unsubscribe-${viewport.width}`);
    }
    // Opening the page changed nothing; the button does.
    await member.getByTestId('unsubscribe-submit').click();
    await member.getByTestId('unsubscribe-done').waitFor();
    expect(await member.getByTestId('unsubscribe-done').textContent()).toContain('Sales overview');

    const account = await suite.newPage({ bypassCSP: true });
    await signInAndOpen(account, memberEmail, PASSWORD, '/account', 'visible');
    await account.getByTestId('account-subscriptions-list').waitFor();
    const box = account.getByTestId('account-subscriptions-list').getByRole('checkbox');
    expect(await box.isChecked()).toBe(false);
    await box.click();
    await expect.poll(() => box.isChecked()).toBe(true);
    for (const viewport of Object.values(viewports)) {
      await account.setViewportSize(viewport);
      expect(await seriousAxeViolations(account)).toEqual([]);
      await screenshot(account, `account-subscriptions-${viewport.width}`);
    }
  });
});
