import { connect, type DatabaseHandle } from '@app/db';
import { addMembership, createOrganization, createUser } from '@app/db/testing';
import { type OidcStandIn, startOidcProvider } from '@app/testing/oidc-provider';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../backend/src/modules/auth/auth.service';
import { signInAndOpen } from './account-helpers';
import { freePorts, screenshot, useBrowserSuite, viewports } from './harness';
import { horizontalOverflow, seriousAxeViolations } from './marketing-helpers';

/**
 * Issue 17: an administrator sets an organization's OpenID Connect provider in the Organizations tab (a real
 * `oidc-provider` on loopback), and a member types their school address on /client/login, takes "Sign in with
 * <Organization>", signs in at the provider's own page, and lands on /client/dashboard signed in.
 */
// The provider's port, named in OUTBOUND_ALLOW_HOSTS as an operator names an internal identity provider (D35).
const [providerPort] = (await freePorts(1)) as [number];
const suite = useBrowserSuite({
  env: {
    APP_ENCRYPTION_KEY: Buffer.alloc(32, 3).toString('base64'),
    OUTBOUND_ALLOW_HOSTS: `127.0.0.1:${providerPort}`,
  },
});

const PASSWORD = 'Admin-password-17';
const suffix = crypto.randomUUID().slice(0, 8);
const DOMAIN = `northwind-${suffix}.example`;
const MEMBER = `grace@${DOMAIN}`;
const ORGANIZATION = `Northwind School ${suffix}`;
const CLIENT_SECRET = 'northwind client secret';

let database: DatabaseHandle;
let provider: OidcStandIn;
let adminEmail: string;

beforeAll(async () => {
  provider = await startOidcProvider({
    port: providerPort,
    clients: [
      {
        clientId: 'lucid-insight',
        clientSecret: CLIENT_SECRET,
        redirectUris: [`${suite.baseUrl}/api/auth/sso/callback`],
      },
    ],
    accounts: [{ email: MEMBER, givenName: 'Grace', familyName: 'Hopper' }],
  });
  database = connect(suite.product.databaseUrl, { max: 2, applicationName: 'e2e-sso' });
  const { db } = database;
  const organization = await createOrganization(db, { name: ORGANIZATION });
  const member = await createUser(db, { email: MEMBER, firstName: 'Grace', lastName: 'Hopper' });
  await addMembership(db, organization.id, member.id);
  const admin = await createUser(db, {
    email: `admin-${suffix}@lucid-insight.test`,
    isAdmin: true,
    passwordHash: await hashPassword(PASSWORD),
    accountSetupComplete: true,
  });
  adminEmail = admin.email;
});

afterAll(async () => {
  await provider?.close();
  await database?.close();
});

async function signInAtOrganization(page: Page) {
  await page.goto('/client/login');
  await page.getByTestId('client-login-email').fill(MEMBER);
  const button = page.getByTestId('client-login-organization-sso');
  await button.waitFor();
  expect(await button.textContent()).toContain(`Sign in with ${ORGANIZATION}`);
  await button.click();
  // The provider's own page.
  await page.waitForURL((url) => url.href.startsWith(provider.issuer));
  await page.getByLabel('E-mail').fill(MEMBER);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL(new URL('/client/dashboard', suite.baseUrl).href);
}

describe('single sign-on per organization (issue 17)', () => {
  it("an administrator sets the provider on the organization's page and its test passes", async () => {
    // bypassCSP: axe-core is injected as an inline script, which the site's policy rightly refuses.
    const page = await suite.newPage({ viewport: viewports.desktop, bypassCSP: true });
    await signInAndOpen(page, adminEmail, PASSWORD, '/admin');
    await page.getByTestId('admin-nav-organizations').click();
    // Single sign-on is set on the organization's page, opened from its row menu (issue 27).
    await page.getByRole('button', { name: `Actions for ${ORGANIZATION}` }).click();
    await page.getByTestId('organization-open-page').click();
    await page.getByRole('button', { name: `Single sign-on of ${ORGANIZATION}` }).click();
    const dialog = page.getByTestId('organization-sso-dialog');
    await dialog.getByTestId('sso-issuer').waitFor();
    expect(await dialog.getByTestId('sso-redirect-uri').textContent()).toBe(`${suite.baseUrl}/api/auth/sso/callback`);
    await dialog.getByTestId('sso-issuer').fill(provider.issuer);
    await dialog.getByTestId('sso-client-id').fill('lucid-insight');
    await dialog.getByTestId('sso-client-secret').fill(CLIENT_SECRET);
    await dialog.getByTestId('sso-domains').fill(DOMAIN);
    await dialog.getByTestId('sso-save').click();
    const result = dialog.getByTestId('sso-test-result');
    await result.waitFor();
    expect(await result.textContent()).toContain('Test passed');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'sso-admin-dialog');
    // The secret is write-only: opened again, its field is empty (the hint says it is stored).
    await page.reload();
    await page.getByRole('button', { name: `Single sign-on of ${ORGANIZATION}` }).click();
    await dialog.getByTestId('sso-issuer').waitFor();
    expect(await dialog.getByTestId('sso-client-secret').inputValue()).toBe('');
    expect(await dialog.getByTestId('sso-domains').inputValue()).toBe(DOMAIN);
  });

  it.each([
    ['desktop', viewports.desktop],
    ['mobile', viewports.mobile],
  ] as const)(
    'a member signs in with their organization at %s width and lands on the dashboard',
    async (name, viewport) => {
      const page = await suite.newPage({ viewport });
      await signInAtOrganization(page);
      await page.getByTestId('header-welcome').waitFor({ state: 'attached' });
      expect(await page.getByTestId('header-welcome').textContent()).toContain('Grace');
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await screenshot(page, `sso-signed-in-${name}`);
    },
  );

  it('shows a clear page, with the way back to the password, when the provider is down', async () => {
    const page = await suite.newPage({ viewport: viewports.mobile, bypassCSP: true });
    provider.pause();
    try {
      await page.goto('/client/login');
      await page.getByTestId('client-login-email').fill(MEMBER);
      await page.getByTestId('client-login-organization-sso').click();
      await page.getByTestId('sso-error-card').waitFor();
    } finally {
      provider.resume();
    }
    expect(await page.getByTestId('sso-error-message').textContent()).toContain("couldn't reach");
    expect(await seriousAxeViolations(page)).toEqual([]);
    // Down behind its load balancer (503) reads the same: unreachable, not a refusal (issue 26).
    provider.outage();
    try {
      await page.goto(`/api/auth/sso/start?email=${encodeURIComponent(MEMBER)}`);
      await page.getByTestId('sso-error-card').waitFor();
    } finally {
      provider.resume();
    }
    const outage = await page.getByTestId('sso-error-message').textContent();
    expect(outage).toContain("couldn't reach");
    expect(outage).not.toContain('turned the request down');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await page.getByTestId('sso-error-password').click();
    await page.waitForURL(new URL('/client/login', suite.baseUrl).href);
  });
});
