import { AdminMessages } from '@app/contracts';
import * as schema from '@app/db/schema';
import { ConfigError } from '@app/platform/env';
import { createSecretBox } from '@app/platform/secret-box';
import { type EmbedStandIns, type StandInEndpoint, startEmbedStandIns } from '@app/testing/embed-stand-ins';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { useAdminTestApp } from '../../../testing/admin';
import { createTestApp } from '../../../testing/app';
import { connectionBody, standInEnv, type TokenProvider, tokenDashboard } from '../../../testing/embed';
import { createApp } from '../../app';
import { recordConnectionCheck } from './connections.repository';
import { ConnectionSecretError } from './connections.secrets';
import { loadOpenConnection } from './connections.service';

type StandInFailure = NonNullable<Parameters<EmbedStandIns['fail']>[1]>;

const standIns = await startEmbedStandIns();
afterAll(() => standIns.stop());
const lines: string[] = [];
const logger = pino({ level: 'debug' }, { write: (line: string) => void lines.push(line) });
const { t, as, admin } = useAdminTestApp({ env: standInEnv(standIns, 500), logger });
beforeEach(() => {
  standIns.reset();
  lines.length = 0;
});

const { powerbi, tableau, metabase } = standIns.credentials;
const PATH = '/api/admin/embed-connections';
const SECRETS = [powerbi.clientSecret, tableau.secretValue, metabase.secretKey];

const bodyOf = (provider: TokenProvider, name = `${provider} ${crypto.randomUUID()}`) =>
  connectionBody(standIns, provider, name);

const create = async (body: Record<string, unknown>) => {
  const response = await as(admin).send('POST', PATH, body);
  expect(response.status).toBe(201);
  return response.json();
};
const testOf = async (id: number) => {
  const response = await as(admin).send('POST', `${PATH}/${id}/test`);
  expect(response.status).toBe(200);
  return response.json();
};

