import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { uniqueEmail } from './email-helpers';
import { COMPANY_EMAIL, useBrowserSuite } from './harness';
import { openMarketingPage } from './marketing-helpers';

const SUCCESS_BANNER = "Your message has been sent successfully! We'll get back to you within 24 hours.";
const ERROR_BANNER = 'There was an error sending your message. Please try again.';

const suite = useBrowserSuite();

/** The four fields, found the way a person finds them: by their labels. */
const fields = (page: Page) => ({
  name: page.getByLabel('Your Name', { exact: true }),
  email: page.getByLabel('Your Email', { exact: true }),
  subject: page.getByLabel('Subject', { exact: true }),
  message: page.getByLabel('Message', { exact: true }),
});

/** The page is prerendered: type only once the app has taken it over. */
async function openContactPage(page: Page) {
  await openMarketingPage(page, '/contact');
  return fields(page);
}

async function fillForm(page: Page, values: { name: string; email: string; subject: string; message: string }) {
  const form = fields(page);
  await form.name.fill(values.name);
  await form.email.fill(values.email);
  await form.subject.fill(values.subject);
  await form.message.fill(values.message);
}

/** The text of the error linked to an input through aria-describedby. */
async function describedErrorOf(page: Page, input: ReturnType<Page['getByLabel']>): Promise<string | null> {
  if ((await input.getAttribute('aria-invalid')) !== 'true') return null;
  const ids = (await input.getAttribute('aria-describedby'))?.split(/\s+/).filter(Boolean) ?? [];
  const texts = await Promise.all(
    ids.map((id) =>
      page
        .locator(`[id="${id}"]`)
        .textContent()
        .catch(() => null),
    ),
  );
  return texts.filter(Boolean).join(' ') || null;
}

