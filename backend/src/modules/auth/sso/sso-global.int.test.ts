import { createUser } from '@app/db/testing';
import { startOidcProvider } from '@app/testing/oidc-provider';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../testing/app';
import { atProvider, callbackSso } from '../../../../testing/sso';

const provider = await startOidcProvider({
  clients: [
    {
      clientId: 'portal',
      clientSecret: 'global secret',
      redirectUris: ['http://localhost:3000/api/auth/sso/callback'],
    },
  ],
  accounts: [{ email: 'member@anywhere.example' }, { email: 'stranger@anywhere.example' }],
});
afterAll(() => provider.close());

const t = useTestApp({
  env: {
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: 'portal',
    OIDC_CLIENT_SECRET: 'global secret',
    OUTBOUND_ALLOW_HOSTS: provider.host,
  },
});

const reasonOf = (location: string) => new URL(location, 'http://localhost:3000').searchParams.get('reason');

/** GET /api/login, then the provider, then the callback. */
async function viaApiLogin(query: string) {
  const start = await t.get(`/api/login${query}`);
  expect(start.status).toBe(302);
  const location = start.headers.get('location') ?? '';
  expect(location.startsWith(provider.issuer)).toBe(true);
  const jar = new Map(
    start.headers.getSetCookie().map((cookie) => cookie.split(';')[0]!.split('=') as [string, string]),
  );
  return callbackSso(t, await atProvider(location), jar);
}

describe('GET /api/login with OIDC_ISSUER set (D2)', () => {
  it('starts the provider and lets an existing active user in, back to the safe return path', async () => {
    await createUser(t.db, { email: 'member@anywhere.example' });
    provider.signInAs('member@anywhere.example');
    const done = await viaApiLogin('?redirect=%2Fclient%2Fdashboard%2F7');
    expect(done.location).toBe('/client/dashboard/7');
    const me = await t.get('/api/auth/user', { cookie: `session=${done.cookies.get('session')}` });
    expect((await me.json()).email).toBe('member@anywhere.example');
  });

  it('drops a return path of another site, and lets nobody in without an account', async () => {
    provider.signInAs('stranger@anywhere.example');
    const done = await viaApiLogin('?redirect=%2F%2Fevil.example%2F');
    expect(reasonOf(done.location)).toBe('no_account');
    expect(done.cookies.get('session')).toBeUndefined();
  });

  it('refuses a deactivated user', async () => {
    await createUser(t.db, { email: 'stranger@anywhere.example', isActive: false });
    provider.signInAs('stranger@anywhere.example');
    const done = await viaApiLogin('');
    expect(reasonOf(done.location)).toBe('deactivated');
  });
});
