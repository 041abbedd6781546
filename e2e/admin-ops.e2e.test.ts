import { addDays, todayIn, weekday } from '@app/contracts';
import * as schema from '@app/db/schema';
import { addMembership, createDashboard, createOrganization, createUser, linkDashboard } from '@app/db/testing';
import { describe, expect, it } from 'vitest';
import { signInAndOpen, toast } from './account-helpers';
import { storeMorningBooking } from './booking-helpers';
import { useSuiteDatabase } from './database-helpers';
import { uniqueEmail, waitForEmail } from './email-helpers';
import { forEachThemeAndViewport, useBrowserSuite } from './harness';
import { checkPage } from './marketing-helpers';

/**
 * Issue 26 in the browser, the administrators' side: closing a day that has consultations warns and offers to move or
 * cancel them; an admin's own 'Remove Admin' is disabled with its reason; a dashboard's type follows its embed mode;
 * the Usage chart's lines keep 3:1 against the chart in both themes. Each at 375 and 1280 px, with axe.
 */

const ZONE = 'America/New_York';
const PASSWORD = 'Admin-ops-secret-42';
const suite = useBrowserSuite();
const database = useSuiteDatabase(suite, 'e2e-admin-ops', PASSWORD);

const createAdmin = (name: string) =>
  database.account({ email: uniqueEmail(name), firstName: 'Olga', lastName: 'Ops', isAdmin: true });

/** The first weekday `from` days ahead or later (yyyy-MM-dd in the company's zone). */
function weekdayAhead(from: number): string {
  let date = addDays(todayIn(ZONE, new Date()), from);
  while (weekday(date) % 6 === 0) date = addDays(date, 1);
  return date;
}

/** A confirmed booking made through our form at `hour`:00 on `date`. */
async function booking(date: string, hour: number, name: string) {
  return storeMorningBooking(
    database,
    { date, hour, zone: ZONE },
    { name, email: uniqueEmail(name.split(' ')[0]!.toLowerCase()) },
  );
}

describe('closing a day with consultations (item 25)', () => {
  it('warns with the consultations, cancels one on the visitor’s behalf, and closes the day once confirmed', {
    timeout: 180_000,
  }, async () => {
    const admin = await createAdmin('closer');
    const days = [weekdayAhead(9), weekdayAhead(12)];
    await forEachThemeAndViewport(
      suite,
      async (page, theme, viewport) => {
        const day = days.shift()!;
        const first = await booking(day, 9, 'Ada Lovelace');
        const second = await booking(day, 10, 'Alan Turing');
        await signInAndOpen(page, admin.email, PASSWORD, '/admin/closed-days');
        const card = page.getByTestId('closed-dates');
        await card.waitFor();
        await card.getByTestId('closed-date-input').fill(day);
        await card.getByTestId('closed-date-add').click();
        const warning = card.getByTestId('closed-date-warning');
        await warning.waitFor();
        expect(await warning.textContent()).toContain('2 consultations are booked on');
        expect(await warning.getByTestId('closed-date-booked').allTextContents()).toEqual([
          expect.stringContaining(first.email),
          expect.stringContaining(second.email),
        ]);
        await warning.scrollIntoViewIfNeeded();
        await checkPage(page, `admin-close-day-warning-${viewport.width}-${theme}`);

        // Moving one opens the admin's reschedule dialog for it.
        await warning.getByRole('button', { name: 'Reschedule Ada Lovelace' }).click();
        const dialog = page.getByTestId('reschedule-dialog');
        expect(await dialog.textContent()).toContain("Reschedule Ada Lovelace's consultation");
        await dialog.getByRole('button', { name: 'Close dialog' }).click();
        await dialog.waitFor({ state: 'detached' });

        // Cancel the other: the visitor is e-mailed, and it leaves the warning.
        await warning.getByRole('button', { name: 'Cancel Alan Turing' }).click();
        await page.getByTestId('consultation-cancel-dialog').getByTestId('confirm-action').click();
        await expect.poll(() => warning.getByTestId('closed-date-booked').count()).toBe(1);
        await waitForEmail(suite.smtp, second.email, /is cancelled/);

        await warning.getByTestId('closed-date-confirm').click();
        await toast(page, 'Day closed').waitFor();
        await expect.poll(() => card.getByTestId('closed-date-warning').count()).toBe(0);
        const closed = await database.db.select().from(schema.closedDates);
        expect(closed.map((c) => c.date)).toContain(day);
      },
      { themes: ['light'], context: { bypassCSP: true } },
    );
  });

  it('says a past day cannot be closed', async () => {
    const admin = await createAdmin('past');
    const page = await suite.newPage({ bypassCSP: true });
    await signInAndOpen(page, admin.email, PASSWORD, '/admin/closed-days');
    const card = page.getByTestId('closed-dates');
    await card.getByTestId('closed-date-input').fill(addDays(todayIn(ZONE, new Date()), -3));
    await card.getByTestId('closed-date-add').click();
    expect(await card.getByTestId('closed-date-error').textContent()).toBe(
      'That day has passed. Only today or a later day can be closed.',
    );
  });
});

