import * as schema from '@app/db/schema';
import { addMembership, createOrganization, createUser } from '@app/db/testing';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useAdminTestApp } from '../../../testing/admin';

const { t, as, admin, client, signIn } = useAdminTestApp();

describe('users', () => {
  it('are created in an organization with the invitation queued as an event (202 path of D22), e-mails unique', async () => {
    const org = await createOrganization(t.db, { name: 'Members Ltd' });
    const response = await as(admin).send('POST', '/api/admin/users', {
      email: 'new.client@example.com',
      firstName: 'New',
      lastName: 'Client',
      organizationId: String(org.id),
      isAdmin: false,
      sendRegistrationEmail: true,
    });
    expect(response.status).toBe(201);
    const user = await response.json();
    expect(user).toMatchObject({
      email: 'new.client@example.com',
      accountSetupComplete: false,
      hasLoggedIn: false,
      organizations: [{ id: org.id, name: 'Members Ltd' }],
    });
    const events = await t.db.select().from(schema.outboxEvents).where(eq(schema.outboxEvents.type, 'user.invited'));
    expect(events.map((e) => e.payload)).toContainEqual({ userId: user.id });

    const again = await as(admin).send('POST', '/api/admin/users', { email: 'NEW.client@example.com' });
    expect(again.status).toBe(409);
    expect((await again.json()).message).toBe('A user with this email already exists');
    const bad = await as(admin).send('POST', '/api/admin/users', { email: 'nope' });
    expect((await bad.json()).message).toBe('Please enter a valid email address');
  });

  it('are updated with their organizations replaced', async () => {
    const a = await createOrganization(t.db, { name: 'A org' });
    const b = await createOrganization(t.db, { name: 'B org' });
    const user = await createUser(t.db);
    await addMembership(t.db, a.id, user.id);
    const response = await as(admin).send('PUT', `/api/admin/users/${user.id}`, {
      email: user.email,
      firstName: 'Renamed',
      lastName: 'Person',
      organizationIds: [String(b.id)],
      isAdmin: true,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      firstName: 'Renamed',
      isAdmin: true,
      organizations: [{ id: b.id, name: 'B org' }],
    });
    const taken = await as(admin).send('PUT', `/api/admin/users/${user.id}`, {
      email: client.email,
      organizationIds: [],
    });
    expect(taken.status).toBe(409);
  });

  it('cannot take away their own admin rights, deactivate or delete themselves (D10)', async () => {
    const revoke = await as(admin).send('POST', `/api/admin/users/${admin.id}/toggle-admin`, { isAdmin: false });
    expect(revoke.status).toBe(403);
    expect((await revoke.json()).message).toBe('Cannot remove own admin privileges');
    const viaEdit = await as(admin).send('PUT', `/api/admin/users/${admin.id}`, { email: 'x@y.co', isAdmin: false });
    expect((await viaEdit.json()).message).toBe('Cannot remove own admin privileges');
    const deactivate = await as(admin).send('POST', `/api/admin/users/${admin.id}/toggle-status`, { isActive: false });
    expect((await deactivate.json()).message).toBe('You cannot deactivate your own account');
    const remove = await as(admin).send('DELETE', `/api/admin/users/${admin.id}`);
    expect((await remove.json()).message).toBe('You cannot delete your own account');
  });

  it('lose their sessions when deactivated, and everything of theirs when deleted', async () => {
    const victim = await signIn();
    expect((await as(victim).get('/api/auth/user')).status).toBe(200);
    const off = await as(admin).send('POST', `/api/admin/users/${victim.id}/toggle-status`, { isActive: false });
    expect((await off.json()).isActive).toBe(false);
    expect((await as(victim).get('/api/auth/user')).status).toBe(401);
    await as(admin).send('POST', `/api/admin/users/${victim.id}/toggle-status`, { isActive: true });

    const org = await createOrganization(t.db);
    await addMembership(t.db, org.id, victim.id);
    expect((await as(admin).send('DELETE', `/api/admin/users/${victim.id}`)).status).toBe(204);
    expect(await t.db.select().from(schema.users).where(eq(schema.users.id, victim.id))).toHaveLength(0);
    expect(await t.db.select().from(schema.memberships).where(eq(schema.memberships.userId, victim.id))).toHaveLength(
      0,
    );
    expect(await t.db.select().from(schema.sessions).where(eq(schema.sessions.userId, victim.id))).toHaveLength(0);
  });

  it('get admin rights granted and e-mails queued with 202', async () => {
    const user = await createUser(t.db, { email: 'promote@example.com' });
    const granted = await as(admin).send('POST', `/api/admin/users/${user.id}/toggle-admin`, { isAdmin: true });
    expect((await granted.json()).isAdmin).toBe(true);
    const invite = await as(admin).send('POST', '/api/admin/send-registration-email', { email: 'promote@example.com' });
    expect(invite.status).toBe(202);
    expect(await invite.json()).toEqual({ message: 'Registration email sent' });
    const reset = await as(admin).send('POST', '/api/admin/send-password-reset', { email: 'PROMOTE@example.com' });
    expect(reset.status).toBe(202);
    const events = await t.db.select().from(schema.outboxEvents);
    expect(
      events
        .filter((e) => (e.payload as { userId?: number }).userId === user.id)
        .map((e) => e.type)
        .sort(),
    ).toEqual(['password_reset.requested', 'user.invited']);
    expect(
      (await as(admin).send('POST', '/api/admin/send-password-reset', { email: 'ghost@example.com' })).status,
    ).toBe(404);
  });
});

describe('the admin e-mail actions (issue 12, item 22)', () => {
  it('write the event and the audit row in one transaction: a failing audit insert leaves no event', async () => {
    const user = await createUser(t.db, { email: 'atomic@example.com' });
    // A real failure of the audit insert, for this user's reset only.
    await t.db.execute(
      sql.raw(`
      create function fail_reset_audit() returns trigger language plpgsql as $$
      begin
        if new.action = 'user.send-password-reset' and new.target_id = '${user.id}' then
          raise exception 'audit insert failed';
        end if;
        return new;
      end $$;
      create trigger fail_reset_audit before insert on audit_log
        for each row execute function fail_reset_audit();`),
    );
    try {
      const failed = await as(admin).send('POST', '/api/admin/send-password-reset', { email: 'atomic@example.com' });
      expect(failed.status).toBe(500);
      const events = await t.db.select().from(schema.outboxEvents);
      expect(events.filter((e) => (e.payload as { userId?: number }).userId === user.id)).toEqual([]);
    } finally {
      await t.db.execute(sql.raw('drop trigger fail_reset_audit on audit_log; drop function fail_reset_audit();'));
    }
    const sent = await as(admin).send('POST', '/api/admin/send-password-reset', { email: 'atomic@example.com' });
    expect(sent.status).toBe(202);
    const events = await t.db.select().from(schema.outboxEvents);
    expect(events.filter((e) => (e.payload as { userId?: number }).userId === user.id)).toHaveLength(1);
    const [entry] = await (await as(admin).get('/api/admin/audit')).json();
    expect(entry).toMatchObject({ action: 'user.send-password-reset', targetName: 'atomic@example.com' });
  });
});
