import {
  type EmbedStandIns,
  readStandInEmbedToken,
  standInProviderConfig,
  startEmbedStandIns,
} from '@app/testing/embed-stand-ins';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { Clock } from '../../../lib/clock';
import { embedProviders, type OpenConnection, type ProviderDeps, ProviderError } from './index';

let standIns: EmbedStandIns;
let nextId = 1000;
const now = { value: Date.now() };
const clock: Clock = { now: () => new Date(now.value) };

const deps = (overrides: Partial<ProviderDeps['config']> = {}): ProviderDeps => ({
  config: standInProviderConfig(standIns, overrides),
  clock,
});

/** A connection of its own for each test (tokens are cached per connection). */
const connection = (overrides: Partial<Extract<OpenConnection, { provider: 'powerbi' }>> = {}) => ({
  id: nextId++,
  provider: 'powerbi' as const,
  updatedAt: new Date('2026-11-23T10:00:00Z'),
  tenantId: standIns.credentials.powerbi.tenantId,
  clientId: standIns.credentials.powerbi.clientId,
  clientSecret: standIns.credentials.powerbi.clientSecret,
  ...overrides,
});
const target = () => ({
  provider: 'powerbi' as const,
  workspaceId: standIns.credentials.powerbi.workspaceId,
  reportId: standIns.credentials.powerbi.reportId,
});
const identity = (scope: { roles: string[]; username?: string; customData?: string } = { roles: ['Customer'] }) => ({
  provider: 'powerbi' as const,
  email: 'ada@acme.test',
  scope,
});

const failure = async (promise: Promise<unknown>): Promise<ProviderError> => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
};

standIns = await startEmbedStandIns();
afterAll(() => standIns.stop());
beforeEach(() => {
  standIns.reset();
  now.value = Date.now();
});

