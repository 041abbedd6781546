import { AdminMessages, type EmbedProvider } from '@app/contracts';
import * as schema from '@app/db/schema';
import { addMembership, createOrganization, linkDashboard } from '@app/db/testing';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useAdminTestApp } from '../../../testing/admin';
import { connectionBody, standInEnv, tokenDashboard, useEmbedStandIns } from '../../../testing/embed';
import { loadOpenConnection } from './connections.service';

const standIns = await useEmbedStandIns();
const { t, as, admin, client } = useAdminTestApp({ env: standInEnv(standIns) });

const { powerbi, tableau, metabase } = standIns.credentials;
const SECRET_FIELD = { powerbi: 'clientSecret', tableau: 'secretValue', metabase: 'secretKey' } as const;
const SECRET = { powerbi: powerbi.clientSecret, tableau: tableau.secretValue, metabase: metabase.secretKey };
const PATH = '/api/admin/embed-connections';

/** A body the stand-ins accept, named `name`. */
const bodyOf = (provider: TokenProvider, name: string) => connectionBody(standIns, provider, name);

const create = async (provider: TokenProvider, name = `${provider} ${crypto.randomUUID()}`) => {
  const response = await as(admin).send('POST', PATH, bodyOf(provider, name));
  expect(response.status).toBe(201);
  return response.json();
};

/** Every text the administration read (to prove no secret is in any of it). */
const seen: string[] = [];
const read = async (response: Response) => {
  const text = await response.clone().text();
  seen.push(text);
  return response;
};

/** The providers that mint tokens (Looker Studio has tests of its own: looker-sharing*.int.test.ts). */
type TokenProvider = Exclude<EmbedProvider, 'lookerstudio'>;
const PROVIDERS: TokenProvider[] = ['powerbi', 'tableau', 'metabase'];

