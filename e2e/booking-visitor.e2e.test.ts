import {
  DEFAULT_TIME_SLOTS,
  GOOGLE_CALENDAR_URL,
  OUTLOOK_CALENDAR_URL,
  slotStart,
  zonedTimeToUtc,
} from '@app/contracts';
import * as schema from '@app/db/schema';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { firstFreeDay } from './booking-helpers';
import { useSuiteDatabase } from './database-helpers';
import { uniqueEmail, waitForInvite } from './email-helpers';
import { screenshot, useBrowserSuite, type Viewport, viewports } from './harness';
import { openMarketingPage, seriousAxeViolations } from './marketing-helpers';

/**
 * Issue 26, items 21 and 22, in the browser at 375 and 1280 px: what the booking and contact pages say when a day is
 * closed, a time is lost to another booker or the contact form is rate-limited; and the visitor's own zone, kept with
 * the booking, in the e-mail and on the pages of its links, with Google Calendar and Outlook beside the .ics.
 * Bookings here: 2 made, 2 refused (409): within the 5 per 10 minutes one address may make (D8).
 */

const COMPANY_ZONE = 'America/New_York';
const VISITOR_ZONE = 'Europe/Berlin';

const suite = useBrowserSuite();
const database = useSuiteDatabase(suite, 'e2e-booking-visitor');

/** The next weekdays (yyyy-MM-dd, company zone) from 3 days ahead: each test takes its own, never by an offset. */
function weekdaysAhead(count: number): string[] {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: COMPANY_ZONE }).format(new Date());
  const days: string[] = [];
  for (let offset = 3; days.length < count; offset++) {
    const day = new Date(`${today}T12:00:00Z`);
    day.setUTCDate(day.getUTCDate() + offset);
    if (day.getUTCDay() % 6 !== 0) days.push(day.toISOString().slice(0, 10));
  }
  return days;
}
const [CLOSED_DAY, RACE_DAY] = weekdaysAhead(2) as [string, string];

/** A page for axe-core (injected as an inline script, which the site's policy rightly refuses). */
const pageAt = async (viewport: Viewport, timezoneId = VISITOR_ZONE) =>
  (await suite.newContext({ viewport, timezoneId, bypassCSP: true })).newPage();

async function openFormTab(page: Page) {
  await openMarketingPage(page, '/book-consultation');
  await page.getByTestId('booking-tab-form').click();
  await page.getByTestId('booking-form').waitFor();
}

/** Pages the form's calendar forward until `date` is in the month shown, and returns its cell. */
async function formDay(page: Page, date: string): Promise<Locator> {
  const cell = page.locator(`[data-testid="booking-day-${date}"]:not([data-outside-range])`);
  await page.locator('[data-testid^="booking-day-2"]').first().waitFor();
  for (let i = 0; i < 3 && (await cell.count()) === 0; i++) await page.getByTestId('booking-day-next').click();
  return cell;
}

/** Whether the element is wholly inside the viewport (not above or below the fold). */
async function inViewport(page: Page, locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize();
  return Boolean(box && viewport && box.y >= 0 && box.y + box.height <= viewport.height + 1);
}

