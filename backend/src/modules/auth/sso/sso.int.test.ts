import * as schema from '@app/db/schema';
import { addMembership, createOrganization, createUser } from '@app/db/testing';
import { startOidcProvider } from '@app/testing/oidc-provider';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useAdminTestApp } from '../../../../testing/admin';
import { atProvider, callbackSso, saveSso, signInWithSso, startSso } from '../../../../testing/sso';

const REDIRECT_URI = 'http://localhost:3000/api/auth/sso/callback';
const SECRET_A = 'client-a secret that must never show';
const SECRET_B = 'client-b secret that must never show';

// Two organizations' identity providers (two issuers), each with its own app registration.
const providerA = await startOidcProvider({
  clients: [{ clientId: 'app-a', clientSecret: SECRET_A, redirectUris: [REDIRECT_URI] }],
  accounts: [
    { email: 'alice@a.example', givenName: 'Alice', familyName: 'Anders' },
    { email: 'newbie@a.example', givenName: 'New', familyName: 'Person' },
    { email: 'unverified@a.example', emailVerified: false },
    { email: 'stringly@a.example', emailVerified: 'true' },
    { email: 'gone@a.example' },
    { email: 'boss@a.example', givenName: 'Boss' },
    { email: 'outsider@elsewhere.example' },
  ],
});
const providerB = await startOidcProvider({
  clients: [{ clientId: 'app-b', clientSecret: SECRET_B, redirectUris: [REDIRECT_URI] }],
  // B's provider vouches for an address of A's domain: B's sign-in must not let it in.
  accounts: [{ email: 'alice@a.example' }, { email: 'bob@b.example', givenName: 'Bob' }],
});
// An inactive organization's provider.
const providerP = await startOidcProvider({
  clients: [{ clientId: 'app-p', clientSecret: 'p secret', redirectUris: [REDIRECT_URI] }],
  accounts: [{ email: 'pat@paused.example' }],
});
afterAll(async () => {
  await providerA.close();
  await providerB.close();
  await providerP.close();
});

// The providers are on loopback: named as an operator names internal services (D35; A also as localhost, below).
const { t, as, admin } = useAdminTestApp({
  env: {
    OUTBOUND_ALLOW_HOSTS: [
      providerA.host,
      providerA.host.replace('127.0.0.1', 'localhost'),
      providerB.host,
      providerP.host,
    ].join(','),
  },
});

const seen: string[] = [];
const read = async (response: Response) => {
  seen.push(await response.clone().text());
  return response;
};

async function setUp() {
  const orgA = await createOrganization(t.db, { name: 'Academy A' });
  const orgB = await createOrganization(t.db, { name: 'Bureau B' });
  const save = async (id: number, body: object) => {
    const response = await read(await as(admin).send('PUT', `/api/admin/organizations/${id}/sso`, body));
    expect(response.status, await response.clone().text()).toBe(200);
    return response.json();
  };
  await save(orgA.id, {
    issuer: providerA.issuer,
    clientId: 'app-a',
    clientSecret: SECRET_A,
    domains: ['a.example'],
    allowAccountCreation: false,
  });
  await save(orgB.id, {
    issuer: providerB.issuer,
    clientId: 'app-b',
    clientSecret: SECRET_B,
    domains: ['B.example'],
    allowAccountCreation: true,
  });
  return { orgA, orgB };
}
let orgs: Awaited<ReturnType<typeof setUp>>;
beforeAll(async () => {
  orgs = await setUp();
});

const sessionOf = (cookies: Map<string, string>) => cookies.get('session');
const whoIs = async (session: string | undefined) => {
  const response = await t.get('/api/auth/user', { cookie: `session=${session}` });
  return response.status === 200
    ? ((await response.json()) as { email: string; organizations: { name: string }[] })
    : null;
};

describe('single sign-on: an existing user signs in (issue 17)', () => {
  it("signs alice in at her organization's provider and lands on the client dashboard", async () => {
    const alice = await createUser(t.db, { email: 'Alice@A.example' });
    await addMembership(t.db, orgs.orgA.id, alice.id);
    providerA.signInAs('alice@a.example');
    const { location, cookies } = await signInWithSso(t, 'email=alice%40a.example');
    expect(location).toBe('/client/dashboard');
    const user = await whoIs(sessionOf(cookies));
    expect(user?.email).toBe('Alice@A.example');
    const events = await t.db.select().from(schema.signInEvents).where(eq(schema.signInEvents.userId, alice.id));
    expect(events).toMatchObject([{ method: 'sso', result: 'success', organizationId: orgs.orgA.id }]);
  });
});

