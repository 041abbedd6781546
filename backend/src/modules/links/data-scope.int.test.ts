import { AdminMessages } from '@app/contracts';
import * as schema from '@app/db/schema';
import { createDashboard, createOrganization, linkDashboard } from '@app/db/testing';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useAdminTestApp } from '../../../testing/admin';

const { t, as, admin, client } = useAdminTestApp();

const LINKS = '/api/admin/organization-dashboards';
const ROLE_SCOPE = { roles: ['Customer'], username: 'acme', customData: 'A' };

/** An organization and a dashboard of `mode` (no connection needed to link them). */
async function pair(mode: 'url' | 'powerbi' | 'tableau' | 'metabase') {
  const org = await createOrganization(t.db);
  const dashboard = await createDashboard(
    t.db,
    mode === 'url' ? {} : { embedMode: mode, embedUrl: '', embedTarget: { metabaseDashboardId: 1 } },
  );
  return { org, dashboard, path: `${LINKS}/${org.id}/${dashboard.id}` };
}

const link = (p: Awaited<ReturnType<typeof pair>>, dataScope: unknown) =>
  as(admin).send('POST', LINKS, { organizationId: p.org.id, dashboardId: p.dashboard.id, dataScope });

const refusal = async (response: Response) => {
  expect(response.status).toBe(422);
  return (await response.json()) as { message: string; issues: { path: string; message: string }[] };
};

