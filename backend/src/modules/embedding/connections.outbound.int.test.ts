import * as schema from '@app/db/schema';
import { startCountingListener } from '@app/testing/counting-listener';
import { startEmbedStandIns } from '@app/testing/embed-stand-ins';
import { eq } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { useAdminTestApp } from '../../../testing/admin';
import { addConnection, connectionBody, standInEnv } from '../../../testing/embed';

/**
 * Issue 26, items 2, 4 and 14 (D35, decision 040): a connection's site is an address the server fetches, so it must
 * be https and public unless the operator named it; its secret is bound to that site; a Power BI tenant may be a
 * verified domain. `counting` stands for an internal service nobody named: it must never get a connection.
 */
const standIns = await startEmbedStandIns();
const counting = startCountingListener();
afterAll(() => {
  standIns.stop();
  counting.stop();
});
const standInHost = new URL(standIns.url).host;
// The same stand-ins under a second name: another host as far as a secret is concerned.
const otherHost = standInHost.replace('127.0.0.1', 'localhost');
const env = standInEnv(standIns);
const { t, as, admin } = useAdminTestApp({
  env: { ...env, OUTBOUND_ALLOW_HOSTS: `${env.OUTBOUND_ALLOW_HOSTS},${otherHost}` },
});
beforeEach(() => standIns.reset());
const PATH = '/api/admin/embed-connections';
const { metabase, tableau, powerbi } = standIns.credentials;

describe("a connection's site URL (item 2)", () => {
  it('is refused at save in every spelling of loopback, 422 naming siteUrl, without a connection', async () => {
    for (const siteUrl of counting.spellings()) {
      for (const provider of ['metabase', 'tableau'] as const) {
        const body = { ...connectionBody(standIns, provider, `x ${crypto.randomUUID()}`), siteUrl };
        const response = await as(admin).send('POST', PATH, body);
        expect(response.status).toBe(422);
        const { issues } = (await response.json()) as { issues: { path: string; message: string }[] };
        expect(issues).toEqual([
          {
            path: 'siteUrl',
            message: siteUrl.startsWith('http:')
              ? 'Site URL must be an https address (http only for a host:port named in OUTBOUND_ALLOW_HOSTS)'
              : 'Site URL must be a public address (an internal host must be named in OUTBOUND_ALLOW_HOSTS by the operator)',
          },
        ]);
      }
    }
    expect(counting.connections()).toBe(0);
  });

  it('with a # or ? is refused (the fragment would swallow the appended /api/health)', async () => {
    for (const suffix of ['#', '/#x', '?next=/x']) {
      const body = connectionBody(standIns, 'metabase', `m ${crypto.randomUUID()}`);
      const response = await as(admin).send('POST', PATH, { ...body, siteUrl: `${standIns.metabaseSiteUrl}${suffix}` });
      expect(response.status).toBe(422);
      expect((await response.json()).issues[0]).toEqual({
        path: 'siteUrl',
        message: "Site URL must be the site's address, without ? or #",
      });
    }
  });

  it('is checked again at every request: a stored internal address is never asked, and the test says why', async () => {
    const id = await addConnection(t, standIns, 'metabase', { siteUrl: `https://localhost:${counting.port}/` });
    const response = await as(admin).send('POST', `${PATH}/${id}/test`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      ok: false,
      message: `Metabase cannot be used at localhost:${counting.port}: the address is not a public one (name internal hosts in OUTBOUND_ALLOW_HOSTS)`,
    });
    expect(counting.connections()).toBe(0);
  });

  it('"Test connection" never shows what answered', async () => {
    const metrics = '# HELP bullmq_jobs_waiting Jobs waiting\nbullmq_jobs_waiting{queue="emails"} 3';
    standIns.fail('metabase-health', { status: 500, body: metrics });
    const id = await addConnection(t, standIns, 'metabase');
    const { ok, message } = await (await as(admin).send('POST', `${PATH}/${id}/test`)).json();
    expect(ok).toBe(false);
    expect(message).toBe(`Metabase is not healthy at ${standInHost}: HTTP 500`);
  });
});

describe('a stored secret is bound to its site (item 4)', () => {
  const siteOf = async (id: number) =>
    (await t.db.select().from(schema.embedConnections).where(eq(schema.embedConnections.id, id)))[0]!.settings.siteUrl;

  it.each([
    ['metabase', 'secretKey', 'Embedding secret key', () => standIns.metabaseSiteUrl],
    ['tableau', 'secretValue', 'Secret value', () => standIns.tableauSiteUrl],
  ] as const)(
    '%s: another host needs the secret again; nothing is sent there before',
    async (provider, field, label, site) => {
      const created = await as(admin).send(
        'POST',
        PATH,
        connectionBody(standIns, provider, `${provider} ${crypto.randomUUID()}`),
      );
      expect(created.status).toBe(201);
      const { id } = await created.json();
      standIns.reset();
      const moved = site().replace(standInHost, otherHost);
      const body = { ...connectionBody(standIns, provider, `${provider} moved ${id}`), [field]: '', siteUrl: moved };
      const refused = await as(admin).send('PUT', `${PATH}/${id}`, body);
      expect(refused.status).toBe(422);
      expect((await refused.json()).issues).toEqual([
        { path: field, message: `${label} is required: the site URL changed: enter it again to send it there` },
      ]);
      // Nothing went to the new host (no automatic test with the stored secret), and the site is unchanged.
      expect(standIns.requests).toHaveLength(0);
      expect(await siteOf(id)).toBe(site());
      // Entered again: saved and tested at the new host.
      const secret = provider === 'metabase' ? metabase.secretKey : tableau.secretValue;
      const saved = await as(admin).send('PUT', `${PATH}/${id}`, { ...body, [field]: secret });
      expect(saved.status).toBe(200);
      expect((await saved.json()).test.ok).toBe(true);
      expect(standIns.requests.every((r) => r.headers.host === otherHost)).toBe(true);
      // A path on the same site is the same place: the stored secret stays.
      const samePlace = await as(admin).send('PUT', `${PATH}/${id}`, { ...body, siteUrl: `${moved}/` });
      expect(samePlace.status).toBe(200);
    },
  );
});

describe('a Power BI tenant as its verified domain (item 14)', () => {
  it('is accepted, and the Entra token URL uses it', async () => {
    const body = {
      ...connectionBody(standIns, 'powerbi', `pbi ${crypto.randomUUID()}`),
      tenantId: powerbi.tenantDomain,
    };
    const response = await as(admin).send('POST', PATH, body);
    expect(response.status).toBe(201);
    const saved = await response.json();
    expect(saved).toMatchObject({ tenantId: powerbi.tenantDomain, test: { ok: true } });
    expect(standIns.requestsTo('entra-token')[0]?.path).toBe(`/entra/${powerbi.tenantDomain}/oauth2/v2.0/token`);
  });

  it.each(['common', 'contoso', '-contoso.com', 'contoso..com', 'contoso.com/x', 'a b.com', 'contoso.c'])(
    'refuses %j: 422 naming tenantId',
    async (tenantId) => {
      const body = { ...connectionBody(standIns, 'powerbi', `pbi ${crypto.randomUUID()}`), tenantId };
      const response = await as(admin).send('POST', PATH, body);
      expect(response.status).toBe(422);
      expect((await response.json()).issues[0].path).toBe('tenantId');
    },
  );
});