const refusal = (location: string) => new URL(location, 'http://localhost:3000').searchParams.get('reason');

/** A callback refused for `reason`: sent to the refusal page with it, and signed in nobody. */
function expectRefused(done: Awaited<ReturnType<typeof callbackSso>>, reason: string) {
  expect(refusal(done.location)).toBe(reason);
  expect(done.cookies.get('session')).toBeUndefined();
}

/** Alice (a.example) starts a sign-on and signs in at provider A: the start, and where the provider sends her back. */
async function aliceAtProviderA() {
  providerA.signInAs('alice@a.example');
  const started = await startSso(t, 'email=alice%40a.example');
  return { started, back: await atProvider(started.location) };
}

describe('single sign-on: accounts on first sign-in', () => {
  it('refuses a verified person without an account where the organization does not create accounts', async () => {
    providerA.signInAs('newbie@a.example');
    const { location, cookies } = await signInWithSso(t, 'email=newbie%40a.example');
    expect(refusal(location)).toBe('no_account');
    expect(sessionOf(cookies)).toBeUndefined();
    const [row] = await t.db.select().from(schema.users).where(sql`lower(${schema.users.email}) = 'newbie@a.example'`);
    expect(row).toBeUndefined();
  });

  it('creates the account, a member of the organization, where it is allowed', async () => {
    providerB.signInAs('bob@b.example');
    const { location, cookies } = await signInWithSso(
      t,
      'email=bob%40b.example&redirect=%2Fclient%2Fdashboard%3Ftab%3D2',
    );
    expect(location).toBe('/client/dashboard?tab=2');
    const user = await whoIs(sessionOf(cookies));
    expect(user).toMatchObject({ email: 'bob@b.example', firstName: 'Bob', organizations: [{ name: 'Bureau B' }] });
  });

  it('adds an existing user of the domain to the organization only where accounts are created', async () => {
    await createUser(t.db, { email: 'carl@b.example' });
    providerB.setAccount({ email: 'carl@b.example' });
    providerB.signInAs('carl@b.example');
    const b = await signInWithSso(t, `organizationId=${orgs.orgB.id}`);
    expect(b.location).toBe('/client/dashboard');
    expect((await whoIs(sessionOf(b.cookies)))?.organizations).toEqual([{ id: orgs.orgB.id, name: 'Bureau B' }]);

    await createUser(t.db, { email: 'dora@a.example' });
    providerA.setAccount({ email: 'dora@a.example' });
    providerA.signInAs('dora@a.example');
    const a = await signInWithSso(t, 'email=dora%40a.example');
    expect(a.location).toBe('/client/dashboard');
    // Signed in (the provider vouches for the address), but not made a member of Academy A.
    expect((await whoIs(sessionOf(a.cookies)))?.organizations).toEqual([]);
  });
});