describe("a link's data scope (issue 14)", () => {
  it('is saved with the link in the shape of the dashboard, listed and audited', async () => {
    const p = await pair('powerbi');
    const created = await link(p, ROLE_SCOPE);
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ dashboardEmbedMode: 'powerbi', dataScope: ROLE_SCOPE });
    const list = await (await as(admin).get(LINKS)).json();
    expect(list).toContainEqual(
      expect.objectContaining({ organizationId: p.org.id, dashboardEmbedMode: 'powerbi', dataScope: ROLE_SCOPE }),
    );
    const [entry] = await (await as(admin).get('/api/admin/audit')).json();
    expect(entry).toMatchObject({ action: 'organization.link-dashboard', changes: { dataScope: ROLE_SCOPE } });
    for (const [mode, scope] of [
      ['tableau', { attributes: { Region: 'West', Teams: ['a', 'b'] } }],
      ['metabase', { params: { org: 'acme', year: 2026, open: true, none: null, ids: [1, 2] } }],
      ['powerbi', null],
      ['url', null],
    ] as const) {
      const answer = await link(await pair(mode), scope);
      expect(answer.status).toBe(201);
      expect((await answer.json()).dataScope).toEqual(scope);
    }
  });

  it.each([
    ['url', ROLE_SCOPE, 'This dashboard is embedded by URL: it takes no data scope'],
    [
      'powerbi',
      { attributes: { Region: 'West' } },
      'This is a Power BI dashboard: its data scope is { roles, username?, customData? }',
    ],
    ['tableau', ROLE_SCOPE, 'This is a Tableau dashboard: its data scope is { attributes: { name: value } }'],
    ['metabase', { attributes: {} }, 'This is a Metabase dashboard: its data scope is { params: { name: value } }'],
    ['tableau', { attributes: { sub: 'someone@else.test' } }, '"sub" is a claim of Tableau\'s token'],
    ['tableau', { attributes: { EXP: '9999999999' } }, '"EXP" is a claim of Tableau\'s token'],
    ['tableau', { attributes: { 'https://tableau.com/oda': 'x' } }, "is a claim of Tableau's token"],
  ])('refuses a %s dashboard the scope %j', async (mode, scope, message) => {
    const p = await pair(mode as 'url');
    const body = await refusal(await link(p, scope));
    expect(body.message).toContain(message);
    expect(body.issues[0]?.path).toBe('dataScope');
    // Nothing was linked.
    const rows = await t.db
      .select()
      .from(schema.organizationDashboards)
      .where(eq(schema.organizationDashboards.organizationId, p.org.id));
    expect(rows).toEqual([]);
  });

  it.each([
    [{ roles: ['Cus\u0000tomer'] }],
    [{ roles: ['a\nb'] }],
    [{ roles: Array.from({ length: 51 }, (_, i) => `r${i}`) }],
    [{ roles: ['x'.repeat(101)] }],
    [{ roles: 'Customer' }],
    [{ roles: [{ $ne: 1 }] }],
    [{ roles: [], username: 'u'.repeat(257) }],
    [{ roles: [], isAdmin: true }],
    [{ attributes: { Region: { nested: { deep: 1 } } } }],
    [{ attributes: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`a${i}`, 'v'])) }],
    [{ params: { org: 'x'.repeat(1001) } }],
    [{ params: { 'bad\u0007name': 'x' } }],
    ['roles'],
    [42],
    [[ROLE_SCOPE]],
  ])('refuses hostile scope %# with a 422 and a message', async (scope) => {
    const body = await refusal(await link(await pair('powerbi'), scope));
    expect(body.message).toEqual(expect.any(String));
  });

  it('keys like __proto__ or constructor are never taken as the scope of the prototype', async () => {
    const p = await pair('tableau');
    const raw = `{"organizationId":${p.org.id},"dashboardId":${p.dashboard.id},"dataScope":{"attributes":{"__proto__":{"isAdmin":true},"constructor":"x","Region":"West"}}}`;
    const response = await as(admin).send('POST', LINKS, raw);
    // Dropped by the schema (valibot skips such keys): only the real attribute is kept.
    expect(response.status).toBe(201);
    expect((await response.json()).dataScope).toEqual({ attributes: { Region: 'West' } });
    expect(({} as { isAdmin?: boolean }).isAdmin).toBeUndefined();
  });

  it('PUT changes the scope (audited with before and after), clears it with null, 404 without the link', async () => {
    const p = await pair('powerbi');
    await linkDashboard(t.db, p.org.id, p.dashboard.id, ROLE_SCOPE);
    const next = { roles: ['Manager'] };
    const changed = await as(admin).send('PUT', p.path, { dataScope: next });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({ organizationId: p.org.id, dataScope: next });
    const [entry] = await (await as(admin).get('/api/admin/audit')).json();
    expect(entry).toMatchObject({
      action: 'organization.change-scope',
      targetType: 'organization',
      targetId: String(p.org.id),
      changes: { dashboardId: p.dashboard.id, dataScope: { from: ROLE_SCOPE, to: next } },
    });
    const cleared = await as(admin).send('PUT', p.path, { dataScope: null });
    expect((await cleared.json()).dataScope).toBeNull();
    expect((await as(admin).send('PUT', p.path, {})).status).toBe(200);

    const wrong = await refusal(await as(admin).send('PUT', p.path, { dataScope: { params: {} } }));
    expect(wrong.message).toContain('This is a Power BI dashboard');
    const other = await pair('powerbi');
    const missing = await as(admin).send('PUT', other.path, { dataScope: next });
    expect(missing.status).toBe(404);
    expect((await missing.json()).message).toBe(AdminMessages.linkMissing);
    for (const path of [`${LINKS}/x/1`, `${LINKS}/1%00/1`, `${LINKS}/99999999999/1`])
      expect((await as(admin).send('PUT', path, { dataScope: null })).status).toBe(404);
  });

  it('parallel changes of one scope are each made and audited, the last one kept', async () => {
    const p = await pair('metabase');
    await linkDashboard(t.db, p.org.id, p.dashboard.id, { params: {} });
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => as(admin).send('PUT', p.path, { dataScope: { params: { n: i } } })),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(200));
    const rows = await t.db
      .select()
      .from(schema.auditLog)
      .where(
        and(eq(schema.auditLog.action, 'organization.change-scope'), eq(schema.auditLog.targetId, String(p.org.id))),
      );
    expect(rows).toHaveLength(10);
    // Each change saw the one before it: the "from" values chain.
    const froms = new Set(
      rows.map((r) => JSON.stringify((r.changes as { dataScope: { from: unknown } }).dataScope.from)),
    );
    expect(froms.size).toBe(10);
  });

  it('a client cannot read or change scopes', async () => {
    const p = await pair('powerbi');
    await linkDashboard(t.db, p.org.id, p.dashboard.id, ROLE_SCOPE);
    expect((await as(client).get(LINKS)).status).toBe(403);
    expect((await as(client).send('PUT', p.path, { dataScope: null })).status).toBe(403);
    expect((await as(null).send('PUT', p.path, { dataScope: null })).status).toBe(401);
  });

  it('PUT is documented with every answer', async () => {
    // The administration's routes are in the document an administrator reads (issue 26).
    const spec = await (await as(admin).get('/api/docs/json')).json();
    const responses = spec.paths['/api/admin/organization-dashboards/{organizationId}/{dashboardId}']?.put?.responses;
    // 413 and 415: the body guard's refusals, on every route that takes a body.
    expect(Object.keys(responses ?? {}).sort()).toEqual(['200', '401', '403', '404', '409', '413', '415', '422']);
  });
});
