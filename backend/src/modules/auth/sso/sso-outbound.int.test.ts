import * as schema from '@app/db/schema';
import { createOrganization } from '@app/db/testing';
import { startCountingListener } from '@app/testing/counting-listener';
import { startOidcProvider } from '@app/testing/oidc-provider';
import { afterAll, describe, expect, it } from 'vitest';
import { useAdminTestApp } from '../../../../testing/admin';
import { startSso } from '../../../../testing/sso';

/**
 * Issue 26, items 3 and 4 (D35, decision 040): an OpenID issuer is an address the server fetches, the anonymous
 * start included. `counting` stands for an internal service nobody named (Redis, the workers' metrics): it must never
 * get a connection. A closed port and a port that accepts and says nothing are named, to prove they answer alike.
 */
const REDIRECT_URI = 'http://localhost:3000/api/auth/sso/callback';
const provider = await startOidcProvider({
  clients: [{ clientId: 'app', clientSecret: 'first secret', redirectUris: [REDIRECT_URI] }],
  accounts: [{ email: 'ann@moved.example' }],
});
const counting = startCountingListener();
const silent = startCountingListener();
const refusing = (() => {
  const listener = Bun.listen({ hostname: '127.0.0.1', port: 0, socket: { data() {} } });
  const { port } = listener;
  listener.stop(true);
  return port;
})();
afterAll(async () => {
  counting.stop();
  silent.stop();
  await provider.close();
});
const providerByName = provider.host.replace('127.0.0.1', 'localhost');
const { t, as, admin } = useAdminTestApp({
  env: {
    OUTBOUND_ALLOW_HOSTS: [provider.host, providerByName, `127.0.0.1:${refusing}`, `127.0.0.1:${silent.port}`].join(
      ',',
    ),
  },
});
const refusal = (location: string) => new URL(location, 'http://localhost:3000').searchParams.get('reason');
const ssoPath = (id: number) => `/api/admin/organizations/${id}/sso`;

/** Settings stored as they were when the address was still acceptable (DNS changes; a row from before D35). */
async function storedIssuer(issuer: string) {
  const org = await createOrganization(t.db, { name: `Org ${crypto.randomUUID().slice(0, 8)}` });
  const domain = `d${org.id}.example`;
  await t.db.insert(schema.organizationSso).values({
    organizationId: org.id,
    issuer,
    clientId: 'app',
    clientSecret: t.deps.secretBox!.seal('some secret', `organization-sso:${org.id}`),
    allowAccountCreation: false,
  });
  await t.db.insert(schema.organizationSsoDomains).values({ domain, organizationId: org.id });
  return { id: org.id, domain };
}

describe('an OpenID issuer (item 3)', () => {
  it('is refused at save in every spelling of loopback: 422 naming issuer, no connection', async () => {
    const org = await createOrganization(t.db, { name: 'Loopback Issuer' });
    const spellings = [...counting.spellings(), `http://127.1:${counting.port}`, `http://[::1]:${counting.port}`];
    for (const issuer of spellings.map((url) => url.replace(/\/x$/, ''))) {
      const body = { issuer, clientId: 'app', clientSecret: 's', domains: ['loop.example'] };
      const response = await as(admin).send('PUT', ssoPath(org.id), body);
      expect(response.status, issuer).toBe(422);
      const { issues } = (await response.json()) as { issues: { path: string; message: string }[] };
      expect(issues.map((issue) => issue.path)).toEqual(['issuer']);
    }
    expect(counting.connections()).toBe(0);
  });

  it('stored before, is never fetched: "Test sign-in" and the anonymous start say one thing, no connection', async () => {
    const inside = await storedIssuer(`https://localhost:${counting.port}`);
    const test = await (await as(admin).send('POST', `${ssoPath(inside.id)}/test`)).json();
    expect(test).toEqual({
      ok: false,
      message: `The provider could not be reached at https://localhost:${counting.port} (it must be a public https address, or a host:port the operator named in OUTBOUND_ALLOW_HOSTS)`,
    });
    const starts = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.get(`/api/auth/sso/start?organizationId=${inside.id}`, { 'x-forwarded-for': `10.1.2.${i}` }),
      ),
    );
    for (const start of starts) {
      expect(start.status).toBe(302);
      expect(refusal(start.headers.get('location') ?? '')).toBe('provider_unavailable');
    }
    expect(counting.connections()).toBe(0);
  });

  it('a closed port and an open one that is no provider fail with the same message', async () => {
    const closed = await storedIssuer(`http://127.0.0.1:${refusing}`);
    const open = await storedIssuer(`http://127.0.0.1:${silent.port}`);
    const messageOf = async (org: { id: number }, issuer: string) =>
      ((await (await as(admin).send('POST', `${ssoPath(org.id)}/test`)).json()) as { message: string }).message.replace(
        issuer,
        'ISSUER',
      );
    const [a, b] = await Promise.all([
      messageOf(closed, `http://127.0.0.1:${refusing}`),
      messageOf(open, `http://127.0.0.1:${silent.port}`),
    ]);
    expect(a).toBe(b);
    expect(silent.connections()).toBeGreaterThan(0);
    const [startClosed, startOpen] = await Promise.all([
      startSso(t, `email=x%40${closed.domain}`, '10.3.3.3'),
      startSso(t, `email=x%40${open.domain}`, '10.3.3.4'),
    ]);
    expect(refusal(startClosed.location)).toBe('provider_unavailable');
    expect(refusal(startOpen.location)).toBe('provider_unavailable');
  });
});

describe('a client secret is bound to its issuer (item 4)', () => {
  it('a changed issuer needs the secret again; the same issuer keeps it', async () => {
    const org = await createOrganization(t.db, { name: 'Moving Issuer' });
    const body = { issuer: provider.issuer, clientId: 'app', clientSecret: 'first secret', domains: ['moved.example'] };
    expect((await as(admin).send('PUT', ssoPath(org.id), body)).status).toBe(200);
    // The same issuer: an empty secret keeps the stored one.
    expect((await as(admin).send('PUT', ssoPath(org.id), { ...body, clientSecret: '' })).status).toBe(200);
    // Another issuer (here the same provider by another name): refused until the secret is entered again.
    const moved = { ...body, issuer: `http://${providerByName}`, clientSecret: '' };
    const refused = await as(admin).send('PUT', ssoPath(org.id), moved);
    expect(refused.status).toBe(422);
    expect((await refused.json()).issues).toEqual([
      {
        path: 'clientSecret',
        message: 'Client secret is required: the issuer changed, so enter the secret again to send it there',
      },
    ]);
    expect((await (await as(admin).get(ssoPath(org.id))).json()).issuer).toBe(provider.issuer);
    expect((await as(admin).send('PUT', ssoPath(org.id), { ...moved, clientSecret: 'first secret' })).status).toBe(200);
  });
});