describe('single sign-on: what is refused, each on a clear page', () => {
  it("refuses an address of A's domain signed in at B's provider", async () => {
    providerB.signInAs('alice@a.example');
    const { location, cookies } = await signInWithSso(t, `organizationId=${orgs.orgB.id}`);
    expect(refusal(location)).toBe('domain_mismatch');
    expect(sessionOf(cookies)).toBeUndefined();
  });

  it('refuses an address the provider did not verify, and a verification that is only the text "true"', async () => {
    for (const email of ['unverified@a.example', 'stringly@a.example']) {
      await createUser(t.db, { email });
      providerA.signInAs(email);
      const { location, cookies } = await signInWithSso(t, `email=${encodeURIComponent(email)}`);
      expect(refusal(location)).toBe('email_unverified');
      expect(sessionOf(cookies)).toBeUndefined();
    }
  });

  it('refuses a deactivated user', async () => {
    await createUser(t.db, { email: 'gone@a.example', isActive: false });
    providerA.signInAs('gone@a.example');
    const { location, cookies } = await signInWithSso(t, 'email=gone%40a.example');
    expect(refusal(location)).toBe('deactivated');
    expect(sessionOf(cookies)).toBeUndefined();
  });

  it("refuses an administrator at a client organization's provider: it would skip their second factor", async () => {
    const boss = await createUser(t.db, { email: 'boss@a.example', isAdmin: true });
    providerA.signInAs('boss@a.example');
    const { location, cookies } = await signInWithSso(t, 'email=boss%40a.example');
    expect(refusal(location)).toBe('administrator');
    expect(sessionOf(cookies)).toBeUndefined();
    const [event] = await t.db
      .select()
      .from(schema.signInEvents)
      .where(eq(schema.signInEvents.userId, boss.id))
      .orderBy(sql`id desc`)
      .limit(1);
    expect(event).toMatchObject({ method: 'sso', result: 'failure', reason: 'administrator' });
  });

  it('refuses an inactive organization, at the start and at the callback', async () => {
    const org = await createOrganization(t.db, { name: 'Paused Co', isActive: false });
    const provider = providerP;
    await saveSso(as(admin), org.id, {
      issuer: provider.issuer,
      clientId: 'app-p',
      clientSecret: 'p secret',
      domains: ['paused.example'],
    });
    const start = await startSso(t, 'email=pat%40paused.example');
    expect(refusal(start.location)).toBe('organization_inactive');
    // Paused while the person was at the provider.
    await t.db.update(schema.organizations).set({ isActive: true }).where(eq(schema.organizations.id, org.id));
    await createUser(t.db, { email: 'pat@paused.example' });
    provider.signInAs('pat@paused.example');
    const started = await startSso(t, 'email=pat%40paused.example');
    const back = await atProvider(started.location);
    await t.db.update(schema.organizations).set({ isActive: false }).where(eq(schema.organizations.id, org.id));
    const done = await callbackSso(t, back, started.appCookies);
    expectRefused(done, 'organization_inactive');
  });

  it('refuses a replayed callback, and of parallel callbacks with one state lets exactly one in', async () => {
    const { started, back } = await aliceAtProviderA();
    const answers = await Promise.all(Array.from({ length: 8 }, () => callbackSso(t, back, started.appCookies)));
    const signedIn = answers.filter((answer) => answer.cookies.get('session'));
    expect(signedIn).toHaveLength(1);
    expect(signedIn[0]!.location).toBe('/client/dashboard');
    for (const answer of answers.filter((a) => !a.cookies.get('session')))
      expect(refusal(answer.location)).toBe('replayed');
    const again = await callbackSso(t, back, started.appCookies);
    expect(refusal(again.location)).toBe('replayed');
  });

  it('refuses a state older than 10 minutes', async () => {
    const { started, back } = await aliceAtProviderA();
    await t.db
      .update(schema.ssoStates)
      .set({ createdAt: sql`now() - interval '11 minutes'` })
      .where(sql`used_at is null`);
    const done = await callbackSso(t, back, started.appCookies);
    expectRefused(done, 'expired');
  });

  it("refuses a callback without the starting browser's cookie, and an unknown state", async () => {
    const { started, back } = await aliceAtProviderA();
    const elsewhere = await callbackSso(t, back, new Map());
    expect(refusal(elsewhere.location)).toBe('invalid_state');
    // The state was not used up by the stranger: the person's own browser still finishes.
    const own = await callbackSso(t, back, started.appCookies);
    expect(own.location).toBe('/client/dashboard');
    const forged = await callbackSso(t, back.replace(/state=[^&]+/, 'state=forged'), started.appCookies);
    expect(refusal(forged.location)).toBe('invalid_state');
    const none = await t.get('/api/auth/sso/callback');
    expect(none.status).toBe(302);
    expect(refusal(none.headers.get('location') ?? '')).toBe('invalid_state');
  });

  it('refuses an ID token whose nonce is not the one sent', async () => {
    const { started, back } = await aliceAtProviderA();
    await t.db
      .update(schema.ssoStates)
      .set({ nonce: sql`${schema.ssoStates.nonce} || '-other'` })
      .where(sql`used_at is null`);
    const done = await callbackSso(t, back, started.appCookies);
    expectRefused(done, 'token_invalid');
  });

  it('says the provider is down, at the start and at the callback, never a 500', async () => {
    providerA.pause();
    try {
      const start = await startSso(t, 'email=alice%40a.example');
      expect(start.response.status).toBe(302);
      expect(refusal(start.location)).toBe('provider_unavailable');
    } finally {
      providerA.resume();
    }
    const { started, back } = await aliceAtProviderA();
    providerA.pause();
    try {
      const done = await callbackSso(t, back, started.appCookies);
      expect(done.response.status).toBe(302);
      expect(refusal(done.location)).toBe('provider_unavailable');
    } finally {
      providerA.resume();
    }
  });

  it('refuses an issuer that is not exactly the one the discovery document names', async () => {
    const org = await createOrganization(t.db, { name: 'Misspelled Issuer' });
    // The same provider, spelled another way (as Entra's multi-tenant `{tenantid}` issuer differs from its URL).
    const issuer = providerA.issuer.replace('127.0.0.1', 'localhost');
    await saveSso(as(admin), org.id, {
      issuer,
      clientId: 'app-a',
      clientSecret: SECRET_A,
      domains: ['misspelled.example'],
    });
    const test = await (await as(admin).send('POST', `/api/admin/organizations/${org.id}/sso/test`)).json();
    expect(test.ok).toBe(false);
    expect(test.message).toContain('issuer');
    const start = await startSso(t, 'email=x%40misspelled.example');
    expect(refusal(start.location)).toBe('provider_error');
  });

  it('records every refusal as a failed single sign-on', async () => {
    const rows = await t.db.select().from(schema.signInEvents).where(eq(schema.signInEvents.result, 'failure'));
    const reasons = new Set(rows.map((row) => row.reason));
    for (const reason of ['no_account', 'domain_mismatch', 'email_unverified', 'deactivated', 'replayed', 'expired'])
      expect(reasons).toContain(reason);
    expect(rows.every((row) => row.method === 'sso')).toBe(true);
  });

  it('limits callbacks per address (D8)', async () => {
    const answers = await Promise.all(
      Array.from({ length: 101 }, () =>
        t.get('/api/auth/sso/callback?state=unknown&code=x', { 'x-forwarded-for': '10.66.66.66' }),
      ),
    );
    const reasons = answers.map((answer) => refusal(answer.headers.get('location') ?? ''));
    expect(reasons.filter((r) => r === 'invalid_state')).toHaveLength(100);
    expect(reasons.filter((r) => r === 'rate_limited')).toHaveLength(1);
  });

  it('limits starts per address (D8)', async () => {
    const answers = await Promise.all(
      Array.from({ length: 101 }, () => startSso(t, 'email=x%40nowhere.example', '10.77.77.77')),
    );
    const reasons = answers.map((answer) => refusal(answer.location));
    expect(reasons.filter((r) => r === 'not_configured')).toHaveLength(100);
    expect(reasons.filter((r) => r === 'rate_limited')).toHaveLength(1);
  });
});

