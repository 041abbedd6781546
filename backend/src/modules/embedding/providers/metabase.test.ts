import { type EmbedStandIns, standInProviderConfig } from '@app/testing/embed-stand-ins';
import { jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { useEmbedStandIns } from '../../../../testing/embed';
import { embedProviders, type ProviderDeps } from './index';

let standIns: EmbedStandIns;
const deps = (overrides: Partial<ProviderDeps['config']> = {}): ProviderDeps => ({
  config: standInProviderConfig(standIns, overrides),
  clock: { now: () => new Date() },
});
const connection = (overrides: { secretKey?: string; siteUrl?: string } = {}) => ({
  id: 1,
  provider: 'metabase' as const,
  updatedAt: new Date(),
  siteUrl: `${standIns.metabaseSiteUrl}/`,
  secretKey: standIns.credentials.metabase.secretKey,
  ...overrides,
});
const target = (id = standIns.credentials.metabase.dashboardId) => ({
  provider: 'metabase' as const,
  metabaseDashboardId: id,
});
const identity = (params: Record<string, unknown>) => ({
  provider: 'metabase' as const,
  email: 'ada@acme.test',
  scope: { params: params as Record<string, string> },
});
const key = () => new TextEncoder().encode(standIns.credentials.metabase.secretKey);
const tokenOf = (iframeUrl: string) => /\/embed\/dashboard\/([^#]+)#/.exec(iframeUrl)?.[1] ?? '';

standIns = await useEmbedStandIns();

describe('Metabase: signed embedding', () => {
  it("signs the dashboard and the organization's locked parameters with the embedding key, for at most 10 minutes", async () => {
    const before = Math.floor(Date.now() / 1000);
    const minted = await embedProviders.mint(
      deps({ EMBED_TOKEN_MINUTES: 30 }),
      connection(),
      target(),
      identity({ customer_id: 42, region: ['West', 'North'], plan: 'gold' }),
    );
    if (minted.mode !== 'metabase') throw new Error('not a Metabase token');
    expect(minted.iframeUrl).toMatch(
      new RegExp(`^${standIns.metabaseSiteUrl}/embed/dashboard/[\\w-]+\\.[\\w-]+\\.[\\w-]+#bordered=true&titled=true$`),
    );
    const { payload, protectedHeader } = await jwtVerify(tokenOf(minted.iframeUrl), key(), { algorithms: ['HS256'] });
    expect(protectedHeader.alg).toBe('HS256');
    expect(payload).toEqual({
      resource: { dashboard: standIns.credentials.metabase.dashboardId },
      params: { customer_id: 42, region: ['West', 'North'], plan: 'gold' },
      iat: expect.any(Number),
      exp: expect.any(Number),
    });
    expect(payload.iat).toBeGreaterThanOrEqual(before);
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(600);
    expect(minted.expiresAt.getTime()).toBe((payload.exp ?? 0) * 1000);
    // Metabase itself opens it (the stand-in verifies with the same key).
    const page = await fetch(`${standIns.metabaseSiteUrl}/embed/dashboard/${tokenOf(minted.iframeUrl)}`);
    expect(await page.text()).toContain('{&#34;customer_id&#34;:42');
  });

  it('describeIdentity: the parameters, nothing else', () => {
    expect(embedProviders.describeIdentity(identity({ customer_id: 42 }))).toEqual({ params: { customer_id: 42 } });
  });
});

describe('Metabase: testing a connection and checking a dashboard', () => {
  it('checks the health, then proves the key on the dashboard', async () => {
    expect(await embedProviders.test(deps(), connection(), { email: 'a@b.test' })).toEqual({
      ok: true,
      message: expect.stringContaining('Connected to Metabase'),
    });
    expect(standIns.requestsTo('metabase-embed')).toHaveLength(0);
    const proved = await embedProviders.test(deps(), connection(), { email: 'a@b.test', metabaseDashboardId: 1 });
    expect(proved).toEqual({
      ok: true,
      message: 'Connected to Metabase: dashboard 1 accepts the embedding secret key',
    });
    expect(standIns.requestsTo('metabase-health')).toHaveLength(2);
    const [embed] = standIns.requestsTo('metabase-embed');
    const token = embed?.path.split('/').pop() ?? '';
    expect((await jwtVerify(token, key())).payload).toMatchObject({ resource: { dashboard: 1 }, params: {} });
  });

  it('a wrong key: Metabase refused the signature, never the key', async () => {
    const result = await embedProviders.test(deps(), connection({ secretKey: 'a-wrong-embedding-key' }), {
      email: 'a@b.test',
      metabaseDashboardId: 1,
    });
    expect(result).toEqual({
      ok: false,
      message: 'Metabase refused the signature: the embedding secret key is wrong',
    });
    expect(await embedProviders.checkTarget(deps(), connection({ secretKey: 'a-wrong-embedding-key' }), target())).toBe(
      'Metabase refused the signature: the embedding secret key is wrong',
    );
  });

  it('checkTarget: an unknown dashboard, one not enabled for embedding, one with locked parameters', async () => {
    expect(await embedProviders.checkTarget(deps(), connection(), target())).toBeNull();
    expect(await embedProviders.checkTarget(deps(), connection(), target(999))).toContain(
      'Metabase has no dashboard 999',
    );
    standIns.addMetabaseDashboard({ id: 7, name: 'Not published', enabled: false });
    expect(await embedProviders.checkTarget(deps(), connection(), target(7))).toContain('embedding is not enabled');
    standIns.addMetabaseDashboard({ id: 8, name: 'Per customer', lockedParams: ['customer_id'] });
    expect(await embedProviders.checkTarget(deps(), connection(), target(8))).toBeNull();
  });

  it("never shows what answered (issue 26, item 2): a site's page or metrics stay out of the message", async () => {
    const metrics = '# HELP process_cpu_seconds_total Total user and system CPU time\nprocess_cpu_seconds_total 12.5';
    for (const status of [200, 400, 404, 500]) {
      standIns.fail('metabase-health', { status, body: metrics, times: 1 });
      const { ok, message } = await embedProviders.test(deps(), connection(), { email: 'a@b.test' });
      expect(ok).toBe(false);
      expect(message).toMatch(new RegExp(`HTTP ${status}|did not say ok`));
      expect(message).not.toMatch(/process_cpu|HELP/);
    }
  });

  it('a site URL with ? or # still asks the health check at the site (the fragment never eats the path)', async () => {
    for (const suffix of ['#', '/#x', '?a=1#']) {
      standIns.reset();
      const result = await embedProviders.test(
        deps(),
        connection({ siteUrl: `${standIns.metabaseSiteUrl}${suffix}` }),
        {
          email: 'a@b.test',
        },
      );
      expect(result.ok).toBe(true);
      expect(standIns.requestsTo('metabase-health')).toHaveLength(1);
    }
  });

  it('Metabase down, starting, unreachable or slow: not ok, with the reason', async () => {
    standIns.fail('metabase-health', { status: 503, body: { status: 'initializing', progress: 0.4 }, times: 1 });
    expect(await embedProviders.test(deps(), connection(), { email: 'a@b.test' })).toEqual({
      ok: false,
      message: expect.stringContaining('still starting'),
    });
    // Not `times: 1`: fetch tries a GET again on a fresh connection when a kept-alive one is reset.
    standIns.fail('metabase-health', { close: true });
    expect((await embedProviders.test(deps(), connection(), { email: 'a@b.test' })).message).toContain(
      'cannot be reached',
    );
    standIns.fail('metabase-health', null);
    standIns.fail('metabase-embed', { delayMs: 400, times: 1 });
    expect(
      await embedProviders.checkTarget(deps({ EMBED_PROVIDER_TIMEOUT_MS: 100 }), connection(), target()),
    ).toContain('did not answer within 100 ms');
  });
});