describe('Power BI: minting an embed token (app owns data)', () => {
  it('asks Entra by client credentials, reads the report, and generates a V2 token with the identity', async () => {
    const c = connection();
    const minted = await embedProviders.mint(
      deps(),
      c,
      target(),
      identity({ roles: ['Customer'], customData: 'acme' }),
    );

    const [entra] = standIns.requestsTo('entra-token');
    expect(entra?.path).toBe(`/entra/${c.tenantId}/oauth2/v2.0/token`);
    expect(entra?.headers['content-type']).toContain('application/x-www-form-urlencoded');
    expect(entra?.body).toEqual({
      grant_type: 'client_credentials',
      client_id: c.clientId,
      client_secret: c.clientSecret,
      scope: 'https://analysis.windows.net/powerbi/api/.default',
    });
    const [report] = standIns.requestsTo('powerbi-report');
    const { workspaceId, reportId, datasetId } = standIns.credentials.powerbi;
    expect(report?.path).toBe(`/powerbi/v1.0/myorg/groups/${workspaceId}/reports/${reportId}`);
    expect(report?.headers.authorization).toMatch(/^Bearer entra-standin\./);
    const [generate] = standIns.requestsTo('powerbi-generate-token');
    expect(generate?.headers.authorization).toBe(report?.headers.authorization);
    expect(generate?.body).toEqual({
      datasets: [{ id: datasetId }],
      reports: [{ id: reportId }],
      targetWorkspaces: [{ id: workspaceId }],
      identities: [{ username: 'ada@acme.test', roles: ['Customer'], datasets: [datasetId], customData: 'acme' }],
      lifetimeInMinutes: 10,
    });

    expect(minted).toMatchObject({ mode: 'powerbi', reportId, tokenType: 'Embed' });
    if (minted.mode !== 'powerbi') throw new Error('not a Power BI token');
    expect(minted.embedUrl).toContain(`${standIns.embedPageUrl}?reportId=${reportId}&groupId=${workspaceId}`);
    expect(minted.expiresAt.getTime()).toBe(new Date(standIns.embedTokens[0]?.expiration ?? 0).getTime());
    expect(readStandInEmbedToken(minted.accessToken)?.identities).toEqual([
      { username: 'ada@acme.test', roles: ['Customer'], datasets: [datasetId], customData: 'acme' },
    ]);
  });

  it("sends the scope's username instead of the e-mail, and no identity at all without roles", async () => {
    const c = connection();
    await embedProviders.mint(deps(), c, target(), identity({ roles: ['Region'], username: 'acme-corp' }));
    await embedProviders.mint(deps({ EMBED_TOKEN_MINUTES: 3 }), c, target(), identity({ roles: [] }));
    const [withRoles, withoutRoles] = standIns.requestsTo('powerbi-generate-token').map((r) => r.body) as Array<
      Record<string, unknown>
    >;
    expect(withRoles?.identities).toEqual([
      { username: 'acme-corp', roles: ['Region'], datasets: [standIns.credentials.powerbi.datasetId] },
    ]);
    expect(withoutRoles).not.toHaveProperty('identities');
    expect(withoutRoles?.lifetimeInMinutes).toBe(3);
  });

  it('caches the Entra token per connection: one request for many mints, parallel ones included', async () => {
    const c = connection();
    await embedProviders.mint(deps(), c, target(), identity());
    await embedProviders.mint(deps(), c, target(), identity());
    expect(standIns.requestsTo('entra-token')).toHaveLength(1);
    // The report is cached too (a minute); GenerateToken is asked every time.
    expect(standIns.requestsTo('powerbi-report')).toHaveLength(1);
    expect(standIns.requestsTo('powerbi-generate-token')).toHaveLength(2);

    standIns.reset();
    standIns.configure({ latencyMs: 50 });
    const fresh = connection();
    const minted = await Promise.all(
      Array.from({ length: 8 }, () => embedProviders.mint(deps(), fresh, target(), identity())),
    );
    expect(standIns.requestsTo('entra-token')).toHaveLength(1);
    expect(new Set(minted.map((m) => (m.mode === 'powerbi' ? m.accessToken : '')))).toHaveProperty('size', 8);
  });

  it('asks for a new Entra token when the connection was edited, and shortly before the old one expires', async () => {
    const c = connection();
    await embedProviders.mint(deps(), c, target(), identity());
    await embedProviders.mint(deps(), { ...c, updatedAt: new Date('2026-11-23T11:00:00Z') }, target(), identity());
    expect(standIns.requestsTo('entra-token')).toHaveLength(2);

    standIns.reset();
    const edited = { ...c, updatedAt: new Date('2026-11-23T11:00:00Z') };
    now.value += 54 * 60_000; // Entra's token lives 3599 s: still good 6 minutes before its end.
    await embedProviders.mint(deps(), edited, target(), identity());
    expect(standIns.requestsTo('entra-token')).toHaveLength(0);
    now.value += 2 * 60_000; // 4 minutes before: renewed.
    await embedProviders.mint(deps(), edited, target(), identity());
    expect(standIns.requestsTo('entra-token')).toHaveLength(1);
  });

  it('renews a short-lived Entra token at half its lifetime', async () => {
    standIns.configure({ entraTokenLifetimeSeconds: 60 });
    const c = connection();
    await embedProviders.mint(deps(), c, target(), identity());
    now.value += 29_000;
    await embedProviders.mint(deps(), c, target(), identity());
    expect(standIns.requestsTo('entra-token')).toHaveLength(1);
    now.value += 2_000;
    await embedProviders.mint(deps(), c, target(), identity());
    expect(standIns.requestsTo('entra-token')).toHaveLength(2);
  });

  it('does not cache a failed Entra request: the next mint asks again', async () => {
    const c = connection();
    standIns.fail('entra-token', { status: 503, times: 1 });
    expect((await failure(embedProviders.mint(deps(), c, target(), identity()))).kind).toBe('unavailable');
    await embedProviders.mint(deps(), c, target(), identity());
    expect(standIns.requestsTo('entra-token')).toHaveLength(2);
  });

  it('asks Entra again after Power BI refused its token (revoked, or rights changed)', async () => {
    const c = connection();
    await embedProviders.mint(deps(), c, target(), identity());
    standIns.fail('powerbi-generate-token', { status: 401, times: 1 });
    expect((await failure(embedProviders.mint(deps(), c, target(), identity()))).kind).toBe('unauthorized');
    await embedProviders.mint(deps(), c, target(), identity());
    expect(standIns.requestsTo('entra-token')).toHaveLength(2);
  });

  it('takes the expiry GenerateToken gives (short lifetimes for renewal tests)', async () => {
    standIns.configure({ tokenLifetimeSeconds: 30 });
    const before = Date.now();
    const minted = await embedProviders.mint(deps(), connection(), target(), identity());
    expect(minted.expiresAt.getTime() - before).toBeGreaterThan(25_000);
    expect(minted.expiresAt.getTime() - before).toBeLessThanOrEqual(31_000);
  });
});

