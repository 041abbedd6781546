import { addMembership, createOrganization, createUser } from '@app/db/testing';
import { type OidcStandIn, startOidcProvider } from '@app/testing/oidc-provider';
import { afterAll, describe, expect, it } from 'vitest';
import { useAdminTestApp } from '../../../../testing/admin';
import { saveSso, signInWithSso } from '../../../../testing/sso';

/**
 * Where a provider puts the e-mail claims (issue 26 item 11). With the code flow, oidc-provider at its defaults (as
 * many providers) sends `sub` alone in the ID token and `email`, `email_verified` from the user-info endpoint
 * (OpenID Connect Core 5.4); others put them in the ID token. Both sign in; a user-info answer for another subject
 * does not; and "Test sign-in" tells the administrator of a provider that sends neither.
 */

const REDIRECT_URI = 'http://localhost:3000/api/auth/sso/callback';

/** One provider (its own issuer) for each organization of these tests, started before the app that must name them. */
const startAt = (domain: string, options: Partial<Parameters<typeof startOidcProvider>[0]> = {}) =>
  startOidcProvider({
    clients: [{ clientId: `app-${domain}`, clientSecret: `${domain} secret`, redirectUris: [REDIRECT_URI] }],
    accounts: [],
    ...options,
  });
const providers = {
  'userinfo.example': await startAt('userinfo.example'),
  'idtoken.example': await startAt('idtoken.example', { claimsInIdToken: true }),
  'unsure.example': await startAt('unsure.example'),
  'swapped.example': await startAt('swapped.example'),
  'silent.example': await startAt('silent.example', { emailClaims: [] }),
  'halfway.example': await startAt('halfway.example', { emailClaims: ['email'] }),
  'fine.example': await startAt('fine.example'),
};
type Domain = keyof typeof providers;
afterAll(async () => {
  await Promise.all(Object.values(providers).map((provider) => provider.close()));
});

// On loopback: named as an operator names internal identity providers (D35).
const { t, as, admin } = useAdminTestApp({
  env: {
    OUTBOUND_ALLOW_HOSTS: Object.values(providers)
      .map((provider) => provider.host)
      .join(','),
  },
});

const reasonOf = (location: string) => new URL(location, 'http://localhost:3000').searchParams.get('reason');

/** An organization signing in at the domain's provider. */
async function organizationAt(domain: Domain) {
  const provider: OidcStandIn = providers[domain];
  const organization = await createOrganization(t.db, { name: domain });
  await saveSso(as(admin), organization.id, {
    issuer: provider.issuer,
    clientId: `app-${domain}`,
    clientSecret: `${domain} secret`,
    domains: [domain],
  });
  return { provider, organization };
}

async function signInAt(provider: OidcStandIn, email: string, organizationId: number) {
  const user = await createUser(t.db, { email });
  await addMembership(t.db, organizationId, user.id);
  provider.signInAs(email);
  return signInWithSso(t, `email=${encodeURIComponent(email)}`);
}

describe('single sign-on: the e-mail claims, wherever the provider sends them', () => {
  it("signs in at a provider at oidc-provider's defaults: the address and its verification from user-info", async () => {
    const { provider, organization } = await organizationAt('userinfo.example');
    provider.setAccount({ email: 'uma@userinfo.example' });
    const { location, cookies } = await signInAt(provider, 'uma@userinfo.example', organization.id);
    expect(location).toBe('/client/dashboard');
    expect(cookies.get('session')).toBeTruthy();
  });

  it('signs in at a provider that puts them in the ID token', async () => {
    const { provider, organization } = await organizationAt('idtoken.example');
    provider.setAccount({ email: 'ida@idtoken.example' });
    const { location } = await signInAt(provider, 'ida@idtoken.example', organization.id);
    expect(location).toBe('/client/dashboard');
  });

  it("still refuses an address the user-info endpoint does not say is verified (false, or the string 'true')", async () => {
    const { provider, organization } = await organizationAt('unsure.example');
    provider.setAccount({ email: 'no@unsure.example', emailVerified: false });
    provider.setAccount({ email: 'text@unsure.example', emailVerified: 'true' });
    expect(reasonOf((await signInAt(provider, 'no@unsure.example', organization.id)).location)).toBe(
      'email_unverified',
    );
    expect(reasonOf((await signInAt(provider, 'text@unsure.example', organization.id)).location)).toBe(
      'email_unverified',
    );
  });

  it("refuses a user-info answer for another subject than the ID token's", async () => {
    const { provider, organization } = await organizationAt('swapped.example');
    // The user-info endpoint vouches for someone else's identity than the one the ID token was signed for.
    provider.setAccount({ email: 'sam@swapped.example', userinfoSubject: 'someone-else' });
    const { location, cookies } = await signInAt(provider, 'sam@swapped.example', organization.id);
    expect(reasonOf(location)).toBe('token_invalid');
    expect(cookies.get('session')).toBeUndefined();
  });

  it('"Test sign-in" says so of a provider that sends neither the address nor its verification', async () => {
    const { organization } = await organizationAt('silent.example');
    const answer = await as(admin).send('POST', `/api/admin/organizations/${organization.id}/sso/test`);
    expect(answer.status).toBe(200);
    const body = await answer.json();
    expect(body.ok).toBe(false);
    expect(body.message).toContain('neither the e-mail address (email) nor whether it is verified (email_verified)');
  });

  it('"Test sign-in" says so of a provider that never says whether an address is verified', async () => {
    const { organization } = await organizationAt('halfway.example');
    const body = await (await as(admin).send('POST', `/api/admin/organizations/${organization.id}/sso/test`)).json();
    expect(body).toMatchObject({ ok: false });
    expect(body.message).toContain('whether the e-mail address is verified (email_verified)');
  });

  it('"Test sign-in" passes a provider that sends both from user-info', async () => {
    const { organization } = await organizationAt('fine.example');
    const body = await (await as(admin).send('POST', `/api/admin/organizations/${organization.id}/sso/test`)).json();
    expect(body).toMatchObject({ ok: true });
  });
});