describe('single sign-on: the login pages ask about the domain only', () => {
  it('answers the same for a known and an unknown person of a domain', async () => {
    const known = await (await t.get('/api/auth/sso?email=alice%40a.example')).json();
    const unknown = await (await t.get('/api/auth/sso?email=nobody%40A.EXAMPLE')).json();
    expect(known).toEqual({ available: true, organizationName: 'Academy A' });
    expect(unknown).toEqual(known);
    expect(await (await t.get('/api/auth/sso?email=alice%40other.example')).json()).toEqual({
      available: false,
      organizationName: null,
    });
    for (const hostile of [
      `${'x'.repeat(400)}%40a.example`,
      'a%40a.example%00',
      'a%40%00.example',
      'a%40%ED%A0%80.example',
      '%40%40',
      'a%40a.example%2C',
    ])
      expect(await (await t.get(`/api/auth/sso?email=${hostile}`)).json(), hostile).toEqual({
        available: false,
        organizationName: null,
      });
  });

  it('starts nothing for hostile input, each on the clear page', async () => {
    for (const query of [
      'email=a%40%00.example',
      'email=a%40a.example%00',
      'organizationId=99999999999',
      'organizationId=-1',
      'organizationId=1e3',
      '',
    ]) {
      const start = await startSso(t, query);
      expect(start.response.status, query).toBe(302);
      expect(refusal(start.location), query).toBe('not_configured');
    }
    // A return path of another site is dropped, never followed.
    providerA.signInAs('alice@a.example');
    for (const redirect of [
      '%2F%2Fevil.example',
      'https%3A%2F%2Fevil.example%2F',
      '%2F%5Cevil.example',
      'javascript%3Aalert(1)',
    ]) {
      const { location } = await signInWithSso(t, `email=alice%40a.example&redirect=${redirect}`);
      expect(location, redirect).toBe('/client/dashboard');
    }
  });
});

