import * as schema from '@app/db/schema';
import { createDashboard, createOrganization, linkDashboard } from '@app/db/testing';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useAdminTestApp } from '../../../testing/admin';

const { t, as, admin } = useAdminTestApp();

describe('dashboards', () => {
  it('keep only the https src of pasted iframe code (D18), and report views (D19)', async () => {
    const created = await as(admin).send('POST', '/api/admin/dashboards', {
      name: 'Sales',
      category: 'Sales',
      type: 'PowerBI',
      embedUrl:
        '<iframe title="Sales" width="600" src="https://app.powerbi.com/view?r=abc&amp;x=1" frameborder="0"></iframe>',
      thumbnailUrl: '',
      isPublic: false,
    });
    expect(created.status).toBe(201);
    const sales = await created.json();
    expect(sales).toMatchObject({
      embedUrl: 'https://app.powerbi.com/view?r=abc&x=1',
      viewCount: 0,
      lastViewedAt: null,
      isPublic: false,
    });
    // Reading the dashboard records nothing; being shown it records a view, but an admin's is a preview: not a
    // client's use of it (D33, D37).
    await as(admin).get(`/api/dashboards/${sales.id}`);
    await as(admin).send('POST', `/api/dashboards/${sales.id}/views`, { loaded: true });
    const listed = (await (await as(admin).get('/api/admin/dashboards-direct')).json()).find(
      (d: { id: number }) => d.id === sales.id,
    );
    expect(listed.viewCount).toBe(0);
    expect(listed.lastViewedAt).toBeNull();
    expect(
      await t.db.select().from(schema.dashboardViews).where(eq(schema.dashboardViews.dashboardId, sales.id)),
    ).toMatchObject([{ byAdmin: true }]);
    const updated = await as(admin).send('PUT', `/api/admin/dashboards/${sales.id}`, {
      ...sales,
      name: 'Sales 2026',
      isPublic: true,
    });
    expect(await updated.json()).toMatchObject({ name: 'Sales 2026', isPublic: true });
  });

  it.each([
    [{ name: '' }, 'Dashboard name is required'],
    [{ category: '' }, 'Category is required'],
    [{ type: '' }, 'Type is required'],
    [{ embedUrl: '' }, 'Embed URL is required'],
    [{ category: 'Astrology' }, 'Category must be one of Education, Research, Operations, Sales, Finance, HR'],
    [
      { embedUrl: 'http://insecure.example/x' },
      'The embed URL must be an https address (or iframe code whose src is one)',
    ],
    [
      { embedUrl: '<script>alert(1)</script>' },
      'The embed URL must be an https address (or iframe code whose src is one)',
    ],
  ])('refuses a bad dashboard with a clear message (%#)', async (override, message) => {
    const body = {
      name: 'N',
      category: 'Sales',
      type: 'Looker',
      embedUrl: 'https://lookerstudio.google.com/x',
      ...override,
    };
    const response = await as(admin).send('POST', '/api/admin/dashboards', body);
    expect(response.status).toBe(422);
    expect((await response.json()).message).toBe(message);
  });

  it('are deleted with their links to organizations', async () => {
    const org = await createOrganization(t.db);
    const dashboard = await createDashboard(t.db);
    await linkDashboard(t.db, org.id, dashboard.id);
    expect((await as(admin).send('DELETE', `/api/admin/dashboards/${dashboard.id}`)).status).toBe(204);
    const links = await t.db
      .select()
      .from(schema.organizationDashboards)
      .where(eq(schema.organizationDashboards.dashboardId, dashboard.id));
    expect(links).toHaveLength(0);
    expect((await as(admin).send('DELETE', `/api/admin/dashboards/${dashboard.id}`)).status).toBe(404);
  });
});