describe('embed connections: CRUD per provider (issue 14)', () => {
  it.each(PROVIDERS)(
    '%s: create (tested at once), list, change without and with a secret, delete',
    async (provider) => {
      const name = `Main ${provider}`;
      const created = await read(await as(admin).send('POST', PATH, bodyOf(provider, name)));
      expect(created.status).toBe(201);
      const saved = await created.json();
      const expected = {
        powerbi: {
          tenantId: powerbi.tenantId,
          clientId: powerbi.clientId,
          siteUrl: null,
          siteName: null,
          secretId: null,
        },
        tableau: {
          tenantId: null,
          clientId: tableau.clientId,
          siteUrl: standIns.tableauSiteUrl,
          siteName: tableau.siteName,
          secretId: tableau.secretId,
        },
        metabase: { tenantId: null, clientId: null, siteUrl: standIns.metabaseSiteUrl, siteName: null, secretId: null },
      }[provider];
      expect(saved).toEqual({
        id: expect.any(Number),
        name,
        provider,
        ...expected,
        delegatedUser: null,
        serviceAccountEmail: null,
        ownsSharing: false,
        lastSync: null,
        lastCheck: { ok: true, message: expect.stringContaining('Connected to'), checkedAt: expect.any(String) },
        dashboardCount: 0,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
        test: { ok: true, message: expect.stringContaining('Connected to') },
      });
      const { id } = saved;

      const list = await (await read(await as(admin).get(PATH))).json();
      const { test: _test, ...view } = saved;
      expect(list).toContainEqual(view);

      // A change without the secret keeps the stored one.
      const { [SECRET_FIELD[provider]]: _secret, ...withoutSecret } = bodyOf(provider, `${name} renamed`);
      const renamed = await read(await as(admin).send('PUT', `${PATH}/${id}`, withoutSecret));
      expect(renamed.status).toBe(200);
      expect(await renamed.json()).toMatchObject({ id, name: `${name} renamed`, test: { ok: true } });
      expect(await openSecret(id, provider)).toBe(SECRET[provider]);
      // An empty secret (or null) keeps it too.
      const empty = await as(admin).send('PUT', `${PATH}/${id}`, { ...withoutSecret, [SECRET_FIELD[provider]]: null });
      expect(empty.status).toBe(200);
      expect(await openSecret(id, provider)).toBe(SECRET[provider]);

      // A new secret replaces it (the stand-in refuses it: the save still succeeds, `test` says why).
      const changed = await read(
        await as(admin).send('PUT', `${PATH}/${id}`, { ...withoutSecret, [SECRET_FIELD[provider]]: '  new-secret  ' }),
      );
      expect(changed.status).toBe(200);
      const afterChange = await changed.json();
      expect(await openSecret(id, provider)).toBe('new-secret');
      if (provider !== 'metabase') expect(afterChange.test.ok).toBe(false);

      const removed = await as(admin).send('DELETE', `${PATH}/${id}`);
      expect(removed.status).toBe(204);
      const after = await (await as(admin).get(PATH)).json();
      expect(after.some((c: { id: number }) => c.id === id)).toBe(false);
      expect((await as(admin).send('DELETE', `${PATH}/${id}`)).status).toBe(404);

      const audit = await t.db
        .select()
        .from(schema.auditLog)
        .where(eq(schema.auditLog.targetId, String(id)));
      expect(audit.map((row) => [row.action, row.targetType, row.changes?.secret ?? null])).toEqual([
        ['connection.create', 'connection', 'set'],
        ['connection.update', 'connection', null],
        ['connection.update', 'connection', null],
        ['connection.update', 'connection', 'changed'],
        ['connection.delete', 'connection', null],
      ]);
      expect(audit[1]!.changes).toMatchObject({ name: { from: name, to: `${name} renamed` } });
    },
  );

  it('the secret is never in an answer, the audit log, the logs of the list, nor in plaintext in its column', async () => {
    for (const provider of PROVIDERS) {
      const { id } = await create(provider);
      seen.push(await (await as(admin).send('POST', `${PATH}/${id}/test`)).text());
      seen.push(await (await as(admin).get(PATH)).text());
      const [row] = await t.db.select().from(schema.embedConnections).where(eq(schema.embedConnections.id, id));
      expect(row!.secret.startsWith('v1.')).toBe(true);
      expect(row!.secret).not.toContain(SECRET[provider]);
      expect(JSON.stringify(row!.settings)).not.toContain(SECRET[provider]);
      expect(Buffer.from(row!.secret.slice(3), 'base64url').toString('latin1')).not.toContain(SECRET[provider]);
    }
    const audit = JSON.stringify(await t.db.select().from(schema.auditLog));
    seen.push(await (await as(admin).get('/api/admin/audit')).text());
    for (const secret of Object.values(SECRET)) {
      expect(audit).not.toContain(secret);
      for (const text of seen) expect(text).not.toContain(secret);
    }
    for (const field of Object.values(SECRET_FIELD)) for (const text of seen) expect(text).not.toContain(`"${field}"`);
  });

  it('a secret is required when the connection is made: 422 naming the field', async () => {
    const messages = { powerbi: 'Client secret is required', tableau: 'Secret value is required' } as const;
    for (const [provider, message] of [...Object.entries(messages), ['metabase', 'Embedding secret key is required']])
      for (const secret of [undefined, '', '   ', null]) {
        const body = { ...bodyOf(provider as TokenProvider, `No secret ${provider}`) };
        body[SECRET_FIELD[provider as TokenProvider]] = secret;
        const response = await as(admin).send('POST', PATH, body);
        expect(response.status).toBe(422);
        expect(await response.json()).toEqual({
          message,
          issues: [{ path: SECRET_FIELD[provider as TokenProvider], message }],
        });
      }
    expect(
      (await t.db.select().from(schema.embedConnections).where(eq(schema.embedConnections.name, 'No secret powerbi')))
        .length,
    ).toBe(0);
  });

  it('names are unique: 409, also for parallel creates of one name (exactly one 201)', async () => {
    await create('metabase', 'Taken');
    const again = await as(admin).send('POST', PATH, bodyOf('powerbi', 'Taken'));
    expect(again.status).toBe(409);
    expect((await again.json()).message).toBe(AdminMessages.connectionNameTaken);
    const other = await create('metabase', 'Other');
    const rename = await as(admin).send('PUT', `${PATH}/${other.id}`, bodyOf('metabase', 'Taken'));
    expect(rename.status).toBe(409);
    expect((await rename.json()).message).toBe(AdminMessages.connectionNameTaken);

    const statuses = await Promise.all(
      Array.from({ length: 8 }, () => as(admin).send('POST', PATH, bodyOf('metabase', 'Raced'))),
    ).then((responses) => responses.map((r) => r.status).sort());
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    const rows = await t.db.select().from(schema.embedConnections).where(eq(schema.embedConnections.name, 'Raced'));
    expect(rows).toHaveLength(1);
    const audits = await t.db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.targetId, String(rows[0]!.id)));
    expect(audits).toHaveLength(1);
  });

  it('a connection in use: counted, not deleted (409), its provider kept (409); other changes are fine', async () => {
    const { id } = await create('powerbi');
    const dashboard = await tokenDashboard(t, standIns, 'powerbi', id);
    const listed = (await (await as(admin).get(PATH)).json()).find((c: { id: number }) => c.id === id);
    expect(listed.dashboardCount).toBe(1);
    const refused = await as(admin).send('DELETE', `${PATH}/${id}`);
    expect(refused.status).toBe(409);
    expect((await refused.json()).message).toBe(AdminMessages.connectionInUse);
    const switched = await as(admin).send('PUT', `${PATH}/${id}`, bodyOf('metabase', 'Switched'));
    expect(switched.status).toBe(409);
    expect((await switched.json()).message).toMatch(/used by dashboards: its provider cannot change/);
    expect((await as(admin).send('PUT', `${PATH}/${id}`, bodyOf('powerbi', 'Still Power BI'))).status).toBe(200);
    await t.db.delete(schema.dashboards).where(eq(schema.dashboards.id, dashboard.id));
    expect((await as(admin).send('DELETE', `${PATH}/${id}`)).status).toBe(204);
  });

  it("changing an unused connection's provider asks for the new provider's secret", async () => {
    const { id } = await create('powerbi');
    const { secretKey: _, ...noSecret } = bodyOf('metabase', 'Now Metabase');
    const refused = await as(admin).send('PUT', `${PATH}/${id}`, noSecret);
    expect(refused.status).toBe(422);
    expect(await refused.json()).toEqual({
      message: 'Embedding secret key is required',
      issues: [{ path: 'secretKey', message: 'Embedding secret key is required' }],
    });
    const done = await as(admin).send('PUT', `${PATH}/${id}`, bodyOf('metabase', 'Now Metabase'));
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({ provider: 'metabase', tenantId: null, clientId: null });
    const open = await loadOpenConnection(t.deps, id);
    expect(open).toEqual({
      id,
      provider: 'metabase',
      updatedAt: expect.any(Date),
      siteUrl: standIns.metabaseSiteUrl,
      secretKey: SECRET.metabase,
    });
    const [row] = await t.db.select().from(schema.embedConnections).where(eq(schema.embedConnections.id, id));
    expect(row!.settings).toEqual({ siteUrl: standIns.metabaseSiteUrl });
  });

  it('unknown ids: 404 on PUT, DELETE and test', async () => {
    for (const id of ['999999', 'x', '1e3', '99999999999999999999', '-1']) {
      expect((await as(admin).send('PUT', `${PATH}/${id}`, bodyOf('metabase', 'Nope'))).status).toBe(404);
      expect((await as(admin).send('DELETE', `${PATH}/${id}`)).status).toBe(404);
      expect((await as(admin).send('POST', `${PATH}/${id}/test`)).status).toBe(404);
    }
    const missing = await as(admin).send('POST', `${PATH}/999999/test`);
    expect(await missing.json()).toEqual({ message: 'Connection not found', issues: [] });
  });
});