/** Counts the POSTs the page makes to /api/contact. */
function watchContactRequests(page: Page): Request[] {
  const requests: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/contact') requests.push(request);
  });
  return requests;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('/contact', () => {
  it('shows the company address from /api/config as a mailto link in the side card', async () => {
    const page = await suite.newPage();
    await openContactPage(page);
    const link = page.getByTestId('contact-email');
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe(`mailto:${COMPANY_EMAIL}`);
    expect((await link.textContent())?.trim()).toBe(COMPANY_EMAIL);
    expect(await page.getByRole('heading', { name: 'Our Contact Information' }).isVisible()).toBe(true);
  });

  it('sends a message: green banner, the form empties, the company gets it (reply-to the visitor) and the visitor gets a 24-hour promise', async () => {
    const page = await suite.newPage();
    const form = await openContactPage(page);
    const visitor = {
      name: 'Ada Lovelace',
      email: uniqueEmail('ada'),
      subject: `Dashboards for our school ${crypto.randomUUID().slice(0, 6)}`,
      message: 'We would like a Looker Studio dashboard for attendance and grades.\nCan we talk next week?',
    };
    await fillForm(page, visitor);
    await page.getByRole('button', { name: 'Send Message' }).click();

    const banner = page.getByTestId('contact-success');
    await banner.waitFor();
    expect((await banner.textContent())?.trim()).toBe(SUCCESS_BANNER);
    expect(await banner.getAttribute('role')).toBe('status');
    expect(await page.getByTestId('contact-error').count()).toBe(0);
    // The form is ready for another message.
    for (const input of Object.values(form)) await expect.poll(() => input.inputValue()).toBe('');
    // And a toast confirms it.
    await page.getByTestId('toast').filter({ hasText: 'Message sent!' }).waitFor();

    const { smtp } = suite;
    await smtp.waitFor(
      () => smtp.to(COMPANY_EMAIL).some((m) => m.replyTo === visitor.email) && smtp.to(visitor.email).length > 0,
      20_000,
    );

    const notifications = smtp.to(COMPANY_EMAIL).filter((m) => m.replyTo === visitor.email);
    expect(notifications).toHaveLength(1);
    const notification = notifications[0]!;
    expect(notification.to).toEqual([COMPANY_EMAIL]);
    expect(notification.subject).toContain(visitor.subject);
    expect(notification.parsed.from?.value[0]?.address).toBe('no-reply@lucid-insight.test');
    for (const part of [
      visitor.name,
      visitor.email,
      visitor.subject,
      'attendance and grades',
      'Can we talk next week?',
    ])
      expect(notification.text).toContain(part);
    expect(notification.html).toContain(visitor.name);

    const acknowledgements = smtp.to(visitor.email);
    expect(acknowledgements).toHaveLength(1);
    const acknowledgement = acknowledgements[0]!;
    expect(acknowledgement.to).toEqual([visitor.email]);
    expect(acknowledgement.text).toContain('within 24 hours');
    // The acknowledgement echoes nothing the visitor typed (D40): the form takes any address.
    for (const typed of [visitor.name, visitor.subject, 'attendance and grades'])
      for (const part of [acknowledgement.text, acknowledgement.html, acknowledgement.subject])
        expect(part).not.toContain(typed);
    expect(acknowledgement.parsed.from?.value[0]?.address).toBe('no-reply@lucid-insight.test');
  });

  it('refuses a one-letter name with "Name must be at least 2 characters" next to the field and sends nothing', async () => {
    const page = await suite.newPage();
    const requests = watchContactRequests(page);
    const form = await openContactPage(page);
    const email = uniqueEmail('short-name');
    await fillForm(page, { name: 'A', email, subject: 'Hello', message: 'A message long enough to pass.' });
    await page.getByRole('button', { name: 'Send Message' }).click();

    await expect.poll(() => describedErrorOf(page, form.name)).toBe('Name must be at least 2 characters');
    // Only that field is wrong, and it gets the focus.
    expect(await page.locator('[data-field-error]').allTextContents()).toEqual(['Name must be at least 2 characters']);
    await expect.poll(() => form.name.evaluate((el) => el === document.activeElement)).toBe(true);
    // Nothing left the browser.
    await sleep(500);
    expect(requests).toHaveLength(0);
    expect(await page.getByTestId('contact-success').count()).toBe(0);
    expect(suite.smtp.to(email)).toHaveLength(0);
    // What was typed is kept, and fixing the field clears the message.
    expect(await form.message.inputValue()).toBe('A message long enough to pass.');
    await form.name.fill('Al');
    await expect.poll(() => describedErrorOf(page, form.name)).toBeNull();
    expect(await page.locator('[data-field-error]').count()).toBe(0);
  });

  it('refuses an invalid e-mail address with "Please enter a valid email address" and sends nothing', async () => {
    const page = await suite.newPage();
    const requests = watchContactRequests(page);
    const form = await openContactPage(page);
    await fillForm(page, {
      name: 'Grace Hopper',
      email: 'grace-at-example',
      subject: 'Hello',
      message: 'A message long enough to pass.',
    });
    await page.getByRole('button', { name: 'Send Message' }).click();

    await expect.poll(() => describedErrorOf(page, form.email)).toBe('Please enter a valid email address');
    expect(await describedErrorOf(page, form.name)).toBeNull();
    await sleep(500);
    expect(requests).toHaveLength(0);
    expect(await page.getByTestId('contact-success').count()).toBe(0);
  });

  it('shows every rule broken by an empty form at once', async () => {
    const page = await suite.newPage();
    const requests = watchContactRequests(page);
    const form = await openContactPage(page);
    await page.getByRole('button', { name: 'Send Message' }).click();

    await expect.poll(() => describedErrorOf(page, form.name)).toBe('Name must be at least 2 characters');
    expect(await describedErrorOf(page, form.email)).toBe('Please enter a valid email address');
    expect(await describedErrorOf(page, form.subject)).toBe('Subject is required');
    expect(await describedErrorOf(page, form.message)).toBe('Message must be at least 10 characters');
    expect(requests).toHaveLength(0);
  });

  it('reads "Sending..." on a disabled button while the message is on its way', async () => {
    const page = await suite.newPage();
    await page.route('**/api/contact', async (route) => {
      await sleep(1_500);
      await route.continue().catch(() => {});
    });
    await openContactPage(page);
    await fillForm(page, {
      name: 'Katherine Johnson',
      email: uniqueEmail('slow'),
      subject: 'Orbit data',
      message: 'Please call me back about our reporting.',
    });
    const button = page.getByTestId('contact-submit');
    await button.click();

    await expect.poll(() => button.textContent()).toContain('Sending...');
    expect(await button.isDisabled()).toBe(true);
    await page.getByTestId('contact-success').waitFor();
    expect((await button.textContent())?.trim()).toBe('Send Message');
    expect(await button.isEnabled()).toBe(true);
  });

  it('shows the red banner and a "Something went wrong" toast when the server fails, and keeps what was typed', async () => {
    const page = await suite.newPage();
    await page.route('**/api/contact', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"Service unavailable"}' }),
    );
    const form = await openContactPage(page);
    await fillForm(page, {
      name: 'Mary Jackson',
      email: uniqueEmail('failure'),
      subject: 'Wind tunnel',
      message: 'This one will not get through.',
    });
    await page.getByRole('button', { name: 'Send Message' }).click();

    const banner = page.getByTestId('contact-error');
    await banner.waitFor();
    expect((await banner.textContent())?.trim()).toBe(ERROR_BANNER);
    expect(await banner.getAttribute('role')).toBe('alert');
    await page.getByTestId('toast').filter({ hasText: 'Something went wrong' }).waitFor();
    expect(await page.getByTestId('contact-success').count()).toBe(0);
    expect(await form.name.inputValue()).toBe('Mary Jackson');
    expect(await form.message.inputValue()).toBe('This one will not get through.');
  });
});
