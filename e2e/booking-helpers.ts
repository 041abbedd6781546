import { zonedTimeToUtc } from '@app/contracts';
import { generateToken, hashToken } from '@app/contracts/server';
import type { DatabaseHandle } from '@app/db';
import * as schema from '@app/db/schema';
import type { Locator, Page } from 'playwright-core';

/**
 * The first day of a date picker's month (or of the next ones) marked as having free times, not today: how many of
 * today's times are left depends on the hour the test runs at (2 hours' notice, D12). `prefix`: the picker's test ids.
 */
export async function firstFreeDay(page: Page, prefix = 'picker'): Promise<Locator> {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());
  for (let i = 0; i < 3; i++) {
    const free = page.locator(
      `[data-testid^="${prefix}-day-2"][data-available]:not([data-outside-range]):not([data-testid="${prefix}-day-${today}"])`,
    );
    // A month's free days show once its answer is drawn, not when the answer arrives: waiting only for the response
    // read an empty month while it was still being drawn, and paged past every month (CI at a month's end).
    const shown = await free
      .first()
      .waitFor({ state: 'attached', timeout: 5_000 })
      .then(() => true)
      .catch(() => false);
    if (shown) return free.first();
    await page.getByTestId(`${prefix}-day-next`).click();
  }
  throw new Error('The picker never showed a day with free times');
}

/** Picks `date` (yyyy-MM-dd) in a date picker, moving on a month at a time, and answers the free times it shows. */
export async function freeTimesOn(page: Page, date: string, prefix = 'picker'): Promise<string[]> {
  const cell = page.locator(`[data-testid="${prefix}-day-${date}"]:not([data-outside-range])`);
  await page.locator(`[data-testid^="${prefix}-day-2"]`).first().waitFor();
  for (let i = 0; i < 3 && (await cell.count()) === 0; i++) await page.getByTestId(`${prefix}-day-next`).click();
  await Promise.all([
    page.waitForResponse((r) => r.url().includes(`/api/booking/availability?date=${date}`)),
    cell.click(),
  ]);
  await page.getByTestId(`${prefix}-times`).locator('legend', { hasText: 'Free times on' }).waitFor();
  await page.waitForFunction(
    (p) => !document.querySelector(`[data-testid="${p}-times"]`)?.textContent?.includes('Loading'),
    prefix,
  );
  return page
    .getByTestId(`${prefix}-times`)
    .getByRole('radio')
    .evaluateAll((radios) => radios.map((radio) => (radio as HTMLInputElement).value));
}

/**
 * A manage link of the booking, as its e-mails carry it (`/booking/reschedule?token=...`): taken from the e-mail's
 * text when the e-mail has one, or else minted as the worker mints one (its hash into booking_tokens, D7).
 */
export async function rescheduleLink(
  database: Pick<DatabaseHandle, 'db'>,
  bookingId: number,
  emailText?: string,
): Promise<string> {
  const inEmail = /https?:\/\/[^\s"'<>]+(\/booking\/reschedule\?token=[\w.~%-]+)/.exec(emailText ?? '')?.[1];
  if (inEmail) return inEmail;
  const token = generateToken();
  await database.db.insert(schema.bookingTokens).values({ bookingId, tokenHash: hashToken(token) });
  return `/booking/reschedule?token=${token}`;
}

/** A confirmed booking stored directly, as our form stores it, at `hour`:00 (a morning hour) on `date` in `zone`. */
export async function storeMorningBooking(
  database: Pick<DatabaseHandle, 'db'>,
  at: { date: string; hour: number; zone: string },
  values: Partial<typeof schema.bookings.$inferInsert> & { name: string; email: string },
) {
  const { date, hour, zone } = at;
  const startsAt = zonedTimeToUtc(date, hour, 0, zone);
  const [row] = await database.db
    .insert(schema.bookings)
    .values({
      date,
      timeLabel: `${String(hour).padStart(2, '0')}:00 AM - ${String(hour).padStart(2, '0')}:30 AM`,
      timeZone: zone,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 30 * 60_000),
      calendarUid: `e2e-${crypto.randomUUID()}@lucid-insight`,
      ...values,
    })
    .returning();
  return row!;
}