describe('"Test connection" against the stand-ins (issue 14)', () => {
  it.each<TokenProvider>(['powerbi', 'tableau', 'metabase'])('%s: ok with the right secret', async (provider) => {
    const { id } = await create(bodyOf(provider));
    expect(await testOf(id)).toEqual({ ok: true, message: expect.stringContaining('Connected to') });
  });

  it.each<[TokenProvider, Record<string, string>, RegExp]>([
    ['powerbi', { clientSecret: 'wrong' }, /401|invalid_client|AADSTS/i],
    ['tableau', { secretValue: 'wrong-wrong-wrong-wrong-wrong-wrong' }, /refused the sign-in/],
    ['metabase', { secretKey: 'f'.repeat(64) }, /Metabase/],
  ])('%s: a wrong secret saves, and says ok false with a clear message', async (provider, wrong, message) => {
    const body = { ...bodyOf(provider), ...wrong };
    const saved = await create(body);
    if (provider === 'metabase') {
      // The key is only checked against a dashboard: the test signs a token for one using the connection.
      expect(saved.test.ok).toBe(true);
      await tokenDashboard(t, standIns, 'metabase', saved.id);
    } else expect(saved.test).toEqual({ ok: false, message: expect.stringMatching(message) });
    const tested = await testOf(saved.id);
    expect(tested).toEqual({ ok: false, message: expect.stringMatching(message) });
    for (const secret of [...SECRETS, ...Object.values(wrong)]) {
      expect(tested.message).not.toContain(secret);
      expect(lines.join('\n')).not.toContain(secret);
    }
    if (provider === 'metabase') {
      const tokens = standIns.requestsTo('metabase-embed');
      expect(tokens.length).toBeGreaterThan(0);
    }
  });

  it.each<[TokenProvider, StandInEndpoint, StandInFailure, RegExp]>([
    ['powerbi', 'entra-token', { status: 503 }, /503|unavailable|Power BI/i],
    ['powerbi', 'powerbi-groups', { delayMs: 1500 }, /time|answer/i],
    ['tableau', 'tableau-signin', { status: 500 }, /500|Tableau/],
    ['tableau', 'tableau-signin', { close: true }, /Tableau/],
    ['metabase', 'metabase-health', { delayMs: 1500 }, /time|answer/i],
  ])('%s: %s down or slow: the save succeeds, the test says so', async (provider, endpoint, failure, message) => {
    standIns.fail(endpoint, failure);
    const started = Date.now();
    const saved = await create(bodyOf(provider));
    expect(saved.test).toEqual({ ok: false, message: expect.stringMatching(message) });
    expect(await testOf(saved.id)).toEqual({ ok: false, message: expect.stringMatching(message) });
    expect(Date.now() - started).toBeLessThan(4000);
    expect(await loadOpenConnection(t.deps, saved.id)).not.toBeNull();
  });

  it('the last check is kept on the connection (issue 27): listed again after a test; a failing one with its message', async () => {
    const listed = async (id: number) =>
      ((await (await as(admin).get(PATH)).json()) as { id: number; lastCheck: unknown }[]).find((c) => c.id === id);
    const saved = await create(bodyOf('tableau'));
    // Saving tests the connection: that test is kept too.
    expect(saved.lastCheck).toEqual({ ...saved.test, checkedAt: expect.any(String) });
    const passed = await testOf(saved.id);
    const afterPass = (await listed(saved.id))?.lastCheck as { checkedAt: string };
    expect(afterPass).toEqual({ ok: true, message: passed.message, checkedAt: expect.any(String) });
    expect(Number.isNaN(Date.parse(afterPass.checkedAt))).toBe(false);

    standIns.fail('tableau-signin', { status: 500 });
    const failed = await testOf(saved.id);
    expect(failed.ok).toBe(false);
    const afterFail = (await listed(saved.id))?.lastCheck as { checkedAt: string };
    expect(afterFail).toEqual({ ok: false, message: failed.message, checkedAt: expect.any(String) });
    expect(Date.parse(afterFail.checkedAt)).toBeGreaterThanOrEqual(Date.parse(afterPass.checkedAt));

    // A save that tests again replaces it.
    standIns.reset();
    const changed = await as(admin).send('PUT', `${PATH}/${saved.id}`, bodyOf('tableau'));
    expect(changed.status).toBe(200);
    expect((await listed(saved.id))?.lastCheck).toMatchObject({ ok: true });
  });

  it('the newest check wins: a result that finished earlier but is written later does not replace it; 10 at once', async () => {
    const saved = await create(bodyOf('tableau'));
    const newer = new Date(Date.now() + 60_000);
    await recordConnectionCheck(t.db, saved.id, { ok: true, message: 'newer' }, newer);
    await recordConnectionCheck(t.db, saved.id, { ok: false, message: 'older' }, new Date(newer.getTime() - 1000));
    const stored = async () =>
      (await t.db.select().from(schema.embedConnections).where(eq(schema.embedConnections.id, saved.id)))[0]?.lastCheck;
    expect(await stored()).toEqual({ ok: true, message: 'newer', checkedAt: newer.toISOString() });

    const other = await create(bodyOf('tableau'));
    const results = await Promise.all(
      Array.from({ length: 10 }, () => as(admin).send('POST', `${PATH}/${other.id}/test`)),
    );
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    const kept = (await t.db.select().from(schema.embedConnections).where(eq(schema.embedConnections.id, other.id)))[0]
      ?.lastCheck;
    expect(kept?.ok).toBe(true);
  });

  it('a secret sealed under another key: the test says so; saving the secret again repairs it', async () => {
    const { id } = await create(bodyOf('powerbi'));
    const other = createSecretBox(Buffer.alloc(32, 3).toString('base64'));
    const sealed = other.seal(JSON.stringify({ clientSecret: powerbi.clientSecret }), `embed-connection:${id}`);
    await t.db.update(schema.embedConnections).set({ secret: sealed }).where(eq(schema.embedConnections.id, id));
    await expect(loadOpenConnection(t.deps, id)).rejects.toThrow(ConnectionSecretError);
    await expect(loadOpenConnection(t.deps, id)).rejects.toThrow(/does not open with APP_ENCRYPTION_KEY/);
    expect(await testOf(id)).toEqual({ ok: false, message: expect.stringMatching(/does not open/) });

    // Renaming without the secret cannot keep a secret that does not open: 422 naming the field.
    const { clientSecret: _, ...noSecret } = bodyOf('powerbi', 'Repaired');
    const refused = await as(admin).send('PUT', `${PATH}/${id}`, noSecret);
    expect(refused.status).toBe(422);
    expect((await refused.json()).issues).toEqual([
      {
        path: 'clientSecret',
        message: 'Client secret is required: the stored one does not open with APP_ENCRYPTION_KEY',
      },
    ]);
    const repaired = await as(admin).send('PUT', `${PATH}/${id}`, bodyOf('powerbi', 'Repaired'));
    expect(repaired.status).toBe(200);
    expect((await repaired.json()).test.ok).toBe(true);

    // A sealed value copied from another row does not open on this one (the id is bound in).
    const { id: second } = await create(bodyOf('powerbi'));
    const [row] = await t.db.select().from(schema.embedConnections).where(eq(schema.embedConnections.id, id));
    await t.db
      .update(schema.embedConnections)
      .set({ secret: row!.secret })
      .where(eq(schema.embedConnections.id, second));
    await expect(loadOpenConnection(t.deps, second)).rejects.toThrow(ConnectionSecretError);
  });
});

