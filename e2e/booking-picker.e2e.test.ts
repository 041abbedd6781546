import { readFileSync } from 'node:fs';
import ICAL from 'ical.js';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signIn } from './account-helpers';
import { firstFreeDay } from './booking-helpers';
import { useSuiteDatabase } from './database-helpers';
import { uniqueEmail, waitForInvite } from './email-helpers';
import { forEachThemeAndViewport, screenshot, useBrowserSuite, viewports } from './harness';
import { openMarketingPage, seriousAxeViolations } from './marketing-helpers';

/** Issue 12, items 4 and 5 (D32): our own date picker in the calendar tab, and the confirmation in place. */

const SUCCESS = 'Your consultation is booked! Check your email for confirmation details.';
const SCHEDULING_URL = 'https://calendly.com/lucid-insight/30min';
const PASSWORD = 'Admin-secret-42';
/** The visitor's browser is in another zone than the company's (America/New_York by default). */
const VISITOR_ZONE = 'Asia/Tokyo';

const openBookingPage = (page: Page) => openMarketingPage(page, '/book-consultation');

/** Whether the element is wholly inside the viewport (not above or below the fold). */
async function inViewport(page: Page, locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize();
  if (!box || !viewport) return false;
  return box.y >= 0 && box.y + Math.min(box.height, viewport.height) <= viewport.height + 1;
}

