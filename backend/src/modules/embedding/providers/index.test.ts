import { type EmbedStandIns, type StandInEndpoint, startEmbedStandIns } from '@app/testing/embed-stand-ins';
import { afterAll, describe, expect, it } from 'vitest';
import {
  type EmbedIdentity,
  type EmbedTarget,
  embedProviders,
  isProviderError,
  type OpenConnection,
  type ProviderDeps,
  ProviderError,
} from './index';

let standIns: EmbedStandIns;
let nextId = 5000;
const deps = (timeout = 2000): ProviderDeps => ({
  config: {
    POWERBI_AUTHORITY_URL: standIns.powerbi.authorityUrl,
    POWERBI_API_URL: standIns.powerbi.apiUrl,
    EMBED_TOKEN_MINUTES: 10,
    EMBED_PROVIDER_TIMEOUT_MS: timeout,
    OUTBOUND_ALLOW_HOSTS: [new URL(standIns.url).host],
  },
  clock: { now: () => new Date() },
});

standIns = await startEmbedStandIns();
afterAll(() => standIns.stop());

const { powerbi, tableau, metabase } = standIns.credentials;
const cases: Array<{
  connection: () => OpenConnection;
  target: EmbedTarget;
  identity: EmbedIdentity;
  secret: string;
  endpoints: StandInEndpoint[];
}> = [
  {
    connection: () => ({ id: nextId++, provider: 'powerbi', updatedAt: new Date(), ...powerbi }),
    target: { provider: 'powerbi', workspaceId: powerbi.workspaceId, reportId: powerbi.reportId },
    identity: { provider: 'powerbi', email: 'ada@acme.test', scope: { roles: ['Customer'] } },
    secret: powerbi.clientSecret,
    endpoints: ['entra-token', 'powerbi-report', 'powerbi-generate-token', 'powerbi-groups'],
  },
  {
    connection: () => ({
      id: nextId++,
      provider: 'tableau',
      updatedAt: new Date(),
      siteUrl: standIns.tableauSiteUrl,
      ...tableau,
    }),
    target: { provider: 'tableau', viewUrl: tableau.viewUrl },
    identity: { provider: 'tableau', email: 'ada@acme.test', scope: { attributes: { Region: 'West' } } },
    secret: tableau.secretValue,
    endpoints: ['tableau-signin'],
  },
  {
    connection: () => ({
      id: nextId++,
      provider: 'metabase',
      updatedAt: new Date(),
      siteUrl: standIns.metabaseSiteUrl,
      secretKey: metabase.secretKey,
    }),
    target: { provider: 'metabase', metabaseDashboardId: metabase.dashboardId },
    identity: { provider: 'metabase', email: 'ada@acme.test', scope: { params: { customer: 'acme' } } },
    secret: metabase.secretKey,
    endpoints: ['metabase-health', 'metabase-embed'],
  },
];

describe('embedProviders dispatches on the connection', () => {
  it('mints each mode with its own connection', async () => {
    const modes = await Promise.all(
      cases.map(async (c) => (await embedProviders.mint(deps(), c.connection(), c.target, c.identity)).mode),
    );
    expect(modes).toEqual(['powerbi', 'tableau', 'metabase']);
  });

  it('refuses a target or an identity of another provider than the connection, with a clear message', async () => {
    const [pbi, tab] = cases;
    if (!pbi || !tab) throw new Error('cases');
    const error = await embedProviders.mint(deps(), pbi.connection(), tab.target, tab.identity).catch((e) => e);
    expect(isProviderError(error)).toBe(true);
    expect(error.message).toBe(
      'The dashboard is set up for Tableau but its connection is a Power BI connection: choose a Tableau connection',
    );
    await expect(embedProviders.mint(deps(), pbi.connection(), pbi.target, tab.identity)).rejects.toBeInstanceOf(
      ProviderError,
    );
    expect(await embedProviders.checkTarget(deps(), tab.connection(), pbi.target)).toContain('set up for Power BI');
    expect(isProviderError(new Error('x'))).toBe(false);
  });
});

describe('no message of any provider fault carries a secret', () => {
  it('for every status, a dropped connection and a timeout, even when the provider echoes the secret', async () => {
    for (const c of cases) {
      for (const failure of [
        { status: 400 },
        { status: 401 },
        { status: 403 },
        { status: 404 },
        { status: 500 },
        { status: 503 },
        { close: true },
        { delayMs: 300 },
      ]) {
        for (const endpoint of c.endpoints) {
          const echo = `${failure.status ?? 0} ${c.secret}`;
          const body = endpoint.startsWith('metabase')
            ? echo
            : endpoint === 'entra-token'
              ? { error: 'invalid_client', error_description: echo }
              : { error: { code: echo, message: echo, summary: echo, detail: echo } };
          standIns.fail(endpoint, { ...failure, ...(failure.status ? { body } : {}) });
        }
        const connection = c.connection();
        const messages = [
          await embedProviders.mint(deps(150), connection, c.target, c.identity).then(
            () => '',
            (e: unknown) => (isProviderError(e) ? e.message : `not a ProviderError: ${String(e)}`),
          ),
        ];
        const tested = await embedProviders.test(deps(150), connection, { email: 'a@b.test', metabaseDashboardId: 1 });
        expect(tested.ok).toBe(false);
        messages.push(tested.message, (await embedProviders.checkTarget(deps(150), connection, c.target)) ?? '');
        // Only Power BI's mint calls the provider (Tableau's and Metabase's are signed here).
        if (c.connection().provider === 'powerbi') expect(messages[0]).not.toBe('');
        for (const message of messages) {
          expect(message).not.toContain(c.secret);
          expect(message).not.toContain('not a ProviderError');
        }
        for (const endpoint of c.endpoints) standIns.fail(endpoint, null);
      }
    }
  });
});
