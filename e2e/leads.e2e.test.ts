import { createDashboard } from '@app/db/testing';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { completeRegistration, signIn, toast } from './account-helpers';
import { useSuiteDatabase } from './database-helpers';
import { linkIn, uniqueEmail, waitForEmail } from './email-helpers';
import { screenshot, themedPage, useBrowserSuite, viewports } from './harness';
import { weekdaySlots } from './harness/slots';
import { seriousAxeViolations } from './marketing-helpers';

/** Issue 27: a contact message and a booking by one person are one lead; converting it makes a client. */
const suite = useBrowserSuite();
const PASSWORD = 'Admin-secret-42';
const database = useSuiteDatabase(suite, 'e2e-leads', PASSWORD);

const createAdmin = async () =>
  database.account({ email: uniqueEmail('lena'), firstName: 'Lena', lastName: 'Admin', isAdmin: true });

/** A visitor's contact message and consultation booking, through the API as the site's forms send them. */
async function messageAndBooking(page: Page, email: string, name: string, businessName: string) {
  const headers = { origin: suite.baseUrl };
  const sent = await page.request.post('/api/contact', {
    data: { name, email, subject: 'Dashboards for us', message: 'We would like to talk about dashboards.' },
    headers,
  });
  expect(sent.status()).toBe(201);
  for (const slot of weekdaySlots(5)) {
    const booked = await page.request.post('/api/booking', {
      data: { name, email: email.toUpperCase(), businessName, ...slot },
      headers,
    });
    if (booked.status() === 201) return;
    expect(booked.status(), await booked.text()).toBe(409);
  }
  throw new Error('No free slot to book');
}

async function openLeads(page: Page, email: string) {
  // A page of the SPA the server knows (not its not-found answer).
  expect((await page.goto(`/admin/leads?q=${encodeURIComponent(email)}`))?.status()).toBe(200);
  const row = page.getByTestId('lead-row').filter({ hasText: email });
  await row.waitFor();
  return row;
}

describe('Leads (issue 27)', () => {
  it('one lead of a message and a booking; convert invites the person, who registers and sees the dashboards', async () => {
    const admin = await createAdmin();
    const email = uniqueEmail('nina');
    const dashboard = await createDashboard(database.db, { name: `Nimbus sales ${crypto.randomUUID().slice(0, 6)}` });
    await createDashboard(database.db, { name: `Other board ${crypto.randomUUID().slice(0, 6)}` });

    // bypassCSP: axe-core is injected as a script (as the other admin screen tests do).
    const page = await suite.newPage({ bypassCSP: true });
    await messageAndBooking(page, email, 'Nina Nimbus', 'Nimbus Analytics');
    await signIn(page, admin.email, PASSWORD);
    const row = await openLeads(page, email);
    expect(await page.getByTestId('lead-row').count()).toBe(1);
    expect(await row.textContent()).toContain('Nimbus Analytics');
    expect(await row.textContent()).toContain('1 message');
    expect(await row.textContent()).toContain('1 booking');
    expect(await row.getAttribute('data-status')).toBe('consultation');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'leads-list-1280');

    // The lead beside the list: its message, then its booking.
    await row.getByTestId('lead-open').click();
    const panel = page.getByTestId('lead-panel');
    await panel.getByTestId('lead-activity-item').nth(1).waitFor();
    expect(
      await panel
        .getByTestId('lead-activity-item')
        .evaluateAll((items) => items.map((i) => i.getAttribute('data-kind'))),
    ).toEqual(['message', 'booking']);
    await panel.getByTestId('lead-owner-select').selectOption({ label: admin.email });
    await panel.getByTestId('lead-notes').fill('Wants sales figures by region.');
    await panel.getByTestId('lead-save').click();
    await toast(page, 'Lead saved').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'leads-panel-1280');

    // Convert: the name is the business's; the dashboards are searched and chosen.
    await panel.getByTestId('lead-convert').click();
    const dialog = page.getByTestId('lead-convert-dialog');
    await dialog.waitFor();
    expect(await dialog.getByTestId('lead-convert-name').inputValue()).toBe('Nimbus Analytics');
    await dialog.getByTestId('lead-convert-dashboard-search').fill('Nimbus sales');
    await expect.poll(() => dialog.getByTestId('lead-convert-dashboard').count()).toBe(1);
    await dialog.getByLabel(dashboard.name).check();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'leads-convert-1280');
    await dialog.getByTestId('lead-convert-submit').click();
    await toast(page, 'Converted to a client').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await panel.getByTestId('lead-converted').waitFor();
    expect(await panel.getByTestId('lead-converted').textContent()).toContain('Nimbus Analytics');
    await expect.poll(() => row.getAttribute('data-status')).toBe('won');

    // The invitation e-mail arrives; the person registers and sees the linked dashboard.
    const invitation = await waitForEmail(suite.smtp, email, /invited/i);
    const client = await suite.newPage();
    await client.goto(linkIn(invitation, '/register'));
    await client.getByTestId('register-card').waitFor();
    await completeRegistration(client, 'Client-pass-123');
    await client.getByTestId('dashboards-grid').waitFor();
    expect(await client.getByTestId('dashboard-card-name').allTextContents()).toEqual([dashboard.name]);
  });

  it('fits a phone: the list, the lead and the convert dialog at 375 px in the dark theme, with no serious axe violation', async () => {
    const admin = await createAdmin();
    const email = uniqueEmail('omar');
    const phone = await themedPage(suite, 'dark', { viewport: viewports.mobile, bypassCSP: true });
    await messageAndBooking(phone, email, 'Omar Orbit', 'Orbit Logistics International');
    await signIn(phone, admin.email, PASSWORD);
    const row = await openLeads(phone, email);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await seriousAxeViolations(phone)).toEqual([]);
    await screenshot(phone, 'leads-list-375');

    await row.getByTestId('lead-open').click();
    const panel = phone.getByTestId('lead-panel');
    await panel.getByTestId('lead-activity-item').nth(1).waitFor();
    // On a phone the lead shows instead of the list; back returns to it.
    expect(await phone.getByTestId('lead-table').isVisible()).toBe(false);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await seriousAxeViolations(phone)).toEqual([]);
    await screenshot(phone, 'leads-panel-375');

    await panel.getByTestId('lead-convert').click();
    const dialog = phone.getByTestId('lead-convert-dialog');
    await dialog.waitFor();
    await dialog.getByTestId('lead-convert-name').fill('');
    await dialog.getByTestId('lead-convert-submit').click();
    await dialog.getByText('Organization name is required').waitFor();
    // The pointer leaves the button it clicked (a phone has no hover, and a colour transition takes a moment).
    await phone.mouse.move(0, 0);
    await expect.poll(() => seriousAxeViolations(phone), { timeout: 5_000 }).toEqual([]);
    await screenshot(phone, 'leads-convert-375');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await panel.getByTestId('lead-close').click();
    await phone.getByTestId('lead-table').waitFor();
  });
});