describe('hostile input: 4xx with a clear message, never a 500', () => {
  const send = (body: unknown, method = 'POST', path = PATH) => as(admin).send(method, path, body);

  it.each<[string, unknown, number, string | RegExp]>([
    ['NUL in the name', { ...bodyOf('metabase'), name: 'A\u0000B' }, 422, /NUL characters/],
    ['NUL in the secret', { ...bodyOf('metabase'), secretKey: 'k\u0000ey' }, 422, /NUL characters/],
    ['a lone surrogate', { ...bodyOf('powerbi'), clientSecret: 'x\ud800y' }, 422, /unpaired surrogates/],
    ['a lone surrogate in a key', { ...bodyOf('metabase'), '\udc00': 1 }, 422, /unpaired surrogates/],
    [
      'a huge name',
      { ...bodyOf('metabase'), name: 'n'.repeat(10_000) },
      422,
      'Connection name must be at most 100 characters',
    ],
    [
      'a huge secret',
      { ...bodyOf('metabase'), secretKey: 's'.repeat(5000) },
      422,
      'Embedding secret key must be at most 4,000 characters',
    ],
    [
      'a huge site URL',
      { ...bodyOf('metabase'), siteUrl: `https://x.test/${'a'.repeat(3000)}` },
      422,
      'Site URL must be at most 2,000 characters',
    ],
    ['a body over 1 MB', { ...bodyOf('metabase'), name: 'n'.repeat(1_100_000) }, 413, /too large/],
    ['a name of the wrong type', { ...bodyOf('metabase'), name: 5 }, 422, 'Connection name is required'],
    ['a secret of the wrong type', { ...bodyOf('powerbi'), clientSecret: { a: 1 } }, 422, 'Client secret must be text'],
    ['a secret as a list', { ...bodyOf('tableau'), secretValue: ['a'] }, 422, 'Secret value must be text'],
    [
      'an unknown provider',
      { ...bodyOf('metabase'), provider: 'looker' },
      422,
      /Provider must be one of powerbi, tableau, metabase/,
    ],
    ['no provider', { name: 'x', secretKey: 'y' }, 422, /Provider must be one of/],
    ['a provider of the wrong type', { ...bodyOf('metabase'), provider: 7 }, 422, /Provider must be one of/],
    ['a tenant id that is no GUID', { ...bodyOf('powerbi'), tenantId: "' or 1=1 --" }, 422, /Tenant ID must be a GUID/],
    [
      'a site URL that is no URL',
      { ...bodyOf('metabase'), siteUrl: 'javascript:alert(1)' },
      422,
      'Site URL must be an https address',
    ],
    [
      'a site URL with credentials',
      { ...bodyOf('tableau'), siteUrl: 'https://u:p@x.test' },
      422,
      'Site URL must be an https address',
    ],
    ['deep JSON', `{"name":${'['.repeat(100_000)}${']'.repeat(100_000)}}`, 400, /nested too deeply/],
    ['not JSON', '{"name": "x", ', 400, /./],
    ['a list', [bodyOf('metabase')], 422, /./],
    ['null', 'null', 422, /./],
  ])('%s', async (_, body, status, message) => {
    const response = await send(body);
    expect(response.status).toBe(status);
    const answer = await response.json();
    if (typeof message === 'string') expect(answer.message).toBe(message);
    else expect(answer.message).toMatch(message);
    const text = JSON.stringify(answer);
    for (const secret of SECRETS) expect(text).not.toContain(secret);
  });

  it('the same on PUT; a tenant id is kept as typed (trimmed), nothing else of the body is stored', async () => {
    const { id } = await create(bodyOf('powerbi'));
    const nul = await send({ ...bodyOf('powerbi'), name: 'x\u0000' }, 'PUT', `${PATH}/${id}`);
    expect(nul.status).toBe(422);
    const wrong = await send({ ...bodyOf('powerbi'), clientSecret: 42 }, 'PUT', `${PATH}/${id}`);
    expect(wrong.status).toBe(422);
    const extra = await send(
      { ...bodyOf('powerbi', 'Extra'), tenantId: ` ${powerbi.tenantId} `, isAdmin: true, secret: 'v1.x', id: 1 },
      'PUT',
      `${PATH}/${id}`,
    );
    expect(extra.status).toBe(200);
    const [row] = await t.db.select().from(schema.embedConnections).where(eq(schema.embedConnections.id, id));
    expect(row!.settings).toEqual({ tenantId: powerbi.tenantId, clientId: powerbi.clientId });
    expect(row!.secret).not.toBe('v1.x');
  });
});

/** A Power BI dashboard on the connection, as the dashboard form sends it. */
const powerBiDashboard = (name: string, connectionId: number) => ({
  name,
  category: 'Sales',
  type: 'PowerBI',
  embedMode: 'powerbi',
  connectionId,
  workspaceId: powerbi.workspaceId,
  reportId: powerbi.reportId,
});

