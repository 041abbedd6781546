import * as schema from '@app/db/schema';
import { createUser } from '@app/db/testing';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useAdminTestApp } from '../../../testing/admin';

// Issue 26, items 6 and 7: the audit log in a person's export and after their erasure.
const { t, as, admin, signIn } = useAdminTestApp();

let counter = 0;

const exportOf = async (email: string) => {
  const response = await as(admin).get(`/api/admin/personal-data?email=${encodeURIComponent(email)}`);
  expect(response.status).toBe(200);
  return response.json();
};

describe("the audit log in a person's export", () => {
  it("an administrator's export lists what they did to others without the others' data", async () => {
    const other = await signIn({ isAdmin: true, firstName: 'Otto' });
    const people: string[] = [];
    for (let i = 0; i < 5; i++) {
      const email = `someone.${++counter}@example.com`;
      people.push(email);
      const created = await as(other).send('POST', '/api/admin/users', {
        email,
        firstName: 'Private',
        lastName: `Surname${counter}`,
        sendRegistrationEmail: false,
      });
      expect(created.status).toBe(201);
      const { id } = await created.json();
      const renamed = await as(other).send('PUT', `/api/admin/users/${id}`, {
        email,
        firstName: 'Private',
        lastName: `Renamed${counter}`,
        organizationIds: [],
      });
      expect(renamed.status).toBe(200);
    }
    const data = await exportOf(other.email);
    expect(data.actionsOnOthers).toHaveLength(10);
    expect(new Set(data.actionsOnOthers.map((a: { action: string }) => a.action))).toEqual(
      new Set(['user.create', 'user.update']),
    );
    const text = JSON.stringify(data);
    for (const email of people) expect(text).not.toContain(email);
    expect(text).not.toMatch(/Surname|Renamed|Private/);
    expect(text).toContain(other.email);
  });

  it('an entry about the person is theirs, without the name of the administrator who made it', async () => {
    const person = await createUser(t.db, { email: `about.${++counter}@example.com`, lastName: 'Before' });
    const edit = await as(admin).send('PUT', `/api/admin/users/${person.id}`, {
      email: person.email,
      lastName: 'After',
      organizationIds: [],
    });
    expect(edit.status).toBe(200);
    const data = await exportOf(person.email);
    expect(data.auditEntries).toEqual([
      expect.objectContaining({
        action: 'user.update',
        byThisPerson: false,
        changes: expect.objectContaining({ lastName: { from: 'Before', to: 'After' } }),
      }),
    ]);
    expect(JSON.stringify(data)).not.toContain(admin.email);
  });

  it('an entry that names the address among others keeps only what names it', async () => {
    const email = `named.${++counter}@example.com`;
    await t.db.insert(schema.auditLog).values({
      actorId: admin.id,
      actorEmail: admin.email,
      action: 'booking.cancel',
      targetType: 'booking',
      targetId: '7',
      changes: { targetName: `Named Person <${email}>`, attendees: [email, 'another.person@example.com'], n: 3 },
    });
    const [entry] = (await exportOf(email)).auditEntries;
    expect(entry).toMatchObject({
      action: 'booking.cancel',
      targetId: null,
      changes: { targetName: `Named Person <${email}>`, attendees: [email] },
    });
    expect(JSON.stringify(entry)).not.toContain('another.person');
  });
});

describe('the audit log after an erasure', () => {
  it('keeps only the marker: no name, no former address, in changes, target or search text', async () => {
    const first = `first.${++counter}@example.com`;
    const email = `erased.${counter}@example.com`;
    const person = await createUser(t.db, { email: first, firstName: 'Zebedee', lastName: 'Quayle' });
    const edit = (body: object) =>
      as(admin).send('PUT', `/api/admin/users/${person.id}`, { organizationIds: [], ...body });
    expect((await edit({ email, firstName: 'Zebedee', lastName: 'Quintessa' })).status).toBe(200);
    expect((await as(admin).send('POST', `/api/admin/users/${person.id}/toggle-admin`, { isAdmin: true })).status).toBe(
      200,
    );
    // A booking's cancellation names the visitor beside their address.
    await t.db.insert(schema.auditLog).values({
      actorId: admin.id,
      actorEmail: admin.email,
      action: 'booking.cancel',
      targetType: 'booking',
      targetId: '9',
      changes: { targetName: `Zebedee Quintessa <${email}>`, status: { from: 'confirmed', to: 'cancelled' } },
    });
    // Three erases at once (a double click, two admins): one does it, the others find nothing left.
    const answers = await Promise.all(
      [1, 2, 3].map(() => as(admin).send('POST', '/api/admin/personal-data/erase', { email })),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const counts = await Promise.all(answers.map(async (a) => (await a.json()).auditEntries));
    expect(counts.sort()).toEqual([0, 0, 3]);

    const rows = await t.db.execute<{ row: string }>(
      sql`select ${schema.auditLog}::text as row from ${schema.auditLog}`,
    );
    const everything = rows.map((r) => r.row).join('\n');
    for (const trace of ['Zebedee', 'Quayle', 'Quintessa', first, email]) expect(everything).not.toContain(trace);
    const marker = `erased-user-${person.id}@invalid`;
    const about = await t.db.select().from(schema.auditLog).where(sql`${schema.auditLog.targetId} = ${marker}`);
    expect(about.map((row) => row.action).sort()).toEqual(['user.grant-admin', 'user.update']);
    const update = about.find((row) => row.action === 'user.update')!;
    // Which fields changed stays; what they were does not.
    expect(update.changes).toMatchObject({
      lastName: { from: marker, to: marker },
      email: { from: marker, to: marker },
    });
    // The list's search finds no trace either.
    for (const q of ['zebedee', 'quintessa', first])
      expect(await (await as(admin).get(`/api/admin/audit?q=${encodeURIComponent(q)}`)).json()).toEqual([]);
  });
});