describe('embed connections: only administrators (D10)', () => {
  it('client 403 and anonymous 401 on every route; nothing changes', async () => {
    const { id } = await create('tableau');
    const asked = standIns.requests.length;
    const routes: [string, string, unknown?][] = [
      ['GET', PATH],
      ['POST', PATH, bodyOf('metabase', 'By a client')],
      ['PUT', `${PATH}/${id}`, bodyOf('tableau', 'By a client')],
      ['DELETE', `${PATH}/${id}`],
      ['POST', `${PATH}/${id}/test`],
    ];
    for (const [method, path, body] of routes) {
      const asClient = await as(client).send(method, path, body);
      expect(asClient.status, `${method} ${path}`).toBe(403);
      expect(await asClient.text()).not.toContain(SECRET.tableau);
      expect((await as(null).send(method, path, body)).status, `${method} ${path}`).toBe(401);
    }
    const [row] = await t.db.select().from(schema.embedConnections).where(eq(schema.embedConnections.id, id));
    expect(row!.name).not.toBe('By a client');
    expect(standIns.requests).toHaveLength(asked); // no test run for them
  });

  it("a client reads no connection's settings or secret by any route it may call", async () => {
    const org = await createOrganization(t.db);
    await addMembership(t.db, org.id, client.id);
    const texts: string[] = [];
    for (const provider of PROVIDERS) {
      const { id } = await create(provider);
      const dashboard = await tokenDashboard(t, standIns, provider, id);
      const scope = { powerbi: { roles: ['Customer'] }, tableau: { attributes: {} }, metabase: { params: {} } }[
        provider
      ];
      await linkDashboard(t.db, org.id, dashboard.id, scope);
      for (const [method, path] of [
        ['GET', '/api/dashboards'],
        ['GET', `/api/dashboards/${dashboard.id}`],
        ['POST', `/api/dashboards/${dashboard.id}/embed-token`],
        ['GET', '/api/auth/me'],
      ] as const)
        texts.push(await (await as(client).send(method, path, method === 'POST' ? {} : undefined)).text());
    }
    for (const text of texts) {
      for (const secret of Object.values(SECRET)) expect(text).not.toContain(secret);
      expect(text).not.toContain(powerbi.tenantId);
      expect(text).not.toContain(tableau.secretId);
    }
  });
});