describe('Power BI: faults become ProviderErrors an admin can act on, never with the secret', () => {
  it("a wrong client secret: unauthorized, with Entra's AADSTS code and no trace ids", async () => {
    const c = connection({ clientSecret: 'wrong-secret-value-123' });
    const error = await failure(embedProviders.mint(deps(), c, target(), identity()));
    expect(error.kind).toBe('unauthorized');
    expect(error.message).toContain('AADSTS7000215');
    expect(error.message).not.toContain('Trace ID');
    expect(error.message).not.toContain('wrong-secret-value-123');
  });

  it('a wrong tenant or client id: unauthorized with the code', async () => {
    const tenant = await failure(
      embedProviders.mint(deps(), connection({ tenantId: crypto.randomUUID() }), target(), identity()),
    );
    expect([tenant.kind, tenant.message]).toEqual(['unauthorized', expect.stringContaining('AADSTS90002')]);
    const client = await failure(
      embedProviders.mint(deps(), connection({ clientId: crypto.randomUUID() }), target(), identity()),
    );
    expect(client.message).toContain('AADSTS700016');
  });

  it('a report that does not exist: not-found, naming it', async () => {
    const missing = crypto.randomUUID();
    const error = await failure(
      embedProviders.mint(deps(), connection(), { ...target(), reportId: missing }, identity()),
    );
    expect(error.kind).toBe('not-found');
    expect(error.message).toContain(missing);
    expect(error.message).toContain('PowerBIEntityNotFound');
  });

  it("Power BI's 401 and 403: unauthorized, with a hint about the tenant setting and the workspace", async () => {
    standIns.fail('powerbi-generate-token', { status: 403, body: { error: { code: 'Unauthorized' } } });
    const error = await failure(embedProviders.mint(deps(), connection(), target(), identity()));
    expect(error.kind).toBe('unauthorized');
    expect(error.message).toMatch(/HTTP 403 \(Unauthorized\).*member of the workspace/);
  });

  it("GenerateToken's 400 (an RLS dataset without an identity): unauthorized, with our hint, not Power BI's words", async () => {
    const rls = standIns.addReport({ reportId: crypto.randomUUID(), rlsRoles: ['Customer'] });
    const rlsTarget = { provider: 'powerbi' as const, workspaceId: rls.workspaceId, reportId: rls.reportId };
    const error = await failure(embedProviders.mint(deps(), connection(), rlsTarget, identity({ roles: [] })));
    expect(error.kind).toBe('unauthorized');
    expect(error.message).toContain('row-level security');
    expect(error.message).not.toContain('requires effective identity');
    await expect(embedProviders.mint(deps(), connection(), rlsTarget, identity())).resolves.toHaveProperty(
      'mode',
      'powerbi',
    );
  });

  it('5xx, a dropped connection, an unreadable answer and a closed port: unavailable', async () => {
    standIns.fail('powerbi-report', { status: 500, times: 1 });
    expect((await failure(embedProviders.mint(deps(), connection(), target(), identity()))).kind).toBe('unavailable');
    standIns.fail('entra-token', { close: true, times: 1 });
    expect((await failure(embedProviders.mint(deps(), connection(), target(), identity()))).kind).toBe('unavailable');
    standIns.fail('powerbi-generate-token', { status: 200, body: '<html>maintenance</html>', times: 1 });
    expect((await failure(embedProviders.mint(deps(), connection(), target(), identity()))).kind).toBe('unavailable');
    const closed = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: () => new Response('') });
    const port = closed.port;
    await closed.stop(true);
    const error = await failure(
      embedProviders.mint(
        deps({ POWERBI_AUTHORITY_URL: `http://127.0.0.1:${port}`, OUTBOUND_ALLOW_HOSTS: [`127.0.0.1:${port}`] }),
        connection(),
        target(),
        identity(),
      ),
    );
    // Said as any failed connection is (decision 040): a closed port and an open one look alike.
    expect([error.kind, error.message]).toEqual(['unavailable', `Entra ID cannot be reached at 127.0.0.1:${port}`]);
  });

  it('a provider slower than EMBED_PROVIDER_TIMEOUT_MS: timeout', async () => {
    standIns.fail('powerbi-generate-token', { delayMs: 500 });
    const started = Date.now();
    const error = await failure(
      embedProviders.mint(deps({ EMBED_PROVIDER_TIMEOUT_MS: 150 }), connection(), target(), identity()),
    );
    expect(error.kind).toBe('timeout');
    expect(error.message).toContain('150 ms');
    expect(Date.now() - started).toBeLessThan(450);
  });

  it('never repeats the secret, even when the provider echoes it', async () => {
    const c = connection();
    standIns.fail('entra-token', {
      status: 401,
      body: { error: 'invalid_client', error_description: `AADSTS7000215: Invalid client secret ${c.clientSecret}` },
    });
    const error = await failure(embedProviders.mint(deps(), c, target(), identity()));
    expect(error.message).toContain('AADSTS7000215');
    expect(error.message).not.toContain(c.clientSecret);
  });
});

