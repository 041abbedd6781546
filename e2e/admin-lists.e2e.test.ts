import { connect, type DatabaseHandle } from '@app/db';
import * as schema from '@app/db/schema';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../backend/src/modules/auth/auth.service';
import { signInAndOpen } from './account-helpers';
import { useBrowserSuite } from './harness';
import { seriousAxeViolations } from './marketing-helpers';

/** Issue 18: the users tab with many users, paged, sorted and filtered by the server, the view kept in the URL. */
const suite = useBrowserSuite();

const PASSWORD = 'Lists-admin-42';
const MANY = 60;
let database: DatabaseHandle;
let token: string;
let adminEmail: string;

/** `list-{token}-07@example.test`: every user of this test shares the token, which the e-mail filter finds. */
const emailOf = (i: number) => `list-${token}-${String(i).padStart(2, '0')}@example.test`;

beforeAll(async () => {
  database = connect(suite.product.databaseUrl, { max: 2, applicationName: 'e2e-admin-lists' });
  token = crypto.randomUUID().slice(0, 8);
  adminEmail = `lists-admin-${token}@example.test`;
  await database.db.insert(schema.users).values({
    email: adminEmail,
    firstName: 'Lena',
    lastName: 'Lists',
    passwordHash: await hashPassword(PASSWORD),
    isAdmin: true,
    accountSetupComplete: true,
  });
  await database.db.insert(schema.users).values(
    Array.from({ length: MANY }, (_, i) => ({
      email: emailOf(i),
      firstName: `Person ${i}`,
      lastName: 'Many',
      // Every fourth one is inactive: 15 of them.
      isActive: i % 4 !== 0,
    })),
  );
});

afterAll(async () => {
  await database?.close().catch(() => {});
});

const shownEmails = async (page: Page) =>
  (await page.getByTestId('user-email').allTextContents()).map((text) => text.replace(/You$/, '').trim());
const search = (page: Page) => new URL(page.url()).searchParams;
const status = (page: Page) => page.getByTestId('user-page-status').textContent();

/** Waits until the table shows exactly these e-mail addresses, in this order. */
async function expectRows(page: Page, emails: string[]) {
  await expect.poll(() => shownEmails(page), { timeout: 10_000 }).toEqual(emails);
}

const range = (from: number, to: number) => Array.from({ length: to - from }, (_, k) => emailOf(from + k));

describe('/admin?tab=users with many users', () => {
  it('pages, sorts and filters on the server, and the URL keeps the view through a reload and in a new page', async () => {
    // axe-core is injected into the page, which the app's policy would refuse.
    const page = await suite.newPage({ bypassCSP: true });
    await signInAndOpen(page, adminEmail, PASSWORD, '/admin?tab=users');
    await page.getByTestId('users-table').waitFor();

    // Only this test's users: the e-mail filter (typing reaches the URL after a pause).
    await page.getByTestId('user-filter-email').fill(`list-${token}`);
    await expect.poll(() => search(page).get('email')).toBe(`list-${token}`);
    await expectRows(page, range(0, 25));
    // The first 25 rows are the same before the filter (every other address sorts after them): wait for its total.
    await expect.poll(() => status(page)).toContain('(60 users)');
    expect(await status(page)).toContain('Page 1 of 3');

    await page.getByTestId('user-page-next').click();
    await expect.poll(() => search(page).get('page')).toBe('2');
    await expectRows(page, range(25, 50));
    expect(await status(page)).toContain('Page 2 of 3');

    // E-mail is the sort already (ascending): a click turns it around and starts again at page 1.
    await page.getByTestId('user-sort-email').click();
    await expect.poll(() => search(page).get('order')).toBe('desc');
    expect(search(page).get('sort')).toBe('email');
    expect(search(page).get('page')).toBe('1');
    await expectRows(page, range(35, 60).reverse());
    expect(await page.getByTestId('user-sort-email').locator('..').getAttribute('aria-sort')).toBe('descending');

    await page.getByTestId('user-filter-status').selectOption('inactive');
    await expect.poll(() => search(page).get('status')).toBe('inactive');
    const inactive = Array.from({ length: 15 }, (_, k) => emailOf(56 - 4 * k));
    await expectRows(page, inactive);
    expect(await status(page)).toContain('Page 1 of 1');

    await page.getByTestId('user-page-size').selectOption('10');
    await expectRows(page, inactive.slice(0, 10));
    await page.getByTestId('user-page-next').click();
    await expectRows(page, inactive.slice(10));
    const url = page.url();
    // The old ?tab=users went to the People section's own address (issue 27); the view is its search.
    expect(new URL(url).pathname).toBe('/admin/people');
    expect(search(page).has('tab')).toBe(false);
    expect(Object.fromEntries(search(page))).toMatchObject({
      email: `list-${token}`,
      status: 'inactive',
      sort: 'email',
      order: 'desc',
      page: '2',
      pageSize: '10',
    });

    // A reload shows the same view: the filters, the sort, the page.
    await page.reload();
    await expectRows(page, inactive.slice(10));
    expect(page.url()).toBe(url);
    expect(await page.getByTestId('user-filter-email').inputValue()).toBe(`list-${token}`);
    expect(await page.getByTestId('user-filter-status').inputValue()).toBe('inactive');
    expect(await status(page)).toContain('Page 2 of 2');

    // The copied address, opened in a new page of the same signed-in browser, shows the same rows.
    const other = await page.context().newPage();
    await other.goto(url);
    await expectRows(other, inactive.slice(10));
    expect(await seriousAxeViolations(other)).toEqual([]);

    // Back goes to the previous page of the view.
    await page.goBack();
    await expectRows(page, inactive.slice(0, 10));
  });
});
