import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { firstFreeDay, freeTimesOn, rescheduleLink } from './booking-helpers';
import { useSuiteDatabase } from './database-helpers';
import { uniqueEmail, waitForInvite } from './email-helpers';
import { screenshot, useBrowserSuite, viewports } from './harness';
import { gotoApp, openMarketingPage, seriousAxeViolations } from './marketing-helpers';

/** Issue 16: the visitor moves their booking to another free time through its link; the same booking moves. */

interface Slot {
  id: number;
  date: string;
  time: string;
}

/** Books the first free time of the first free day in the picker; answers the booking and its e-mail's address. */
async function bookThroughPicker(page: Page, who: string): Promise<Slot & { email: string }> {
  await openMarketingPage(page, '/book-consultation');
  const day = await firstFreeDay(page);
  await day.click();
  await page.getByTestId('picker-slot').first().click();
  const form = page.getByTestId('picker-form');
  const email = uniqueEmail(who);
  await form.getByLabel('Your Name', { exact: true }).fill('Mary Jackson');
  await form.getByLabel('Your Email', { exact: true }).fill(email);
  const posted = page.waitForResponse((r) => r.url().endsWith('/api/booking') && r.request().method() === 'POST');
  await page.getByTestId('picker-submit').click();
  const answer = (await (await posted).json()) as Slot;
  await page.getByTestId('picker-confirmation').waitFor();
  return { id: answer.id, date: answer.date, time: answer.time, email };
}

describe('/booking/reschedule: moving a booking through its link', () => {
  const suite = useBrowserSuite();
  const database = useSuiteDatabase(suite, 'e2e-booking-reschedule');

  for (const viewport of [viewports.desktop, viewports.mobile])
    it(`books, opens the e-mail's link, moves to a new free time and confirms it at ${viewport.width} px`, async () => {
      const page = await suite.newPage({ viewport });
      const booked = await bookThroughPicker(page, `move-${viewport.width}`);
      const { email } = await waitForInvite(suite.smtp, booked.email);
      const link = await rescheduleLink(database, booked.id, email.text);

      await gotoApp(page, link);
      await page.getByRole('heading', { level: 1, name: 'Reschedule Consultation' }).waitFor();
      await page.getByTestId('reschedule-current').waitFor();
      expect(await page.getByTestId('reschedule-current-time').textContent()).toBe(booked.time);
      expect(await page.getByTestId('reschedule-current-time-zone').textContent()).toBe(
        'Eastern Time (America/New_York)',
      );
      await screenshot(page, `booking-reschedule-picker-${viewport.width}`);

      // A new free day and time: its own time is not offered (it is taken, by itself).
      const day = await firstFreeDay(page, 'reschedule');
      const newDate = (await day.getAttribute('data-testid'))!.slice('reschedule-day-'.length);
      const times = await freeTimesOn(page, newDate, 'reschedule');
      if (newDate === booked.date) expect(times).not.toContain(booked.time);
      const newTime = times[0]!;
      await page.getByTestId('reschedule-times').getByRole('radio', { name: newTime }).check({ force: true });
      const posted = page.waitForResponse((r) => r.url().endsWith('/api/booking/reschedule'));
      await page.getByRole('button', { name: 'Move consultation' }).click();
      const answer = await posted;
      expect(answer.status()).toBe(200);
      const moved = page.getByTestId('reschedule-success');
      await moved.waitFor();
      expect(await moved.textContent()).toContain(
        "Your consultation has been moved. We've e-mailed you the new details.",
      );
      expect(await page.getByTestId('reschedule-new-time').textContent()).toContain(
        newTime.slice(0, 5).replace(/^0/, ''),
      );
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await screenshot(page, `booking-reschedule-moved-${viewport.width}`);
      expect(((await answer.json()) as { id: number }).id).toBe(booked.id);

      // In the picker: the old time is free again, the new one taken.
      await openMarketingPage(page, '/book-consultation');
      expect(await freeTimesOn(page, booked.date)).toContain(booked.time);
      await openMarketingPage(page, '/book-consultation');
      expect(await freeTimesOn(page, newDate)).not.toContain(newTime);
    });

  it('passes axe-core on the picker of the reschedule page', async () => {
    const page = await suite.newPage({ bypassCSP: true });
    const booked = await bookThroughPicker(page, 'axe');
    await gotoApp(page, await rescheduleLink(database, booked.id));
    await (await firstFreeDay(page, 'reschedule')).click();
    await page.getByTestId('reschedule-slot').first().waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('says an unknown link is invalid and offers a new booking', async () => {
    const page = await suite.newPage({ viewport: viewports.mobile });
    await gotoApp(page, '/booking/reschedule?token=not-a-real-link');
    const invalid = page.getByTestId('reschedule-invalid');
    await invalid.waitFor();
    expect(await invalid.textContent()).toContain('This link is invalid or has expired.');
    await screenshot(page, 'booking-reschedule-invalid-375');
    await page.getByRole('link', { name: 'Book a new consultation' }).click();
    await page.waitForURL(/\/book-consultation$/);
    await page.getByTestId('picker-form').waitFor();
  });
});