describe('races (issue 14)', () => {
  it('parallel delete and dashboard creation: either the dashboard is refused or the delete is; never both, never a 500', async () => {
    for (let round = 0; round < 6; round++) {
      const { id } = await create(bodyOf('powerbi'));
      const [removed, made] = await Promise.all([
        as(admin).send('DELETE', `${PATH}/${id}`),
        as(admin).send('POST', '/api/admin/dashboards', powerBiDashboard(`Race ${round}`, id)),
      ]);
      const pair = `${removed.status}/${made.status}`;
      expect(['204/422', '409/201'], `${pair}: ${await made.clone().text()}`).toContain(pair);
      const [row] = await t.db.select().from(schema.embedConnections).where(eq(schema.embedConnections.id, id));
      if (removed.status === 204) expect(row).toBeUndefined();
      else {
        expect((await removed.json()).message).toBe(AdminMessages.connectionInUse);
        expect(row).toBeDefined();
      }
    }
  });

  it("parallel change of a connection's provider and dashboard creation: never a dashboard on a connection of another provider", async () => {
    for (let round = 0; round < 6; round++) {
      const { id } = await create(bodyOf('powerbi'));
      const [changed, made] = await Promise.all([
        as(admin).send('PUT', `${PATH}/${id}`, bodyOf('metabase', `Now Metabase ${round}`)),
        as(admin).send('POST', '/api/admin/dashboards', powerBiDashboard(`Provider race ${round}`, id)),
      ]);
      const pair = `${changed.status}/${made.status}`;
      expect(['200/422', '409/201'], `${pair}: ${await made.clone().text()}`).toContain(pair);
      const [row] = await t.db.select().from(schema.embedConnections).where(eq(schema.embedConnections.id, id));
      expect(row?.provider).toBe(changed.status === 200 ? 'metabase' : 'powerbi');
      const using = await t.db.select().from(schema.dashboards).where(eq(schema.dashboards.connectionId, id));
      for (const d of using) expect(d.embedMode).toBe(row?.provider);
    }
  });

  it('parallel changes of one connection are made one after the other (each audited)', async () => {
    const { id } = await create(bodyOf('metabase'));
    const names = Array.from({ length: 5 }, (_, i) => `Parallel ${i}`);
    const statuses = await Promise.all(
      names.map((name) => as(admin).send('PUT', `${PATH}/${id}`, bodyOf('metabase', name))),
    ).then((all) => all.map((r) => r.status));
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    const audit = await t.db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.targetId, String(id)));
    expect(audit.filter((row) => row.action === 'connection.update')).toHaveLength(5);
  });
});

describe('without APP_ENCRYPTION_KEY (decision 030)', () => {
  it('POST, PUT and test answer 503 with a clear message; GET and DELETE still work', async () => {
    const { id } = await create(bodyOf('tableau'));
    const keyless = createApp({ ...t.deps, secretBox: null }, { serveSpa: false });
    const call = (method: string, path: string, body?: unknown) =>
      keyless.handle(
        new Request(`http://localhost${path}`, {
          method,
          headers: { cookie: admin.cookie, origin: 'http://localhost:3000', 'content-type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        }),
      );
    const message = 'APP_ENCRYPTION_KEY is not set: connections cannot keep their secrets';
    for (const [method, path, body] of [
      ['POST', PATH, bodyOf('metabase')],
      ['PUT', `${PATH}/${id}`, bodyOf('tableau')],
      ['POST', `${PATH}/${id}/test`, undefined],
    ] as const) {
      const response = await call(method, path, body);
      expect(response.status, `${method} ${path}`).toBe(503);
      expect(await response.json()).toEqual({ message, issues: [] });
    }
    const list = await call('GET', PATH);
    expect(list.status).toBe(200);
    expect((await list.json()).some((c: { id: number }) => c.id === id)).toBe(true);
    await expect(loadOpenConnection({ db: t.db, secretBox: null }, id)).rejects.toThrow(message);
    expect((await call('DELETE', `${PATH}/${id}`)).status).toBe(204);
  });

  it('the API refuses to start with connections in the database and no key: a ConfigError naming APP_ENCRYPTION_KEY', async () => {
    await create(bodyOf('metabase'));
    const error = await createTestApp({ databaseUrl: t.databaseUrl, env: { APP_ENCRYPTION_KEY: '' } }).then(
      async (started) => {
        await started.close();
        return null;
      },
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([
      expect.stringMatching(/^APP_ENCRYPTION_KEY is required: \d+ embed connection/),
    ]);
    // With the key it starts.
    const started = await createTestApp({ databaseUrl: t.databaseUrl });
    await started.close();
  });
});
