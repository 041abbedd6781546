import * as schema from '@app/db/schema';
import { createOrganization, createUser } from '@app/db/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { useAdminTestApp } from '../../../testing/admin';

const { t, as, admin, signIn } = useAdminTestApp();

describe('the audit log (D21)', () => {
  it('lists admin actions newest first with who, what, target and changed fields', async () => {
    const org = await (await as(admin).send('POST', '/api/admin/organizations', { name: 'Audited' })).json();
    await as(admin).send('PUT', `/api/admin/organizations/${org.id}`, { name: 'Audited Renamed' });
    const entries = await (await as(admin).get('/api/admin/audit')).json();
    expect(entries[0]).toMatchObject({
      actorId: admin.id,
      action: 'organization.update',
      targetType: 'organization',
      targetId: String(org.id),
      changes: { name: { from: 'Audited', to: 'Audited Renamed' } },
    });
    expect(entries[1]).toMatchObject({ action: 'organization.create', targetId: String(org.id) });
  });

  it('names the actor and the target, and keeps the target name after the target is deleted', async () => {
    const created = await as(admin).send('POST', '/api/admin/dashboards', {
      name: 'Doomed Dashboard',
      category: 'Sales',
      type: 'PowerBI',
      embedUrl: 'https://app.powerbi.com/view?r=doomed',
    });
    const dashboard = await created.json();
    const user = await createUser(t.db, { email: 'doomed@example.com' });
    await as(admin).send('POST', `/api/admin/users/${user.id}/toggle-admin`, { isAdmin: true });
    await as(admin).send('DELETE', `/api/admin/users/${user.id}`);
    await as(admin).send('DELETE', `/api/admin/dashboards/${dashboard.id}`);
    const entries: { action: string; targetName: string | null; actorName: string | null; changes: object }[] = await (
      await as(admin).get('/api/admin/audit')
    ).json();
    const named = (action: string) => entries.find((e) => e.action === action);
    expect(named('dashboard.create')).toMatchObject({ actorName: 'Ada User', targetName: 'Doomed Dashboard' });
    expect(named('dashboard.delete')).toMatchObject({ targetName: 'Doomed Dashboard' });
    expect(named('user.grant-admin')).toMatchObject({ targetName: 'doomed@example.com' });
    expect(named('user.delete')).toMatchObject({ targetName: 'doomed@example.com' });
    // The recorded name is handed out as targetName, not as a changed field.
    expect(named('dashboard.create')?.changes).not.toHaveProperty('targetName');
  });
});