describe('/book-consultation without a scheduling URL: the date picker (D32)', () => {
  const suite = useBrowserSuite();
  const database = useSuiteDatabase(suite, 'e2e-booking-picker', PASSWORD);

  it('shows a visitor the month grid and free times, and none of the setup instructions', async () => {
    const page = await suite.newPage();
    await openBookingPage(page);
    await page.getByTestId('picker-form').waitFor();
    expect(await page.getByTestId('scheduling-setup').count()).toBe(0);
    const text = (await page.getByTestId('booking-panel-calendar').textContent()) ?? '';
    expect(text).not.toContain('SCHEDULING_URL');
    expect(text).not.toContain('Scheduling integration ready');
    expect(await page.locator('iframe').count()).toBe(0);
    expect(await page.getByTestId('picker-time-zone').textContent()).toBe(
      'Times are in Eastern Time (America/New_York)',
    );
    // Sundays (the first column) are not offered.
    await page.locator('[data-testid^="picker-day-2"]').first().waitFor();
    const weekendCells = page.locator('table tbody tr td:first-child [data-testid^="picker-day-"]');
    for (const cell of await weekendCells.all())
      expect(await cell.getAttribute('aria-disabled'), (await cell.getAttribute('data-testid')) ?? '').toBe('true');
  });

  it('works by keyboard: arrow keys move between days, Enter picks one, its times are radio buttons', async () => {
    const page = await suite.newPage();
    await openBookingPage(page);
    const day = await firstFreeDay(page);
    await day.click();
    const first = (await day.getAttribute('data-testid'))!;
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('data-testid'));
    expect(await focused()).toBe(first);
    await page.keyboard.press('ArrowRight');
    expect(await focused()).not.toBe(first);
    await page.keyboard.press('ArrowLeft');
    expect(await focused()).toBe(first);
    // A week later is a weekday too: Enter picks it.
    await page.keyboard.press('ArrowDown');
    const next = (await focused())!;
    expect(next).not.toBe(first);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId(next).getAttribute('data-selected')).not.toBeNull();
    expect(await page.getByTestId('picker-times').locator('legend').textContent()).toContain('Free times on');
    const radios = page.getByTestId('picker-times').getByRole('radio');
    await radios.first().waitFor({ state: 'attached' });
    await radios.first().focus();
    await page.keyboard.press('Space');
    expect(await radios.first().isChecked()).toBe(true);
    await page.keyboard.press('ArrowDown');
    expect(await radios.nth(1).isChecked()).toBe(true);
  });

  it('books through the picker and shows the confirmation in place, in view: both zones, the e-mail, .ics, cancel', async () => {
    const context = await suite.newContext({ timezoneId: VISITOR_ZONE, acceptDownloads: true });
    const page = await context.newPage();
    await openBookingPage(page);
    const email = uniqueEmail('picker');
    const day = await firstFreeDay(page);
    const date = (await day.getAttribute('data-testid'))!.slice('picker-day-'.length);
    const slots = page.waitForResponse((r) => r.url().includes(`/api/booking/availability?date=${date}`));
    await day.click();
    expect((await slots).status()).toBe(200);
    const slot = page.getByTestId('picker-slot').first();
    await slot.waitFor();
    // The company's time, and the visitor's own beside it.
    expect(await slot.textContent()).toMatch(/^\d{2}:\d{2} (AM|PM) - \d{2}:\d{2} (AM|PM)Your time: .+ – .+$/);
    await slot.click();
    const form = page.getByTestId('picker-form');
    await form.getByLabel('Your Name', { exact: true }).fill('Katherine Johnson');
    await form.getByLabel('Your Email', { exact: true }).fill(email);
    await form.getByLabel('Business Name (optional)').fill('Flight Research');
    await form.getByLabel('Line of Work (optional)').fill('Aerospace');
    const posted = page.waitForResponse((r) => r.url().endsWith('/api/booking') && r.request().method() === 'POST');
    await page.getByTestId('picker-submit').click();
    const answer = (await (await posted).json()) as { startsAt: string; endsAt: string; calendarUrl: string };

    const confirmation = page.getByTestId('picker-confirmation');
    await confirmation.waitFor();
    expect(await page.getByTestId('picker-form').count()).toBe(0);
    expect(await inViewport(page, confirmation)).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('picker-confirmation');
    expect((await page.getByTestId('picker-success').textContent())?.trim()).toBe(SUCCESS);
    const zoned = (timeZone: string) =>
      new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' }).format(
        new Date(answer.startsAt),
      );
    const company = (await page.getByTestId('picker-confirmation-company-time').textContent()) ?? '';
    const visitor = (await page.getByTestId('picker-confirmation-visitor-time').textContent()) ?? '';
    expect(company).toContain(zoned('America/New_York'));
    expect(visitor).toContain(zoned(VISITOR_ZONE));
    expect(await confirmation.textContent()).toContain('(America/New_York)');
    expect(await confirmation.textContent()).toContain(`(${VISITOR_ZONE})`);
    expect(await page.getByTestId('picker-confirmation-email').textContent()).toBe(email);
    await screenshot(page, 'booking-picker-confirmation-1280');

    // "Add to calendar" downloads the booking's .ics: it parses, with the slot's UTC times.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('picker-add-to-calendar').click(),
    ]);
    expect(download.suggestedFilename()).toBe('consultation.ics');
    const file = await download.path();
    const text = readFileSync(file, 'utf8');
    const calendar = new ICAL.Component(ICAL.parse(text));
    const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent') ?? undefined);
    expect(event.startDate.toJSDate().toISOString()).toBe(answer.startsAt);
    expect(event.endDate.toJSDate().toISOString()).toBe(answer.endsAt);

    // The e-mailed invite carries the same UID.
    const invited = await waitForInvite(suite.smtp, email);
    const invitedEvent = new ICAL.Event(
      new ICAL.Component(ICAL.parse(invited.invite)).getFirstSubcomponent('vevent') ?? undefined,
    );
    expect(event.uid).toBe(invitedEvent.uid);

    // The cancel link works (and the e-mail's own link still does: the worker minted it after the answer).
    await page.getByTestId('picker-cancel-link').click();
    await page.waitForURL(/\/booking\/cancel\?token=/);
    await page.getByRole('button', { name: 'Cancel consultation' }).click();
    await page.getByText('Your consultation has been cancelled', { exact: false }).waitFor();
    const emailLink = /\/booking\/cancel\?token=([a-z0-9]+)/.exec(invited.email.parsed.text ?? '')?.[1];
    expect(emailLink).toBeTruthy();
    const shown = await page.request.get(`/api/booking/cancel/${emailLink}`);
    expect(shown.status()).toBe(200);
    expect(((await shown.json()) as { status: string }).status).toBe('cancelled');
  });

  it('keeps the confirmation in view on a 375 px phone', async () => {
    const context = await suite.newContext({ viewport: viewports.mobile, timezoneId: VISITOR_ZONE });
    const page = await context.newPage();
    await openBookingPage(page);
    await page.getByTestId('picker-form').waitFor();
    await screenshot(page, 'booking-picker-375');
    const day = await firstFreeDay(page);
    await day.click();
    await page.getByTestId('picker-slot').first().click();
    const form = page.getByTestId('picker-form');
    await form.getByLabel('Your Name', { exact: true }).fill('Dorothy Vaughan');
    await form.getByLabel('Your Email', { exact: true }).fill(uniqueEmail('phone'));
    await page.getByTestId('picker-submit').click();
    const confirmation = page.getByTestId('picker-confirmation');
    await confirmation.waitFor();
    await expect.poll(() => inViewport(page, page.locator('#picker-confirmation-heading'))).toBe(true);
    expect(await inViewport(page, page.getByTestId('picker-success'))).toBe(true);
    await page.screenshot({
      path: `${new URL('./output/', import.meta.url).pathname}booking-picker-confirmation-375-viewport.png`,
    });
    // No sideways scrolling at 375 px.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });

  it('shows a signed-in admin the setup panel above the picker', async () => {
    const admin = await database.account({
      email: uniqueEmail('admin'),
      firstName: 'Alma',
      lastName: 'Admin',
      isAdmin: true,
    });
    const page = await suite.newPage();
    await signIn(page, admin.email, PASSWORD);
    await openBookingPage(page);
    const panel = page.getByTestId('scheduling-setup');
    await panel.waitFor();
    expect(await page.getByRole('heading', { name: 'Scheduling integration ready' }).isVisible()).toBe(true);
    expect(await panel.textContent()).toContain('SCHEDULING_URL');
    await page.getByTestId('picker-form').waitFor();
    await screenshot(page, 'booking-picker-admin-1280');
  });

  it('passes axe-core with a day chosen, light and dark, and is captured at 375 and 1280 px into e2e/output/', async () => {
    const problems: string[] = [];
    // bypassCSP: axe-core is injected as an inline script, which the site's policy rightly refuses.
    await forEachThemeAndViewport(
      suite,
      async (page, theme, viewport) => {
        await openBookingPage(page);
        await (await firstFreeDay(page)).click();
        await page.getByTestId('picker-slot').first().waitFor();
        await screenshot(page, `booking-picker-${viewport.width}-${theme}`);
        for (const v of await seriousAxeViolations(page))
          problems.push(`${theme} ${viewport.width}px: ${v.id} (${v.impact}) ${v.help} ${JSON.stringify(v.nodes)}`);
      },
      { context: { bypassCSP: true } },
    );
    expect(problems).toEqual([]);
  });
});

describe('/book-consultation with a valid SCHEDULING_URL', () => {
  const suite = useBrowserSuite({ env: { SCHEDULING_URL } });

  it("embeds the service's widget, and neither the picker nor the setup panel", async () => {
    const page = await suite.newPage();
    await page.route('https://calendly.com/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<p>Calendly stand-in</p>' }),
    );
    await openBookingPage(page);
    await page.getByTestId('scheduling-frame').waitFor();
    expect(await page.getByTestId('picker-form').count()).toBe(0);
    expect(await page.getByTestId('scheduling-setup').count()).toBe(0);
  });
});