describe('embed connections in the OpenAPI document', () => {
  it('documents every answer of the five routes', async () => {
    // The administration's routes are in the document an administrator reads (issue 26).
    const spec = await (await as(admin).get('/api/docs/json')).json();
    const errors = ['401', '403', '404', '409', '422'];
    // The body guard's refusals, on the routes that take a body.
    const body = ['413', '415'];
    const expected: [string, string, string[]][] = [
      [PATH, 'get', ['200', ...errors]],
      [PATH, 'post', ['201', ...errors, ...body, '503']],
      [`${PATH}/{id}`, 'put', ['200', ...errors, ...body, '503']],
      [`${PATH}/{id}`, 'delete', ['204', ...errors]],
      [`${PATH}/{id}/test`, 'post', ['200', ...errors, '503']],
    ];
    for (const [path, method, statuses] of expected) {
      const operation = spec.paths[path]?.[method];
      expect(Object.keys(operation?.responses ?? {}).sort(), `${method} ${path}`).toEqual(statuses.sort());
      expect(operation.tags).toEqual(['Admin', 'Embedding']);
    }
  });
});

async function openSecret(id: number, provider: TokenProvider) {
  const open = await loadOpenConnection(t.deps, id);
  expect(open?.provider).toBe(provider);
  return (open as unknown as Record<string, string>)[SECRET_FIELD[provider]];
}