describe('searching the audit log (q, decision 038)', () => {
  // Entries written as the API writes them, with texts a search could get wrong: a target name recorded only in
  // `changes` (no such dashboard exists), letters with accents in both cases, and the characters LIKE gives meaning.
  const entries = [
    ['Searcher@Example.COM', 'dashboard.update', 'dashboard', '987654', 'Zürich ÉCOLE Board'],
    ['searcher@example.com', 'organization.update', 'organization', '5', '100%_done'],
    ['searcher@example.com', 'organization.update', 'organization', '6', '100xydone'],
    ['searcher@example.com', 'organization.update', 'organization', '7', 'back\\slash'],
    [null, 'system.cleanup', 'system', null, null],
  ] as const;
  const searchIds = async (q: string) => {
    const response = await as(admin).get(`/api/admin/audit?page=1&pageSize=100&q=${encodeURIComponent(q)}`);
    const rows: { id: number; targetName: string | null }[] = await response.json();
    expect(Number(response.headers.get('x-total-count')), q).toBe(rows.length);
    return rows;
  };

  beforeAll(async () => {
    for (const [actorEmail, action, targetType, targetId, targetName] of entries)
      await t.db.insert(schema.auditLog).values({
        actorEmail,
        action,
        targetType,
        targetId,
        changes: targetName === null ? null : { targetName, name: { from: 'x', to: 'y' } },
      });
  });

  it('finds an entry by the target name recorded only in its changes, whatever the case of either', async () => {
    const found = await searchIds('zÜRICH école');
    expect(found.map((row) => row.targetName)).toEqual(['Zürich ÉCOLE Board']);
    expect((await searchIds('987654')).map((row) => row.targetName)).toEqual(['Zürich ÉCOLE Board']);
    expect((await searchIds('SEARCHER@example')).length).toBe(4);
    expect((await searchIds('SYSTEM.clean')).length).toBe(1);
  });

  it('matches %, _ and \\ only as themselves', async () => {
    expect((await searchIds('100%_d')).map((row) => row.targetName)).toEqual(['100%_done']);
    expect((await searchIds('_')).map((row) => row.targetName)).toEqual(['100%_done']);
    expect((await searchIds('k\\s')).map((row) => row.targetName)).toEqual(['back\\slash']);
    expect(await searchIds('%')).toHaveLength(1);
  });

  it('answers each search with the entries ILIKE finds in the text written out, in its order, page by page', async () => {
    const like = (q: string) => `%${q.replace(/[\\%_]/g, '\\$&')}%`;
    for (const q of ['searcher', 'ORGANIZATION.update', '100%', 'board', 'ÉCOLE', 'ü', 'update\norg', 'nothing here'])
      for (const order of ['asc', 'desc'] as const) {
        const expected = await t.sql<{ id: number }[]>`select id from audit_log where (coalesce(actor_email, '')
          || E'\n' || action || E'\n' || target_type || E'\n' || coalesce(target_id, '') || E'\n'
          || coalesce(changes ->> 'targetName', '')) ilike ${like(q)}
          order by action ${order === 'asc' ? t.sql`asc` : t.sql`desc`}, id ${order === 'asc' ? t.sql`asc` : t.sql`desc`}`;
        const pages: number[] = [];
        for (let page = 1; page <= 4; page++) {
          const path = `/api/admin/audit?page=${page}&pageSize=2&sort=action&order=${order}&q=${encodeURIComponent(q)}`;
          const response = await as(admin).get(path);
          expect(response.headers.get('x-total-count'), q).toBe(String(expected.length));
          pages.push(...(await response.json()).map((row: { id: number }) => row.id));
        }
        expect(pages, `${q} ${order}`).toEqual(expected.map((row) => row.id).slice(0, 8));
      }
  });

  it('keeps each entry’s search text as its searched columns, lower-cased, also after an update', async () => {
    const differing = await t.sql`select id from audit_log where search_text is distinct from lower(
      coalesce(actor_email, '') || E'\n' || action || E'\n' || target_type || E'\n' || coalesce(target_id, '')
      || E'\n' || coalesce(changes ->> 'targetName', ''))`;
    expect(differing).toEqual([]);
    // The personal-data erasure rewrites changes and e-mail addresses in place: the search must follow.
    await t.sql`update audit_log set changes = jsonb_set(changes, '{targetName}', '"Geneva Board"')
      where changes ->> 'targetName' = 'Zürich ÉCOLE Board'`;
    expect(await searchIds('zürich')).toEqual([]);
    expect((await searchIds('geneva')).map((row) => row.targetName)).toEqual(['Geneva Board']);
  });

  it('does not hand out the search text', async () => {
    const [entry] = await (await as(admin).get('/api/admin/audit?page=1&pageSize=1')).json();
    expect(Object.keys(entry).sort()).toEqual(
      [
        'action',
        'actorEmail',
        'actorId',
        'actorName',
        'changes',
        'createdAt',
        'id',
        'targetId',
        'targetName',
        'targetType',
      ].sort(),
    );
  });
});

describe('readable audit entries (issue 27)', () => {
  it("names the organizations of a membership change, ids kept, and an erased person 'Erased person'", async () => {
    const north = await createOrganization(t.db, { name: 'Readable North' });
    const south = await createOrganization(t.db, { name: 'Readable South' });
    const person = await createUser(t.db, { email: 'readable@example.com', firstName: 'Rita', lastName: 'Readable' });
    const put = await as(admin).send('PUT', `/api/admin/users/${person.id}`, {
      email: person.email,
      firstName: 'Rita',
      lastName: 'Readable',
      organizationIds: [north.id, south.id],
    });
    expect(put.status).toBe(200);
    const [update] = await (await as(admin).get('/api/admin/audit?page=1&pageSize=1&action=user.update')).json();
    expect(update.changes.organizationIds).toEqual({ from: [], to: [north.id, south.id] });
    expect(update.changes.organizations).toEqual({ from: [], to: ['Readable North', 'Readable South'] });

    const erased = await as(admin).send('POST', '/api/admin/personal-data/erase', { email: person.email });
    expect(erased.status).toBe(200);
    const entries: { targetType: string; targetId: string | null; targetName: string | null }[] = await (
      await as(admin).get('/api/admin/audit?page=1&pageSize=100&targetType=user')
    ).json();
    const aboutHer = entries.filter((e) => e.targetId === `erased-user-${person.id}@invalid`);
    expect(aboutHer.length).toBeGreaterThan(0);
    for (const entry of aboutHer) expect(entry.targetName).toBe('Erased person');
    expect(JSON.stringify(aboutHer)).not.toMatch(/Rita|readable@example\.com/);
  });

  it("shows an erased administrator's own actions as by 'Erased person'", async () => {
    const other = await signIn({ isAdmin: true, firstName: 'Otto' });
    await as(other).send('POST', '/api/admin/organizations', { name: 'Made by Otto' });
    expect((await as(admin).send('POST', '/api/admin/personal-data/erase', { email: other.email })).status).toBe(200);
    const [entry] = await (await as(admin).get('/api/admin/audit?page=1&pageSize=1&q=Made by Otto')).json();
    expect(entry).toMatchObject({ actorId: null, actorName: 'Erased person', actorEmail: null });
  });
});