describe('single sign-on settings: the administration', () => {
  const path = () => `/api/admin/organizations/${orgs.orgA.id}/sso`;

  it('shows the settings without the secret, and keeps the stored secret when the change leaves it empty', async () => {
    const shown = await read(await as(admin).get(path()));
    expect(await shown.json()).toMatchObject({
      issuer: providerA.issuer,
      clientId: 'app-a',
      hasClientSecret: true,
      domains: ['a.example'],
      redirectUri: REDIRECT_URI,
    });
    const before = (
      await t.db.select().from(schema.organizationSso).where(eq(schema.organizationSso.organizationId, orgs.orgA.id))
    )[0]!;
    const body = {
      issuer: providerA.issuer,
      clientId: 'app-a',
      clientSecret: '',
      domains: ['a.example', '@Alt-A.example'],
    };
    const saved = await read(await as(admin).send('PUT', path(), body));
    expect(await saved.json()).toMatchObject({ domains: ['a.example', 'alt-a.example'] });
    const after = (
      await t.db.select().from(schema.organizationSso).where(eq(schema.organizationSso.organizationId, orgs.orgA.id))
    )[0]!;
    expect(after.clientSecret).toBe(before.clientSecret);
    providerA.signInAs('alice@a.example');
    expect((await signInWithSso(t, 'email=alice%40a.example')).location).toBe('/client/dashboard');
  });

  it('refuses a domain of another organization (409), a public mailbox domain and a first save without a secret (422)', async () => {
    const body = { issuer: providerA.issuer, clientId: 'app-a', clientSecret: 'x', domains: ['b.example'] };
    const taken = await as(admin).send('PUT', path(), body);
    expect(taken.status).toBe(409);
    expect((await taken.json()).message).toContain('b.example');
    const parallel = await createOrganization(t.db);
    const racers = await Promise.all(
      [orgs.orgA.id, parallel.id].map((id) =>
        as(admin).send('PUT', `/api/admin/organizations/${id}/sso`, {
          ...body,
          domains: ['a.example', 'race.example'],
        }),
      ),
    );
    expect(racers.map((r) => r.status).sort()).toEqual([200, 409]);
    const gmail = await as(admin).send('PUT', path(), { ...body, domains: ['gmail.com'] });
    expect(gmail.status).toBe(422);
    // The consultancy's own domain (COMPANY_EMAIL's, its administrators'): never a client organization's.
    const own = await as(admin).send('PUT', path(), { ...body, domains: ['a.example', 'Lucid-Insight.test'] });
    expect(own.status).toBe(422);
    expect((await own.json()).message).toBe(
      "lucid-insight.test is Lucid Insight's own domain and cannot belong to a client organization",
    );
    const fresh = await createOrganization(t.db);
    const noSecret = await as(admin).send('PUT', `/api/admin/organizations/${fresh.id}/sso`, {
      ...body,
      clientSecret: '',
      domains: ['fresh.example'],
    });
    expect(noSecret.status).toBe(422);
    const http = await as(admin).send('PUT', path(), {
      ...body,
      issuer: 'http://idp.example.com',
      domains: ['a.example'],
    });
    expect(http.status).toBe(422);
    expect((await as(null).get(path())).status).toBe(401);
  });

  it('tests the provider: ok when it answers, what went wrong when it is down', async () => {
    const ok = await read(await as(admin).send('POST', `${path()}/test`));
    expect(await ok.json()).toMatchObject({ ok: true });
    providerA.pause();
    try {
      const down = await (await as(admin).send('POST', `${path()}/test`)).json();
      expect(down.ok).toBe(false);
      expect(down.message).toContain('could not be reached');
    } finally {
      providerA.resume();
    }
  });

  it('never shows or records a secret: answers, audit rows, and the column itself is sealed', async () => {
    const audit = await read(await as(admin).get('/api/admin/audit'));
    expect(audit.status).toBe(200);
    const rows = await t.sql`select client_secret from organization_sso`;
    for (const row of rows) {
      expect(row.client_secret).toMatch(/^v1\./);
      expect(row.client_secret).not.toContain('secret');
    }
    const auditRows =
      await t.sql`select changes::text as changes from audit_log where action like 'organization.sso.%'`;
    expect(auditRows.length).toBeGreaterThan(0);
    for (const text of [...seen, ...auditRows.map((r) => String(r.changes))]) {
      expect(text).not.toContain(SECRET_A);
      expect(text).not.toContain(SECRET_B);
    }
  });

  it('removes the settings: the domain signs in with passwords again', async () => {
    const org = await createOrganization(t.db);
    const body = { issuer: providerA.issuer, clientId: 'app-a', clientSecret: SECRET_A, domains: ['leaving.example'] };
    await as(admin).send('PUT', `/api/admin/organizations/${org.id}/sso`, body);
    expect((await as(admin).send('DELETE', `/api/admin/organizations/${org.id}/sso`)).status).toBe(204);
    expect(await (await t.get('/api/auth/sso?email=a%40leaving.example')).json()).toMatchObject({ available: false });
    expect((await as(admin).get(`/api/admin/organizations/${org.id}/sso`)).status).toBe(404);
  });
});
