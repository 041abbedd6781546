import * as schema from '@app/db/schema';
import { createDashboard, createOrganization, linkDashboard } from '@app/db/testing';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useAdminTestApp } from '../../../testing/admin';

const { t, as, admin } = useAdminTestApp();

/** An organization linked to a dashboard, and the path that unlinks them. */
async function linked(organizationName: string, dashboardValues: Parameters<typeof createDashboard>[1] = {}) {
  const org = await createOrganization(t.db, { name: organizationName });
  const dashboard = await createDashboard(t.db, dashboardValues);
  await linkDashboard(t.db, org.id, dashboard.id);
  return { org, dashboard, path: `/api/admin/organization-dashboards/${org.id}/${dashboard.id}` };
}

describe('associations', () => {
  it('link a dashboard to an organization once; the second time is refused clearly', async () => {
    const org = await createOrganization(t.db, { name: 'Linked Org' });
    const dashboard = await createDashboard(t.db, { name: 'Linked Dashboard', category: 'HR', type: 'Tableau' });
    const body = { organizationId: String(org.id), dashboardId: String(dashboard.id) };
    const first = await as(admin).send('POST', '/api/admin/organization-dashboards', body);
    expect(first.status).toBe(201);
    expect(await first.json()).toEqual({
      organizationId: org.id,
      organizationName: 'Linked Org',
      dashboardId: dashboard.id,
      dashboardName: 'Linked Dashboard',
      dashboardCategory: 'HR',
      dashboardType: 'Tableau',
      dashboardEmbedMode: 'url',
      dataScope: null,
    });
    const second = await as(admin).send('POST', '/api/admin/organization-dashboards', body);
    expect(second.status).toBe(409);
    expect((await second.json()).message).toBe('This dashboard is already linked to this organization');
    const list = await (await as(admin).get('/api/admin/organization-dashboards')).json();
    expect(list).toContainEqual(
      expect.objectContaining({ organizationName: 'Linked Org', dashboardName: 'Linked Dashboard' }),
    );
    const missing = await as(admin).send('POST', '/api/admin/organization-dashboards', {
      organizationId: '',
      dashboardId: '',
    });
    expect((await missing.json()).message).toBe('Please choose an organization');
  });
});

describe('undoing links (issue 12, item 13)', () => {
  it('unlink a dashboard from an organization: 204, gone from the list, audited with names; 404 the second time', async () => {
    const { org, dashboard, path } = await linked('Unlink Org', { name: 'Unlink Dashboard' });

    const removed = await as(admin).send('DELETE', path);
    expect(removed.status).toBe(204);
    const list: { organizationId: number; dashboardId: number }[] = await (
      await as(admin).get('/api/admin/organization-dashboards')
    ).json();
    expect(list.filter((l) => l.organizationId === org.id && l.dashboardId === dashboard.id)).toEqual([]);
    const [entry] = await (await as(admin).get('/api/admin/audit')).json();
    expect(entry).toMatchObject({
      actorId: admin.id,
      actorName: 'Ada User',
      action: 'organization.unlink-dashboard',
      targetType: 'organization',
      targetId: String(org.id),
      targetName: 'Unlink Org',
      changes: { dashboardId: dashboard.id, dashboardName: 'Unlink Dashboard' },
    });

    const again = await as(admin).send('DELETE', path);
    expect(again.status).toBe(404);
    expect((await again.json()).message).toBe('This dashboard is not linked to this organization');
    expect((await as(admin).send('DELETE', '/api/admin/organization-dashboards/999999/1')).status).toBe(404);
    // Ids that cannot exist (not digits, or too large) are simply not found, as on the other admin routes.
    expect((await as(admin).send('DELETE', '/api/admin/organization-dashboards/x/1')).status).toBe(404);
    expect((await as(admin).send('DELETE', '/api/admin/organization-dashboards/99999999999999/1')).status).toBe(404);
    expect((await as(admin).send('DELETE', '/api/admin/organization-users/1%00/1')).status).toBe(404);
  });

  it('two parallel unlinks of one link: one 204, one 404, one audit row', async () => {
    const { org, path } = await linked('Race Org');
    const statuses = (await Promise.all([as(admin).send('DELETE', path), as(admin).send('DELETE', path)]))
      .map((r) => r.status)
      .sort();
    expect(statuses).toEqual([204, 404]);
    const rows = await t.db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.targetId, String(org.id)));
    expect(rows.filter((r) => r.action === 'organization.unlink-dashboard')).toHaveLength(1);
  });

  it('are documented with every answer in the OpenAPI document', async () => {
    // The administration's routes are in the document an administrator reads (issue 26).
    const spec = await (await as(admin).get('/api/docs/json')).json();
    for (const path of [
      '/api/admin/organization-dashboards/{organizationId}/{dashboardId}',
      '/api/admin/organization-users/{organizationId}/{userId}',
    ]) {
      const responses = spec.paths[path]?.delete?.responses ?? {};
      expect(Object.keys(responses).sort(), path).toEqual(['204', '401', '403', '404', '409', '422']);
    }
  });
});
