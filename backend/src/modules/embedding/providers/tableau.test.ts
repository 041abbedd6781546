import { type EmbedStandIns, standInProviderConfig } from '@app/testing/embed-stand-ins';
import { decodeProtectedHeader, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { useEmbedStandIns } from '../../../../testing/embed';
import { embedProviders, isReservedTableauClaim, type ProviderDeps, TABLEAU_RESERVED_CLAIMS } from './index';

let standIns: EmbedStandIns;
const deps = (overrides: Partial<ProviderDeps['config']> = {}): ProviderDeps => ({
  config: standInProviderConfig(standIns, overrides),
  clock: { now: () => new Date() },
});
const connection = (overrides: { secretValue?: string; siteName?: string; siteUrl?: string } = {}) => ({
  id: 1,
  provider: 'tableau' as const,
  updatedAt: new Date(),
  siteUrl: standIns.tableauSiteUrl,
  siteName: standIns.credentials.tableau.siteName,
  clientId: standIns.credentials.tableau.clientId,
  secretId: standIns.credentials.tableau.secretId,
  secretValue: standIns.credentials.tableau.secretValue,
  ...overrides,
});
const target = () => ({ provider: 'tableau' as const, viewUrl: standIns.credentials.tableau.viewUrl });
const identity = (attributes: Record<string, string | string[]> = {}) => ({
  provider: 'tableau' as const,
  email: 'ada@acme.test',
  scope: { attributes },
});
const secret = () => new TextEncoder().encode(standIns.credentials.tableau.secretValue);

standIns = await useEmbedStandIns();

describe('Tableau: connected-app tokens (direct trust)', () => {
  it('signs an HS256 JWT with every claim Tableau asks for, verified with the secret', async () => {
    const before = Math.floor(Date.now() / 1000);
    const minted = await embedProviders.mint(
      deps(),
      connection(),
      target(),
      identity({ Region: 'West', Accounts: ['A-1', 'A-2'] }),
    );
    if (minted.mode !== 'tableau') throw new Error('not a Tableau token');
    expect(minted.src).toBe(standIns.credentials.tableau.viewUrl);
    const { clientId, secretId } = standIns.credentials.tableau;
    expect(decodeProtectedHeader(minted.token)).toEqual({ alg: 'HS256', typ: 'JWT', kid: secretId, iss: clientId });
    const { payload } = await jwtVerify(minted.token, secret(), {
      algorithms: ['HS256'],
      issuer: clientId,
      audience: 'tableau',
    });
    expect(payload).toMatchObject({
      sub: 'ada@acme.test',
      scp: ['tableau:views:embed'],
      Region: 'West',
      Accounts: ['A-1', 'A-2'],
      'https://tableau.com/oda': 'true',
    });
    expect(payload.jti).toMatch(/^[0-9a-f-]{36}$/);
    expect(payload.iat).toBeGreaterThanOrEqual(before);
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(600);
    expect(minted.expiresAt.getTime()).toBe((payload.exp ?? 0) * 1000);
    await expect(jwtVerify(minted.token, new TextEncoder().encode('another-secret-value'))).rejects.toThrow();
  });

  it("is accepted by the Embedding API's sign-in, and the view sees the person and the organization's attributes", async () => {
    const minted = await embedProviders.mint(deps(), connection(), target(), identity({ Region: 'West' }));
    if (minted.mode !== 'tableau') throw new Error('not a Tableau token');
    const signin = await fetch(`${new URL(minted.src).origin}/vizportal/api/web/v1/auth/embed/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ siteName: standIns.credentials.tableau.siteName, jwt: minted.token }),
    });
    expect(signin.status).toBe(200);
    const cookie = (signin.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const view = await (await fetch(minted.src, { headers: { cookie } })).text();
    expect(view).toContain('ada@acme.test');
    expect(view).toContain('{&#34;Region&#34;:&#34;West&#34;}');
  });

  it('gives each token its own jti, lives at most 10 minutes, and carries no attribute claim without attributes', async () => {
    const tokens = await Promise.all(
      [1, 2, 3].map(() => embedProviders.mint(deps({ EMBED_TOKEN_MINUTES: 60 }), connection(), target(), identity())),
    );
    const payloads = await Promise.all(
      tokens.map(async (t) => (await jwtVerify(t.mode === 'tableau' ? t.token : '', secret())).payload),
    );
    expect(new Set(payloads.map((p) => p.jti)).size).toBe(3);
    for (const p of payloads) {
      expect((p.exp ?? 0) - (p.iat ?? 0)).toBe(600);
      expect(p).not.toHaveProperty('https://tableau.com/oda');
    }
    const short = await embedProviders.mint(deps({ EMBED_TOKEN_MINUTES: 3 }), connection(), target(), identity());
    const { payload } = await jwtVerify(short.mode === 'tableau' ? short.token : '', secret());
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(180);
  });

  it('an attribute can never replace a standard claim', async () => {
    const hostile = Object.fromEntries(
      [...TABLEAU_RESERVED_CLAIMS, 'SUB', 'https://tableau.com/groups'].map((name) => [name, 'attacker']),
    );
    const minted = await embedProviders.mint(deps(), connection(), target(), identity({ ...hostile, Region: 'West' }));
    const token = minted.mode === 'tableau' ? minted.token : '';
    const { payload } = await jwtVerify(token, secret(), { audience: 'tableau' });
    expect(payload).toMatchObject({
      sub: 'ada@acme.test',
      aud: 'tableau',
      iss: standIns.credentials.tableau.clientId,
      scp: ['tableau:views:embed'],
      Region: 'West',
      'https://tableau.com/oda': 'true',
    });
    expect(Object.values(payload)).not.toContain('attacker');
    expect(decodeProtectedHeader(token).kid).toBe(standIns.credentials.tableau.secretId);
    expect(embedProviders.describeIdentity(identity({ ...hostile, Region: 'West' }))).toEqual({
      sub: 'ada@acme.test',
      attributes: { Region: 'West' },
    });
  });

  it('names the reserved claims for the link validation, whatever their case', () => {
    for (const name of ['sub', 'Aud', 'EXP', 'scp', 'jti', 'https://tableau.com/oda', 'https://tableau.com/x'])
      expect(isReservedTableauClaim(name)).toBe(true);
    for (const name of ['Region', 'subsidiary', 'audience', 'https://example.com/sub'])
      expect(isReservedTableauClaim(name)).toBe(false);
  });
});

describe('Tableau: testing a connection and checking a view', () => {
  it('signs in to the REST API with a content-read token for the admin, then signs out', async () => {
    const result = await embedProviders.test(deps(), connection(), { email: 'admin@lucid.test' });
    expect(result).toEqual({
      ok: true,
      message: `Connected to Tableau: signed in to site "${standIns.credentials.tableau.siteName}" as admin@lucid.test`,
    });
    const [signin] = standIns.requestsTo('tableau-signin');
    expect(signin?.path).toBe('/tableau/api/3.22/auth/signin');
    const body = signin?.body as { credentials: { jwt: string; site: { contentUrl: string } } };
    expect(body.credentials.site.contentUrl).toBe(standIns.credentials.tableau.siteName);
    const { payload } = await jwtVerify(body.credentials.jwt, secret());
    expect(payload).toMatchObject({ sub: 'admin@lucid.test', scp: ['tableau:content:read'] });
    const [signout] = standIns.requestsTo('tableau-signout');
    expect(signout?.headers['x-tableau-auth']).toMatch(/^tableau-session-/);
  });

  it("a wrong secret: not ok, with Tableau's error code (never its words), never the secret", async () => {
    const result = await embedProviders.test(deps(), connection({ secretValue: 'a-wrong-secret-value' }), {
      email: 'admin@lucid.test',
    });
    expect(result.ok).toBe(false);
    expect(result.message).toContain('HTTP 401 (401001)');
    expect(result.message).not.toContain('Signin Error');
    expect(result.message).not.toContain('a-wrong-secret-value');
    expect(standIns.requestsTo('tableau-signout')).toHaveLength(0);
  });

  it('a wrong site, Tableau down or slow: not ok, with the reason', async () => {
    const wrongSite = await embedProviders.test(deps(), connection({ siteName: 'nope' }), { email: 'a@b.test' });
    expect(wrongSite.message).toContain('refused the sign-in: HTTP 401');
    standIns.fail('tableau-signin', { status: 503 });
    expect((await embedProviders.test(deps(), connection(), { email: 'a@b.test' })).message).toContain('503');
    standIns.fail('tableau-signin', { delayMs: 400 });
    const slow = await embedProviders.test(deps({ EMBED_PROVIDER_TIMEOUT_MS: 100 }), connection(), {
      email: 'a@b.test',
    });
    expect(slow).toEqual({ ok: false, message: expect.stringContaining('did not answer within 100 ms') });
  });

  it("checkTarget: warns when the view is not on the connection's site", async () => {
    expect(await embedProviders.checkTarget(deps(), connection(), target())).toBeNull();
    expect(
      await embedProviders.checkTarget(deps(), connection(), {
        provider: 'tableau',
        viewUrl: 'https://elsewhere.example/t/analytics/views/Sales/Overview',
      }),
    ).toContain('not on the connection');
    expect(
      await embedProviders.checkTarget(deps(), connection(), {
        provider: 'tableau',
        viewUrl: `${standIns.tableauSiteUrl}/t/other/views/Sales/Overview`,
      }),
    ).toContain('does not name the site "analytics"');
  });
});
