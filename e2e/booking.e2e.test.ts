import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { uniqueEmail, waitForInvite } from './email-helpers';
import { forEachThemeAndViewport, screenshot, useBrowserSuite } from './harness';
import { openMarketingPage } from './marketing-helpers';

const SUCCESS_BANNER = 'Your consultation is booked! Check your email for confirmation details.';
const SCHEDULING_URL = 'https://calendly.com/lucid-insight/30min';

/** yyyy-MM-dd of a date as the clock of `timeZone` shows it. */
function dateIn(timeZone: string, instant: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}`;
}

const addDays = (date: string, days: number) => {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
const weekday = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay();

/** The first day at least `ahead` days from today (company zone) that matches. */
function dayAhead(timeZone: string, ahead: number, matches: (weekday: number) => boolean): string {
  let date = addDays(dateIn(timeZone, new Date()), ahead);
  while (!matches(weekday(date))) date = addDays(date, 1);
  return date;
}

async function companyTimeZone(page: Page): Promise<string> {
  const config = await page.request.get('/api/config');
  return ((await config.json()) as { bookingTimeZone: string }).bookingTimeZone;
}

/** The page is prerendered: act only once the app has taken it over. */
const openBookingPage = (page: Page) => openMarketingPage(page, '/book-consultation');

async function openFormTab(page: Page) {
  await page.getByTestId('booking-tab-form').click();
  await page.getByTestId('booking-form').waitFor();
}

/** Pages the calendar forward until `date` is a day of the month shown, and returns its cell. */
async function showDay(page: Page, date: string) {
  const cell = page.getByTestId(`booking-day-${date}`);
  for (let i = 0; i < 3; i++) {
    if ((await cell.count()) > 0 && (await cell.getAttribute('data-outside-range')) === null) return cell;
    await page.getByTestId('booking-day-next').click();
  }
  throw new Error(`The calendar never showed ${date}`);
}

/** A page at the scheduling service's origin, served by the test (this machine is offline). */
const FAKE_SERVICE_PAGE = `<!doctype html><html><body>
  <p>Calendly stand-in</p>
  <button type="button" onclick="parent.postMessage({ event: 'calendly.event_scheduled', payload: {} }, '*')">
    Schedule it
  </button>
