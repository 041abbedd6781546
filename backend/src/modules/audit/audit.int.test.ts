import { createUser } from '@app/db/testing';
import { describe, expect, it } from 'vitest';
import { useAdminTestApp } from '../../../testing/admin';

const { t, as, admin } = useAdminTestApp();

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
