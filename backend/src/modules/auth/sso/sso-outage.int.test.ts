import { addMembership, createOrganization, createUser } from '@app/db/testing';
import { startOidcProvider } from '@app/testing/oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useAdminTestApp } from '../../../../testing/admin';
import { atProvider, callbackSso, saveSso, startSso } from '../../../../testing/sso';

/**
 * A provider that is down is unreachable, not refusing (issue 26 item 12): the person reads "couldn't reach ... try
 * again in a few minutes" (`provider_unavailable`), not "turned the request down ... contact your IT team"
 * (`provider_error`), whether its load balancer answers 503 at discovery, at the token or the user-info endpoint, or
 * the provider sends the person back with OAuth's own `temporarily_unavailable` or `server_error`. A real refusal
 * still reads as one.
 */

const REDIRECT_URI = 'http://localhost:3000/api/auth/sso/callback';
const provider = await startOidcProvider({
  clients: [{ clientId: 'app-down', clientSecret: 'down secret', redirectUris: [REDIRECT_URI] }],
  accounts: [{ email: 'olga@outage.example' }],
});
afterAll(() => provider.close());

// On loopback: named as an operator names an internal identity provider (D35).
const { t, as, admin } = useAdminTestApp({ env: { OUTBOUND_ALLOW_HOSTS: provider.host } });
let organizationId: number;

beforeAll(async () => {
  const organization = await createOrganization(t.db, { name: 'Outage Org' });
  organizationId = organization.id;
  await saveSso(as(admin), organization.id, {
    issuer: provider.issuer,
    clientId: 'app-down',
    clientSecret: 'down secret',
    domains: ['outage.example'],
  });
  const user = await createUser(t.db, { email: 'olga@outage.example' });
  await addMembership(t.db, organization.id, user.id);
  provider.signInAs('olga@outage.example');
});

const reasonOf = (location: string) => new URL(location, 'http://localhost:3000').searchParams.get('reason');
const START = 'email=olga%40outage.example';

/** Signs in as far as the callback, with the provider down (503) on the paths given meanwhile. */
async function callbackWhileDown(path: RegExp) {
  const started = await startSso(t, START);
  const back = await atProvider(started.location);
  provider.outage(path);
  try {
    return await callbackSso(t, back, started.appCookies);
  } finally {
    provider.resume();
  }
}

/** The callback as the provider sends it when it answers the authorization request with an error. */
async function callbackWithError(error: string) {
  const started = await startSso(t, START);
  const state = new URL(started.location).searchParams.get('state')!;
  const back = `http://localhost:3000/api/auth/sso/callback?error=${error}&state=${encodeURIComponent(state)}&iss=${encodeURIComponent(provider.issuer)}`;
  return callbackSso(t, back, started.appCookies);
}

describe('single sign-on: a provider that is down is unreachable, not refusing', () => {
  it('at the start, when its discovery document answers 503', async () => {
    provider.outage(/^\/\.well-known\//);
    try {
      const start = await startSso(t, START);
      expect(start.response.status).toBe(302);
      expect(reasonOf(start.location)).toBe('provider_unavailable');
    } finally {
      provider.resume();
    }
  });

  it('at the callback, when its token endpoint answers 503', async () => {
    const done = await callbackWhileDown(/^\/token/);
    expect(reasonOf(done.location)).toBe('provider_unavailable');
    expect(done.cookies.get('session')).toBeUndefined();
  });

  it('at the callback, when its user-info endpoint answers 503', async () => {
    const done = await callbackWhileDown(/^\/me/);
    expect(reasonOf(done.location)).toBe('provider_unavailable');
  });

  it('when it sends the person back with temporarily_unavailable or server_error', async () => {
    expect(reasonOf((await callbackWithError('temporarily_unavailable')).location)).toBe('provider_unavailable');
    expect(reasonOf((await callbackWithError('server_error')).location)).toBe('provider_unavailable');
  });

  it('while a refusal of the provider still reads as one', async () => {
    expect(reasonOf((await callbackWithError('unauthorized_client')).location)).toBe('provider_error');
  });

  it('"Test sign-in" says it is unavailable, not that its document is wrong', async () => {
    provider.outage();
    try {
      const answer = await as(admin).send('POST', `/api/admin/organizations/${organizationId}/sso/test`);
      const body = await answer.json();
      expect(body.ok).toBe(false);
      // The one message of a provider that cannot be used (D35: what answered is never told apart), not a wrong document.
      expect(body.message).toContain('could not be reached');
      expect(body.message).not.toContain('discovery document');
    } finally {
      provider.resume();
    }
  });
});
