import { addDays, todayIn, weekday, zonedTimeToUtc } from '@app/contracts';
import * as schema from '@app/db/schema';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signIn, signInAndOpen, toast } from './account-helpers';
import { firstFreeDay, storeMorningBooking } from './booking-helpers';
import { useSuiteDatabase } from './database-helpers';
import { uniqueEmail, waitForEmail } from './email-helpers';
import { screenshot, useBrowserSuite, viewports } from './harness';
import { openMarketingPage, seriousAxeViolations } from './marketing-helpers';

/** Issue 16: the admin's Consultations tab, closed days and the booking window in the picker, the visitor's zone. */

const ZONE = 'America/New_York';
const WINDOW_DAYS = 20;
const PASSWORD = 'Admin-secret-42';

/** The first weekday `from` days ahead or later (yyyy-MM-dd in the company's zone). */
function weekdayAhead(from: number, today = todayIn(ZONE, new Date())): string {
  let date = addDays(today, from);
  while (weekday(date) % 6 === 0) date = addDays(date, 1);
  return date;
}

describe('Consultations for the company (issue 16)', () => {
  const suite = useBrowserSuite({ env: { BOOKING_WINDOW_DAYS: String(WINDOW_DAYS) } });
  const database = useSuiteDatabase(suite, 'e2e-consultations', PASSWORD);

  const createAdmin = async () =>
    database.account({ email: uniqueEmail('alma'), firstName: 'Alma', lastName: 'Admin', isAdmin: true });

  /**
   * A confirmed booking at `hour` (a morning hour) on `date`, moved there by the visitor from the day before (its
   * history). Each test books its own hour: two of its days can be the same Monday when the weekend pushes both
   * there (from a Friday, 8 and 9 days ahead), and bookings may not overlap.
   */
  async function movedBooking(date: string, email: string, hour: 9 | 10 | 11) {
    const booking = await storeMorningBooking(
      database,
      { date, hour, zone: ZONE },
      { name: 'Grace Hopper', email, businessName: 'Navy Labs', lineOfWork: 'Computing', sequence: 1 },
    );
    const { startsAt } = booking;
    const from = zonedTimeToUtc(addDays(date, -1), hour, 0, ZONE);
    await database.db.insert(schema.bookingChanges).values({
      bookingId: booking.id,
      kind: 'rescheduled',
      fromStartsAt: from,
      fromEndsAt: new Date(from.getTime() + 30 * 60_000),
      toStartsAt: startsAt,
      toEndsAt: booking.endsAt,
      changedBy: 'visitor',
    });
    return booking;
  }

  async function openConsultations(page: Page) {
    await page.goto('/admin?tab=consultations');
    await page.getByTestId('admin-panel-consultations').waitFor();
    await page.getByTestId('consultations-table').waitFor();
  }

  it('lists a booking with its history at 1280 and 375 px, cancels it on the visitor’s behalf, and makes a feed', async () => {
    const admin = await createAdmin();
    const email = uniqueEmail('grace');
    const booking = await movedBooking(weekdayAhead(6), email, 10);

    // bypassCSP: axe-core is injected as a script (as the other admin screen tests do).
    const page = await suite.newPage({ bypassCSP: true });
    await signIn(page, admin.email, PASSWORD);
    await openConsultations(page);
    const row = page.getByTestId('consultation-row').filter({ hasText: email });
    await row.waitFor();
    expect(await row.textContent()).toContain('Grace Hopper');
    expect(await row.textContent()).toContain('Navy Labs');
    expect(await row.textContent()).toContain('Computing');
    expect(await row.textContent()).toContain('Our form');
    const history = row.getByTestId('consultation-change');
    expect(await history.textContent()).toContain('Moved by the visitor');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'consultations-1280');

    // The same at 375 px: nothing runs off the side of the page.
    const phone = await suite.newPage({ viewport: viewports.mobile });
    await signIn(phone, admin.email, PASSWORD);
    await openConsultations(phone);
    await phone.getByTestId('consultation-row').filter({ hasText: email }).waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(phone, 'consultations-375');

    // Search narrows the list to this visitor.
    await page.getByTestId('consultation-filter-q').fill(email);
    await expect.poll(() => page.getByTestId('consultation-row').count()).toBe(1);

    // Cancel on the visitor's behalf, from the row's menu and confirmed: they are e-mailed, the row and its history
    // say so.
    await row.getByRole('button', { name: 'Actions for Grace Hopper' }).click();
    await page.getByRole('menu').getByTestId('consultation-cancel').click();
    await page.getByTestId('consultation-cancel-dialog').getByTestId('confirm-action').click();
    await toast(page, 'Consultation cancelled').waitFor();
    await expect.poll(() => row.getAttribute('data-status')).toBe('cancelled');
    await expect.poll(() => row.getByTestId('consultation-change').count()).toBe(2);
    expect(await row.getByTestId('consultation-change').nth(1).textContent()).toContain('Cancelled by Alma Admin');
    expect(await row.getByRole('button', { name: 'Actions for Grace Hopper' }).count()).toBe(0);
    await waitForEmail(suite.smtp, email, /is cancelled/);

    // The team's calendar feed: its URL is shown once and serves the confirmed consultations.
    const other = await movedBooking(weekdayAhead(8), uniqueEmail('feed'), 11);
    await page.getByTestId('calendar-feed-create').click();
    const url = await page.getByTestId('calendar-feed-url-input').inputValue();
    expect(url).toMatch(/\/api\/calendar-feed\/[a-z2-7]{32}\.ics$/);
    const feed = await page.request.get(url);
    expect(feed.status()).toBe(200);
    const text = await feed.text();
    expect(text).toContain(other.calendarUid);
    expect(text).not.toContain(booking.calendarUid);
    await page.getByTestId('calendar-feed-revoke').click();
    await page.getByRole('alertdialog').getByTestId('confirm-action').click();
    await toast(page, 'Calendar feed revoked').waitFor();
    expect((await page.request.get(url)).status()).toBe(404);

    // The view lives in the URL (issue 18): a page of the server's, which a reload shows again.
    await page.goto('/admin?tab=consultations&page=2&pageSize=1&sort=startsAt&order=asc');
    await page.getByTestId('consultation-row').filter({ hasText: other.email }).waitFor();
    await page.getByTestId('consultation-page-prev').click();
    await page.waitForURL((address) => address.searchParams.get('page') === '1');
    const first = page.getByTestId('consultation-row').filter({ hasText: email });
    await first.waitFor();
    await page.reload();
    await first.waitFor();
    expect(await page.getByTestId('consultation-row').count()).toBe(1);
    expect(await page.getByTestId('consultation-page-status').textContent()).toContain('Page 1 of 2');
    expect(await page.getByRole('columnheader', { name: 'When' }).getAttribute('aria-sort')).toBe('ascending');
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toMatchObject({ page: '1', sort: 'startsAt' });
  });

  it('moves a consultation on the visitor’s behalf through the dialog; the visitor is told and the history says who', async () => {
    const admin = await createAdmin();
    const email = uniqueEmail('ada');
    const booking = await movedBooking(weekdayAhead(9), email, 9);
    const page = await suite.newPage();
    await signIn(page, admin.email, PASSWORD);
    await openConsultations(page);
    const row = page.getByTestId('consultation-row').filter({ hasText: email });
    await row.waitFor();
    await row.getByRole('button', { name: 'Actions for Grace Hopper' }).click();
    await page.getByRole('menu').getByTestId('consultation-reschedule').click();
    const dialog = page.getByTestId('reschedule-dialog');
    await dialog.waitFor();

    // A free weekday two days after the booking's, in whichever month the calendar must show.
    const target = weekdayAhead(11);
    const cell = dialog.locator(`[data-testid="reschedule-day-${target}"]:not([data-outside-range])`);
    for (let i = 0; i < 2 && (await cell.count()) === 0; i++) await dialog.getByTestId('reschedule-day-next').click();
    await cell.click();
    const slot = dialog.getByTestId('reschedule-slot').first();
    await slot.waitFor();
    const label = (await slot.locator('input').getAttribute('value')) ?? '';
    await slot.click();
    await dialog.getByTestId('reschedule-submit').click();
    await dialog.waitFor({ state: 'detached' });

    // The same booking moved, by this administrator, one more SEQUENCE; the visitor gets the company's "moved" e-mail.
    await expect
      .poll(async () => {
        const [row] = await database.db.select().from(schema.bookings).where(eq(schema.bookings.id, booking.id));
        return row && { date: row.date, time: row.timeLabel, sequence: row.sequence, status: row.status };
      })
      .toEqual({ date: target, time: label, sequence: 2, status: 'confirmed' });
    const changes = await database.db
      .select()
      .from(schema.bookingChanges)
      .where(eq(schema.bookingChanges.bookingId, booking.id));
    expect(changes.map((change) => [change.kind, change.changedBy, change.actorUserId])).toEqual([
      ['rescheduled', 'visitor', null],
      ['rescheduled', 'admin', admin.id],
    ]);
    await expect.poll(() => row.getByTestId('consultation-change').count()).toBe(2);
    expect(await row.getByTestId('consultation-change').nth(1).textContent()).toContain('Alma Admin');
    await waitForEmail(suite.smtp, email, /moved your consultation/);
  });

  it('closes a day in the admin screen; the picker disables it and the days past the booking window', async () => {
    const admin = await createAdmin();
    const page = await suite.newPage();
    // Closed days are a section of their own (issue 27).
    await signInAndOpen(page, admin.email, PASSWORD, '/admin/closed-days');
    await page.getByTestId('closed-dates').waitFor();
    const closed = weekdayAhead(3);
    await page.getByTestId('closed-date-input').fill(closed);
    await page.getByTestId('closed-date-label').fill('Founders day');
    await page.getByTestId('closed-date-add').click();
    await page.getByTestId('closed-date').filter({ hasText: 'Founders day' }).waitFor();

    const visitor = await suite.newPage({ timezoneId: ZONE });
    await openMarketingPage(visitor, '/book-consultation');
    await visitor.getByTestId('picker-form').waitFor();
    const today = todayIn(ZONE, new Date());
    const lastDate = addDays(today, WINDOW_DAYS);
    const beyond = weekdayAhead(WINDOW_DAYS + 1);
    const open = weekdayAhead(4) === closed ? weekdayAhead(5) : weekdayAhead(4);

    /** Shows the month of `date` in the picker and returns its cell. */
    const dayCell = async (date: string) => {
      for (let i = 0; i < 3; i++) {
        const cell = visitor.locator(`[data-testid="picker-day-${date}"]:not([data-outside-range])`);
        await visitor
          .waitForResponse((r) => r.url().includes('/api/booking/availability/month'), { timeout: 2_000 })
          .catch(() => {});
        if ((await cell.count()) > 0) return cell;
        await visitor.getByTestId('picker-day-next').click();
      }
      throw new Error(`The picker never showed ${date}`);
    };
    const closedCell = await dayCell(closed);
    await expect.poll(() => closedCell.getAttribute('aria-disabled')).toBe('true');
    expect(await visitor.getByTestId('picker-closed-days').textContent()).toContain("We're closed on");
    expect(await visitor.getByTestId('picker-last-date').textContent()).toContain('Bookings open up to');
    if (open.slice(0, 7) === closed.slice(0, 7))
      await expect
        .poll(() => visitor.locator(`[data-testid="picker-day-${open}"]`).getAttribute('data-available'))
        .not.toBeNull();
    const beyondCell = await dayCell(beyond);
    await expect.poll(() => beyondCell.getAttribute('aria-disabled')).toBe('true');
    expect(beyond > lastDate).toBe(true);
    await screenshot(visitor, 'picker-closed-and-window');

    // The API refuses them too, with the words the visitor reads.
    const refused = await visitor.request.get(`/api/booking/availability?date=${closed}`);
    expect(refused.status()).toBe(422);
    expect(((await refused.json()) as { message: string }).message).toBe(
      "We're closed on that day. Please choose another date.",
    );
  });

  it("shows each slot in the company's zone and the visitor's own, and one time when they are equal", async () => {
    const tokyo = await suite.newPage({ timezoneId: 'Asia/Tokyo' });
    await openMarketingPage(tokyo, '/book-consultation');
    await tokyo.getByTestId('picker-form').waitFor();
    expect(await tokyo.getByTestId('picker-time-zone').textContent()).toBe(
      'Times are in Eastern Time (America/New_York)',
    );
    expect(await tokyo.getByTestId('picker-visitor-zone').textContent()).toContain('(Asia/Tokyo)');
    // The first free day may be next month's (an earlier test closes the first weekday 3 days ahead: at a month's end
    // that can leave this month without one), so the picker is moved on until one shows.
    await tokyo.locator('[data-testid^="picker-day-2"]').first().waitFor();
    await (await firstFreeDay(tokyo)).click();
    const slot = tokyo.getByTestId('picker-slot').first();
    await slot.waitFor();
    expect(await slot.textContent()).toMatch(/^\d{2}:\d{2} (AM|PM) - \d{2}:\d{2} (AM|PM)Your time: .+ – .+$/);

    const local = await suite.newPage({ timezoneId: ZONE });
    await openMarketingPage(local, '/book-consultation');
    await local.getByTestId('picker-form').waitFor();
    await local.locator('[data-testid^="picker-day-2"]').first().waitFor();
    await (await firstFreeDay(local)).click();
    await local.getByTestId('picker-slot').first().waitFor();
    expect(await local.getByTestId('picker-slot').first().textContent()).not.toContain('Your time');
    expect(await local.getByTestId('picker-visitor-zone').count()).toBe(0);
  });
});