</body></html>`;

describe('/book-consultation without a scheduling URL', () => {
  const suite = useBrowserSuite();

  it('books a weekday slot with the form: slots appear, the confirmation shows in place, the invite is e-mailed', async () => {
    const page = await suite.newPage();
    await openBookingPage(page);
    const timeZone = await companyTimeZone(page);
    await openFormTab(page);

    const date = dayAhead(timeZone, 3, (d) => d >= 1 && d <= 5);
    const email = uniqueEmail('booker');
    await page.getByLabel('Your Name', { exact: true }).fill('Ada Lovelace');
    await page.getByLabel('Your Email', { exact: true }).fill(email);
    await page.getByLabel('Business Name (optional)').fill('Analytical Engines');

    const time = page.getByTestId('booking-time');
    expect(await time.isDisabled()).toBe(true);
    const availability = page.waitForResponse((r) => r.url().includes(`/api/booking/availability?date=${date}`));
    await (await showDay(page, date)).click();
    expect((await availability).status()).toBe(200);
    await expect.poll(() => time.isEnabled()).toBe(true);
    const options = (await time.locator('option').allTextContents()).slice(1);
    expect(options.length).toBeGreaterThan(0);
    // The company's slot, and the visitor's own time beside it when their clock differs (issue 16).
    expect(options[0]).toMatch(/^\d{2}:\d{2} (AM|PM) - \d{2}:\d{2} (AM|PM)( \(your time: .+ – .+\))?$/);
    expect(await page.getByTestId('booking-time-zone').textContent()).toContain(`(${timeZone})`);
    await time.selectOption(options[0]!);

    await page.getByTestId('booking-submit').click();
    const banner = page.getByTestId('booking-success');
    await banner.waitFor();
    expect((await banner.textContent())?.trim()).toBe(SUCCESS_BANNER);
    await page.getByTestId('toast').filter({ hasText: 'Consultation booked!' }).waitFor();
    // The confirmation takes the form's place, in view (issue 12, item 5).
    expect(await page.getByTestId('booking-form').count()).toBe(0);
    expect(await page.getByTestId('booking-confirmation-email').textContent()).toBe(email);
    const box = await page.getByTestId('booking-confirmation').boundingBox();
    expect(box && box.y >= 0 && box.y < (page.viewportSize()?.height ?? 0)).toBe(true);

    const { invite } = await waitForInvite(suite.smtp, email);
    expect(invite).toContain('BEGIN:VCALENDAR');
    expect(invite).toContain('METHOD:REQUEST');
  });

  it('does not let a weekend day be picked', async () => {
    const page = await suite.newPage();
    await openBookingPage(page);
    const timeZone = await companyTimeZone(page);
    await openFormTab(page);
    const saturday = dayAhead(timeZone, 3, (d) => d === 6);
    const cell = await showDay(page, saturday);
    expect(await cell.getAttribute('aria-disabled')).toBe('true');
    expect(await cell.getAttribute('data-unavailable')).not.toBeNull();
    let asked = false;
    page.on('request', (r) => {
      if (r.url().includes('/api/booking/availability')) asked = true;
    });
    await cell.click({ force: true });
    await page.waitForTimeout(300);
    expect(await cell.getAttribute('data-selected')).toBeNull();
    expect(await page.getByTestId('booking-time').isDisabled()).toBe(true);
    expect(asked).toBe(false);
  });

  it('shows a visitor our date picker in the calendar tab (no setup panel, D32), and the benefits', async () => {
    const page = await suite.newPage();
    await openBookingPage(page);
    await page.getByTestId('picker-form').waitFor();
    expect(await page.getByTestId('scheduling-setup').count()).toBe(0);
    expect(await page.getByTestId('booking-panel-calendar').textContent()).not.toContain('SCHEDULING_URL');
    expect(await page.locator('iframe').count()).toBe(0);
    expect(await page.getByTestId('booking-benefits').textContent()).toContain('E-mail reminders');
  });

  it('builds the form only when its tab is first chosen, and keeps what was typed across tabs', async () => {
    const page = await suite.newPage();
    await openBookingPage(page);
    await page.getByTestId('picker-form').waitFor();
    // The settings have come (the calendar tab shows its picker), yet the hidden form's panel holds nothing: neither
    // the form nor its loading line (building it would only slow the page down).
    expect(await page.getByTestId('booking-panel-form').textContent()).toBe('');

    await openFormTab(page);
    await page.getByLabel('Your Name', { exact: true }).fill('Ada Lovelace');
    await page.getByTestId('booking-tab-calendar').click();
    await page.getByTestId('picker-form').waitFor();
    expect(await page.getByTestId('booking-form').isVisible()).toBe(false);
    // What was typed in the form is in the picker too.
    expect(await page.getByTestId('picker-form').getByLabel('Your Name', { exact: true }).inputValue()).toBe(
      'Ada Lovelace',
    );
    await page.getByTestId('booking-tab-form').click();
    expect(await page.getByLabel('Your Name', { exact: true }).inputValue()).toBe('Ada Lovelace');
  });

  it('captures the page at 375 and 1280 px, light and dark, into e2e/output/', async () => {
    await forEachThemeAndViewport(suite, async (page, theme, viewport) => {
      await openBookingPage(page);
      await page.getByTestId('picker-form').waitFor();
      await screenshot(page, `booking-calendar-${viewport.width}-${theme}`);
      await openFormTab(page);
      await page.getByTestId('booking-submit').click();
      await page.locator('[data-field-error]').first().waitFor();
      await screenshot(page, `booking-form-${viewport.width}-${theme}`);
    });
  });
});

describe('/book-consultation with SCHEDULING_URL', () => {
  const suite = useBrowserSuite({ env: { SCHEDULING_URL } });

  it('embeds the service with embed_domain, embed_type and what was typed in the form as prefill', async () => {
    const page = await suite.newPage();
    await page.route('https://calendly.com/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: FAKE_SERVICE_PAGE }),
    );
    await openBookingPage(page);
    const frame = page.getByTestId('scheduling-frame');
    await frame.waitFor();
    expect(await frame.getAttribute('title')).toBe('Schedule a consultation');
    let src = new URL((await frame.getAttribute('src')) ?? '');
    expect(`${src.origin}${src.pathname}`).toBe(SCHEDULING_URL);
    expect(src.searchParams.get('embed_domain')).toBe(new URL(suite.baseUrl).host);
    expect(src.searchParams.get('embed_type')).toBe('Inline');
    expect((await page.getByTestId('scheduling-inline').boundingBox())?.height).toBe(630);
    expect(await page.getByTestId('scheduling-setup').count()).toBe(0);

    await openFormTab(page);
    await page.getByLabel('Your Name', { exact: true }).fill('Grace Hopper');
    await page.getByLabel('Your Email', { exact: true }).fill('grace@example.com');
    await page.getByLabel('Business Name (optional)').fill('Navy Labs');
    await page.getByLabel('Line of Work (optional)').fill('Research');
    await page.getByTestId('booking-tab-calendar').click();
    await frame.waitFor();
    src = new URL((await frame.getAttribute('src')) ?? '');
    expect(Object.fromEntries(src.searchParams)).toEqual({
      name: 'Grace Hopper',
      email: 'grace@example.com',
      a1: 'Navy Labs',
      a2: 'Research',
      embed_domain: new URL(suite.baseUrl).host,
      embed_type: 'Inline',
    });
  });

  it("toasts on the service's event_scheduled and ignores the same message from another origin", async () => {
    const page = await suite.newPage();
    await page.route('https://calendly.com/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: FAKE_SERVICE_PAGE }),
    );
    await openBookingPage(page);
    await page.getByTestId('scheduling-frame').waitFor();
    await expect.poll(() => page.getByTestId('scheduling-loading').count()).toBe(0);

    await page.evaluate(() => window.postMessage({ event: 'calendly.event_scheduled', payload: {} }, '*'));
    await page.waitForTimeout(500);
    expect(await page.getByTestId('toast').count()).toBe(0);

    await page.frameLocator('[data-testid="scheduling-frame"]').getByRole('button', { name: 'Schedule it' }).click();
    await page.getByTestId('toast').filter({ hasText: 'Consultation booked!' }).waitFor();
  });
});