describe("the admin's own rights and a dashboard's type (items 25, 26)", () => {
  it("offers no 'Remove Admin' of one's own, says why in the editor, and locks the Type the embed mode decides", {
    timeout: 120_000,
  }, async () => {
    const admin = await createAdmin('self');
    await forEachThemeAndViewport(
      suite,
      async (page, theme, viewport) => {
        await signInAndOpen(page, admin.email, PASSWORD, `/admin?tab=users&q=${encodeURIComponent(admin.email)}`);
        const row = page.getByTestId('user-row').filter({ hasText: admin.email });
        await row.waitFor();
        // The own row's menu (issue 27) offers Edit only: no 'Remove Admin'; the editor says why.
        await row.getByRole('button', { name: `Actions for ${admin.email}` }).click();
        const menu = page.getByTestId('user-actions-menu');
        expect(await menu.getByRole('menuitem').allTextContents()).toEqual(['Edit']);
        await checkPage(page, `admin-own-admin-${viewport.width}-${theme}`);
        await menu.getByTestId('user-edit').click();
        const editor = page.getByTestId('edit-user-dialog');
        expect(await editor.getByLabel('Admin User').isDisabled()).toBe(true);
        expect(await editor.textContent()).toContain('You cannot remove your own admin rights');
        await checkPage(page, `admin-own-admin-editor-${viewport.width}-${theme}`);
        await page.keyboard.press('Escape');

        await page.goto('/admin?tab=dashboards');
        await page.getByTestId('dashboard-create').click();
        const form = page.getByTestId('dashboard-form');
        await form.getByLabel('Embed', { exact: true }).selectOption('metabase');
        const type = form.getByLabel('Type', { exact: true });
        expect(await type.inputValue()).toBe('Metabase');
        expect(await type.isDisabled()).toBe(true);
        expect(await form.textContent()).toContain('Set by the embed mode.');
        await type.scrollIntoViewIfNeeded();
        await checkPage(page, `admin-dashboard-type-${viewport.width}-${theme}`);
        await form.getByLabel('Embed', { exact: true }).selectOption('url');
        expect(await type.isDisabled()).toBe(false);
      },
      { themes: ['light', 'dark'], context: { bypassCSP: true } },
    );
  });
});

describe('the Usage chart in both themes (item 27)', () => {
  it("draws every line, 'All views' too, at 3:1 or more against the chart's background", {
    timeout: 120_000,
  }, async () => {
    const admin = await createAdmin('usage');
    const viewer = await createUser(database.db, { email: uniqueEmail('viewer'), passwordHash: database.passwordHash });
    const dashboard = await createDashboard(database.db, { name: 'Contrast board' });
    // A client's view: their organization is a line beside 'All views'.
    const organization = await createOrganization(database.db, { name: 'Contrast Org' });
    await addMembership(database.db, organization.id, viewer.id);
    await linkDashboard(database.db, organization.id, dashboard.id);
    await database.db
      .insert(schema.dashboardViews)
      .values({ dashboardId: dashboard.id, userId: viewer.id, viewedAt: new Date(Date.now() - 86_400_000) });

    await forEachThemeAndViewport(
      suite,
      async (page, theme, viewport) => {
        await signInAndOpen(page, admin.email, PASSWORD, '/admin?tab=usage');
        const chart = page.getByTestId('usage-chart-time');
        await chart.locator('path[data-line]').first().waitFor();
        const lines = await chart.evaluate((figure) => {
          // Any CSS colour (oklch included) as [r, g, b, a] through a canvas pixel.
          const canvas = document.createElement('canvas');
          canvas.width = 1;
          canvas.height = 1;
          const context = canvas.getContext('2d', { willReadFrequently: true })!;
          const rgb = (colour: string) => {
            context.clearRect(0, 0, 1, 1);
            context.fillStyle = colour;
            context.fillRect(0, 0, 1, 1);
            return [...context.getImageData(0, 0, 1, 1).data];
          };
          let element: Element | null = figure;
          let background = [0, 0, 0, 0];
          while (element && background[3] === 0) {
            background = rgb(getComputedStyle(element).backgroundColor);
            element = element.parentElement;
          }
          return {
            background,
            strokes: [...figure.querySelectorAll('path[data-line]')].map((path) => ({
              name: path.getAttribute('data-line') ?? '',
              stroke: rgb(getComputedStyle(path).stroke),
            })),
          };
        });
        const luminance = ([r, g, b]: number[]) => {
          const [lr, lg, lb] = [r, g, b].map((v) => {
            const c = (v ?? 0) / 255;
            return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
          }) as [number, number, number];
          return 0.2126 * lr + 0.7152 * lg + 0.0722 * lb;
        };
        const ratio = (a: number[], b: number[]) => {
          const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
          return (hi + 0.05) / (lo + 0.05);
        };
        // The chart sits on the page's own background in each theme.
        expect(luminance(lines.background) < 0.1).toBe(theme === 'dark');
        expect(lines.strokes.length).toBeGreaterThanOrEqual(2);
        for (const line of lines.strokes)
          expect(ratio(line.stroke, lines.background), `${theme}: ${JSON.stringify(line)}`).toBeGreaterThanOrEqual(3);
        await chart.scrollIntoViewIfNeeded();
        await checkPage(page, `admin-usage-lines-${viewport.width}-${theme}`);
      },
      { themes: ['light', 'dark'], context: { bypassCSP: true } },
    );
  });
});
