import { SignJWT } from 'jose';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { readStandInEmbedToken, startEmbedStandIns } from './embed-stand-ins';

const standIns = await startEmbedStandIns({ rlsRoles: ['Customer'] });
afterAll(() => standIns.stop());
beforeEach(() => standIns.reset());

const { tenantId, clientId, clientSecret, workspaceId, reportId, datasetId } = standIns.credentials.powerbi;
const SCOPE = 'https://analysis.windows.net/powerbi/api/.default';

const entra = (fields: Record<string, string>, tenant = tenantId) =>
  fetch(`${standIns.powerbi.authorityUrl}/${tenant}/oauth2/v2.0/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  });
const good = { grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret, scope: SCOPE };
const bearer = async () => `Bearer ${((await (await entra(good)).json()) as { access_token: string }).access_token}`;
const generate = async (body: unknown, authorization?: string) =>
  fetch(`${standIns.powerbi.apiUrl}/v1.0/myorg/GenerateToken`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: authorization ?? (await bearer()) },
    body: JSON.stringify(body),
  });
const identity = { username: 'ada@acme.test', roles: ['Customer'], datasets: [datasetId] };
const v2 = { datasets: [{ id: datasetId }], reports: [{ id: reportId }], identities: [identity] };

describe('the Entra stand-in checks the client credentials grant', () => {
  it('answers a token for the right credentials, and Entra errors with AADSTS codes otherwise', async () => {
    const ok = await entra(good);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ token_type: 'Bearer', expires_in: 3599, access_token: expect.any(String) });
    const cases: Array<[Record<string, string>, number, string]> = [
      [{ ...good, client_secret: 'wrong' }, 401, 'AADSTS7000215'],
      [{ ...good, client_id: crypto.randomUUID() }, 400, 'AADSTS700016'],
      [{ ...good, grant_type: 'password' }, 400, 'AADSTS70003'],
      [{ ...good, scope: 'https://graph.microsoft.com/.default' }, 400, 'AADSTS1002012'],
    ];
    for (const [fields, status, code] of cases) {
      const answer = await entra(fields);
      expect(answer.status).toBe(status);
      expect(((await answer.json()) as { error_description: string }).error_description).toContain(code);
    }
    expect((await entra(good, crypto.randomUUID())).status).toBe(400);
    expect(standIns.requestsTo('entra-token')).toHaveLength(6);
  });
});

describe('the Power BI stand-in checks the bearer token and the GenerateToken body', () => {
  it('refuses a missing or unknown bearer token', async () => {
    const report = `${standIns.powerbi.apiUrl}/v1.0/myorg/groups/${workspaceId}/reports/${reportId}`;
    expect((await fetch(report)).status).toBe(401);
    expect((await fetch(report, { headers: { authorization: 'Bearer forged' } })).status).toBe(401);
    const found = await fetch(report, { headers: { authorization: await bearer() } });
    expect(await found.json()).toMatchObject({ id: reportId, datasetId, reportType: 'PowerBIReport' });
    const missing = await fetch(report.replace(reportId, crypto.randomUUID()), {
      headers: { authorization: await bearer() },
    });
    expect([missing.status, await missing.json()]).toEqual([
      404,
      { error: expect.objectContaining({ code: 'PowerBIEntityNotFound' }) },
    ]);
  });

  it('issues a token that encodes the identity it was generated for', async () => {
    const answer = await generate({ ...v2, lifetimeInMinutes: 5 });
    const { token, expiration } = (await answer.json()) as { token: string; expiration: string };
    expect(readStandInEmbedToken(token)).toMatchObject({ reports: [reportId], identities: [identity], expiration });
    expect(new Date(expiration).getTime() - Date.now()).toBeGreaterThan(4 * 60_000);
    expect(standIns.embedTokens).toHaveLength(1);
  });

  it("refuses bodies that do not follow the V2 shape, and an RLS dataset's token without an identity", async () => {
    const bodies: unknown[] = [
      'not json',
      { datasets: [{ id: datasetId }] },
      { ...v2, reports: [{ name: 'x' }] },
      { ...v2, datasets: [] },
      { ...v2, identities: [{ ...identity, username: '' }] },
      { ...v2, identities: [{ ...identity, datasets: [crypto.randomUUID()] }] },
      { ...v2, identities: [{ ...identity, roles: ['Admin'] }] },
      { datasets: v2.datasets, reports: v2.reports },
      { ...v2, lifetimeInMinutes: 0 },
    ];
    for (const body of bodies) expect((await generate(body)).status, JSON.stringify(body)).toBe(400);
  });
});

describe('the Tableau and Metabase stand-ins verify the JWTs with the secret', () => {
  const { siteName, clientId: appId, secretId, secretValue } = standIns.credentials.tableau;
  const jwt = (secret = secretValue, jti = crypto.randomUUID(), scope = 'tableau:content:read') =>
    new SignJWT({ scp: [scope] })
      .setProtectedHeader({ alg: 'HS256', kid: secretId, iss: appId })
      .setIssuer(appId)
      .setAudience('tableau')
      .setSubject('a@b.test')
      .setJti(jti)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode(secret));
  const signin = async (token: string) =>
    fetch(`${standIns.tableauSiteUrl}/api/3.22/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ credentials: { jwt: token, site: { contentUrl: siteName } } }),
    });

  it('Tableau: signs in with a valid token once, refuses another secret and a reused jti', async () => {
    const token = await jwt();
    expect((await signin(token)).status).toBe(200);
    const reused = await signin(token);
    expect([reused.status, await reused.json()]).toEqual([401, { error: expect.objectContaining({ code: '401001' }) }]);
    expect((await signin(await jwt('another-secret'))).status).toBe(401);
  });

  it("Tableau in a browser: the Embedding API's sign-in (CORS, cookie), then the view shows the token's attributes", async () => {
    const viewUrl = standIns.credentials.tableau.viewUrl;
    const embedSignin = `${new URL(viewUrl).origin}/vizportal/api/web/v1/auth/embed/signin`;
    const preflight = await fetch(embedSignin, { method: 'OPTIONS', headers: { origin: 'http://127.0.0.1:1' } });
    expect(preflight.headers.get('access-control-allow-credentials')).toBe('true');
    const token = await new SignJWT({ scp: ['tableau:views:embed'], Region: 'West', 'https://tableau.com/oda': 'true' })
      .setProtectedHeader({ alg: 'HS256', kid: secretId, iss: appId })
      .setIssuer(appId)
      .setAudience('tableau')
      .setSubject('ada@acme.test')
      .setJti(crypto.randomUUID())
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode(secretValue));
    const signedIn = await fetch(embedSignin, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://127.0.0.1:1' },
      body: JSON.stringify({ siteName, jwt: token }),
    });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:1');
    const cookie = (signedIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    expect((await fetch(viewUrl)).status).toBe(401);
    const page = await (await fetch(viewUrl, { headers: { cookie } })).text();
    expect(page).toContain(
      '{&#34;sub&#34;:&#34;ada@acme.test&#34;,&#34;attributes&#34;:{&#34;Region&#34;:&#34;West&#34;}}',
    );
    // <tableau-viz iframe-auth>: the token in the frame's address, then a redirect to the view.
    const target = new URL(viewUrl);
    const framed = await fetch(
      `${target.origin}/vizportal/api/web/v1/auth/embed/target?${new URLSearchParams({ token: await jwt(secretValue, crypto.randomUUID(), 'tableau:views:embed'), target: `${target.pathname}?:embed=y` })}`,
      { redirect: 'manual' },
    );
    expect([framed.status, framed.headers.get('location')]).toEqual([302, `${target.pathname}?:embed=y`]);
    const framedCookie = (framed.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    expect(await (await fetch(viewUrl, { headers: { cookie: framedCookie } })).text()).toContain('a@b.test');
    // A token for content (the REST sign-in's) does not open views.
    const rest = await fetch(embedSignin, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ siteName, jwt: await jwt() }),
    });
    expect(rest.status).toBe(401);
  });

  it('Metabase: opens a token signed with the key, refuses another key', async () => {
    const sign = (key: string) =>
      new SignJWT({ resource: { dashboard: 1 }, params: {} })
        .setProtectedHeader({ alg: 'HS256' })
        .setExpirationTime('5m')
        .sign(new TextEncoder().encode(key));
    const site = standIns.metabaseSiteUrl;
    expect(
      (await fetch(`${site}/api/embed/dashboard/${await sign(standIns.credentials.metabase.secretKey)}`)).status,
    ).toBe(200);
    const wrong = await fetch(`${site}/api/embed/dashboard/${await sign('another-key')}`);
    expect([wrong.status, await wrong.text()]).toEqual([400, 'Message seems corrupt or manipulated.']);
  });
});

describe('knobs', () => {
  it('fails an endpoint for a number of requests, adds latency, serves the embed page given', async () => {
    standIns.fail('metabase-health', { status: 503, times: 1 });
    expect((await fetch(`${standIns.metabaseSiteUrl}/api/health`)).status).toBe(503);
    expect((await fetch(`${standIns.metabaseSiteUrl}/api/health`)).status).toBe(200);
    standIns.configure({ latencyMs: 120 });
    const started = Date.now();
    await fetch(`${standIns.metabaseSiteUrl}/api/health`);
    expect(Date.now() - started).toBeGreaterThanOrEqual(110);
    standIns.setEmbedPage('<p id="sdk-page">hello</p>');
    expect(await (await fetch(`${standIns.embedPageUrl}?reportId=x`)).text()).toContain('sdk-page');
    expect(standIns.requests.map((r) => r.endpoint)).toEqual([
      'metabase-health',
      'metabase-health',
      'metabase-health',
      'powerbi-embed-page',
    ]);
  });
});