describe('the Form tab and the closed days (item 21)', () => {
  beforeAll(async () => {
    await database.db.insert(schema.closedDates).values({ date: CLOSED_DAY, label: 'Company day' });
  });

  for (const viewport of Object.values(viewports))
    it(`disables a closed day and says so, as the Calendar tab does, at ${viewport.width} px`, async () => {
      const page = await pageAt(viewport);
      await openFormTab(page);
      const cell = await formDay(page, CLOSED_DAY);
      await expect.poll(() => cell.getAttribute('aria-disabled')).toBe('true');
      expect(await page.getByTestId('booking-closed-days').textContent()).toMatch(/^We're closed on \w+day, /);
      // Choosing it does nothing: no request for its times.
      let asked = false;
      page.on('request', (r) => {
        if (r.url().includes(`/api/booking/availability?date=${CLOSED_DAY}`)) asked = true;
      });
      await cell.click({ force: true });
      await page.waitForTimeout(300);
      expect(asked).toBe(false);
      expect(await cell.getAttribute('data-selected')).toBeNull();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await screenshot(page, `booking-form-closed-day-${viewport.width}`);
    });
});

describe('a time lost to another booker (item 21)', () => {
  for (const [index, viewport] of Object.values(viewports).entries())
    it(`says at the top of the form that the time is no longer available, once, at ${viewport.width} px`, async () => {
      const time = DEFAULT_TIME_SLOTS[index + 2]!;
      const page = await pageAt(viewport);
      await openFormTab(page);
      await page.getByLabel('Your Name', { exact: true }).fill('Mary Jackson');
      await page.getByLabel('Your Email', { exact: true }).fill(uniqueEmail('race'));
      await (await formDay(page, RACE_DAY)).click();
      const select = page.getByTestId('booking-time');
      await expect.poll(() => select.isEnabled()).toBe(true);
      await select.selectOption(time);

      // Someone else books that time first.
      const start = slotStart(time)!;
      const startsAt = zonedTimeToUtc(RACE_DAY, start.hour, start.minute, COMPANY_ZONE);
      await database.db.insert(schema.bookings).values({
        name: 'Quicker Visitor',
        email: uniqueEmail('quicker'),
        date: RACE_DAY,
        timeLabel: time,
        timeZone: COMPANY_ZONE,
        startsAt,
        endsAt: new Date(startsAt.getTime() + 30 * 60_000),
        calendarUid: `race-${crypto.randomUUID()}@lucid-insight.test`,
      });

      const refused = page.waitForResponse((r) => r.url().endsWith('/api/booking') && r.request().method() === 'POST');
      await page.getByTestId('booking-submit').click();
      expect((await refused).status()).toBe(409);
      const banner = page.getByTestId('booking-error');
      await banner.waitFor();
      expect((await banner.textContent())?.trim()).toBe(
        'This time is no longer available. Please choose another time.',
      );
      await banner.scrollIntoViewIfNeeded();
      expect(await inViewport(page, banner)).toBe(true);
      // The time left the list; why stays under it; nothing says only "Please try again".
      await expect
        .poll(async () => (await select.locator('option').allTextContents()).some((o) => o.startsWith(time)))
        .toBe(false);
      expect(await page.getByText('This time is no longer available.', { exact: false }).count()).toBe(2);
      expect(await page.getByText('Please try again', { exact: false }).count()).toBe(0);
      expect(await page.getByTestId('toast').count()).toBe(0);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await screenshot(page, `booking-form-slot-taken-${viewport.width}`);
    });
});

describe("the visitor's own zone (item 22)", () => {
  for (const viewport of Object.values(viewports))
    it(`goes with the booking into the e-mail and the pages of its links, with Google and Outlook links, at ${viewport.width} px`, async () => {
      const page = await pageAt(viewport);
      await openMarketingPage(page, '/book-consultation');
      await (await firstFreeDay(page)).click();
      await page.getByTestId('picker-slot').first().click();
      const email = uniqueEmail(`zone-${viewport.width}`);
      const form = page.getByTestId('picker-form');
      await form.getByLabel('Your Name', { exact: true }).fill('Emmy Noether');
      await form.getByLabel('Your Email', { exact: true }).fill(email);
      const posted = page.waitForResponse((r) => r.url().endsWith('/api/booking') && r.request().method() === 'POST');
      await page.getByTestId('picker-submit').click();
      const request = (await posted).request().postDataJSON() as { visitorTimeZone?: string };
      expect(request.visitorTimeZone).toBe(VISITOR_ZONE);
      const answer = (await (await posted).json()) as { startsAt: string; endsAt: string };
      const utc = (iso: string) => iso.replace(/\.\d{3}Z$/, 'Z');

      // Google Calendar and Outlook beside the .ics, at the booking's UTC times.
      const google = new URL((await page.getByTestId('picker-add-to-google').getAttribute('href'))!);
      expect(`${google.origin}${google.pathname}`).toBe(GOOGLE_CALENDAR_URL);
      expect(google.searchParams.get('dates')).toBe(
        `${utc(answer.startsAt).replace(/[-:]/g, '')}/${utc(answer.endsAt).replace(/[-:]/g, '')}`,
      );
      expect(google.searchParams.get('ctz')).toBe(VISITOR_ZONE);
      const outlook = new URL((await page.getByTestId('picker-add-to-outlook').getAttribute('href'))!);
      expect(`${outlook.origin}${outlook.pathname}`).toBe(OUTLOOK_CALENDAR_URL);
      expect(outlook.searchParams.get('startdt')).toBe(utc(answer.startsAt));
      expect(outlook.searchParams.get('enddt')).toBe(utc(answer.endsAt));
      expect(await page.getByTestId('picker-add-to-google').getAttribute('target')).toBe('_blank');
      expect(await seriousAxeViolations(page)).toEqual([]);
      await screenshot(page, `booking-confirmation-calendar-links-${viewport.width}`);

      // The e-mail shows the visitor's time beside the company's.
      const berlin = new Intl.DateTimeFormat('en-US', { timeZone: VISITOR_ZONE, hour: 'numeric', minute: '2-digit' })
        .format(new Date(answer.startsAt))
        .replace(/[\u202f\u00a0]/g, ' ');
      const { email: confirmation } = await waitForInvite(suite.smtp, email);
      expect(confirmation.subject).toContain(berlin);
      expect(confirmation.text).toMatch(new RegExp(`Your time: .+${berlin} - .+ \\(Europe/Berlin\\)`));
      expect(confirmation.text).toContain(`Google Calendar: ${GOOGLE_CALENDAR_URL}?`);

      // The pages of its links, opened where the clock is the company's: they show the zone it was booked from.
      const token = /\/booking\/cancel\?token=([a-z0-9]+)/.exec(confirmation.text)?.[1];
      expect(token).toBeTruthy();
      const elsewhere = await pageAt(viewport, COMPANY_ZONE);
      for (const [path, prefix] of [
        [`/booking/cancel?token=${token}`, 'cancel'],
        [`/booking/reschedule?token=${token}`, 'reschedule-current'],
      ] as const) {
        await elsewhere.goto(path);
        const yourTime = elsewhere.getByTestId(`${prefix}-your-time`);
        await yourTime.waitFor();
        const shown = ((await yourTime.textContent()) ?? '').replace(/[\u202f\u00a0]/g, ' ');
        expect(shown).toContain(`, Central European Time (${VISITOR_ZONE})`);
        expect(shown).toContain(berlin);
        expect(await seriousAxeViolations(elsewhere)).toEqual([]);
        await screenshot(elsewhere, `booking-${prefix}-your-time-${viewport.width}`);
      }
    });
});

describe('a contact form over its limit (item 21)', () => {
  it('says when to try again, at 375 and 1280 px', async () => {
    // Five messages from this address (D8): the sixth is refused for about ten minutes.
    const probe = await suite.newPage();
    for (let i = 0; i < 5; i++) {
      const sent = await probe.request.post('/api/contact', {
        data: { name: 'Busy Writer', email: uniqueEmail('busy'), subject: 'Hello', message: 'One of five messages.' },
        headers: { origin: suite.baseUrl },
      });
      expect(sent.status()).toBe(201);
    }
    for (const viewport of Object.values(viewports)) {
      const page = await pageAt(viewport);
      await openMarketingPage(page, '/contact');
      await page.getByLabel('Your Name', { exact: true }).fill('Busy Writer');
      await page.getByLabel('Your Email', { exact: true }).fill(uniqueEmail('busy'));
      await page.getByLabel('Subject', { exact: true }).fill('Once more');
      await page.getByLabel('Message', { exact: true }).fill('The sixth message in ten minutes.');
      await page.getByRole('button', { name: 'Send Message' }).click();
      const banner = page.getByTestId('contact-error');
      await banner.waitFor();
      expect(await banner.textContent()).toMatch(
        /^You have sent several messages in a short time, so this one was not sent\. Please try again in (about \d+ minutes|about a minute|\d+ seconds), or write to us by e-mail\.$/,
      );
      expect(await page.getByTestId('toast').count()).toBe(0);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await screenshot(page, `contact-rate-limited-${viewport.width}`);
    }
  });
});