describe('Power BI: testing a connection and checking a report', () => {
  it('lists the workspaces the service principal sees', async () => {
    const result = await embedProviders.test(deps(), connection(), { email: 'admin@lucid.test' });
    expect(result).toEqual({
      ok: true,
      message: expect.stringMatching(/^Connected to Power BI: .* sees \d+ workspace/),
    });
    expect(standIns.requestsTo('powerbi-groups')[0]?.path).toBe('/powerbi/v1.0/myorg/groups?$top=100');
  });

  it('says what Entra said when the credentials are wrong, without throwing', async () => {
    const result = await embedProviders.test(deps(), connection({ clientSecret: 'nope-nope' }), { email: 'a@b.test' });
    expect(result.ok).toBe(false);
    expect(result.message).toContain('AADSTS7000215');
  });

  it('checkTarget: null for a report that exists, the reason for one that does not (never from the cache)', async () => {
    const c = connection();
    expect(await embedProviders.checkTarget(deps(), c, target())).toBeNull();
    expect(await embedProviders.checkTarget(deps(), c, { ...target(), reportId: crypto.randomUUID() })).toMatch(
      /no report/,
    );
    expect(standIns.requestsTo('powerbi-report')).toHaveLength(2);
  });

  it('describeIdentity: what GenerateToken receives, no secret', () => {
    expect(embedProviders.describeIdentity(identity({ roles: ['Customer'], customData: 'x' }))).toEqual({
      username: 'ada@acme.test',
      roles: ['Customer'],
      customData: 'x',
    });
    expect(embedProviders.describeIdentity(identity({ roles: [] }))).toEqual({ effectiveIdentity: null, roles: [] });
  });
});
