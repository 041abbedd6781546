import type { Page } from 'playwright-core';

/** Fills /login's form and sends it (the page is on /login already). */
export async function fillLogin(page: Page, email: string, password: string) {
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

/**
 * Signs in through /login (a full page load follows) and waits for the signed-in header's welcome: in the page
 * (`attached`: a narrow window hides it) or on screen (`visible`).
 */
export async function signIn(
  page: Page,
  email: string,
  password: string,
  welcome: 'attached' | 'visible' = 'attached',
) {
  await page.goto('/login');
  await fillLogin(page, email, password);
  await page.getByTestId('header-welcome').waitFor({ state: welcome });
}

/** Signs in through /login as `signIn` does, then opens `path`: the answer to that page load. */
export async function signInAndOpen(
  page: Page,
  email: string,
  password: string,
  path: string,
  welcome: 'attached' | 'visible' = 'attached',
) {
  await signIn(page, email, password, welcome);
  return page.goto(path);
}

/** Signs in on /client/login and waits until it has gone on to /client/dashboard. */
export async function signInAsClient(page: Page, email: string, password: string) {
  await page.goto('/client/login');
  const dashboards = new URL('/client/dashboard', page.url()).href;
  await page.getByTestId('client-login-email').fill(email);
  await page.getByTestId('client-login-password').fill(password);
  await page.getByTestId('client-login-submit').click();
  await page.waitForURL(dashboards);
}

/** The toast with this title. */
export const toast = (page: Page, title: string) => page.getByTestId('toast').filter({ hasText: title });

/**
 * Waits for a toast and closes it, as a person would: only one toast shows at a time and the next one waits until
 * this one is gone (5 s), so a test that expects another toast soon closes the one on screen first.
 */
export async function closeToast(page: Page, title: string) {
  const shown = toast(page, title);
  await shown.waitFor();
  await shown.getByRole('button', { name: 'Close notification' }).click();
  await shown.waitFor({ state: 'detached' });
}

/** Completes an invitation on its /register page with a new password; that signs nobody in: on to /login. */
export async function completeRegistration(page: Page, password: string) {
  await page.getByTestId('register-password').fill(password);
  await page.getByTestId('register-confirm-password').fill(password);
  await page.getByTestId('register-submit').click();
  await toast(page, 'Registration completed').waitFor();
  // Signed in, straight into the client portal (issue 26).
  await page.waitForURL(new URL('/client/dashboard', page.url()).href);
}
