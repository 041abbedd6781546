import { useTestDatabase } from '@app/db/testing';
import { asc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { migrationSql } from './migrate';
import { bookings, contactMessages, leads } from './schema';

const handle = useTestDatabase(2);

/** The SQL of the migration that makes a lead of every message and booking (issue 27, decision 049). */
const migration = () => migrationSql('leads_from_messages_and_bookings');

const at = (day: number) => new Date(Date.UTC(2026, 9, day, 12));
const booking = (name: string, email: string, businessName: string | null, day: number) => ({
  name,
  email,
  businessName,
  date: '2026-12-01',
  timeLabel: '09:00 AM - 09:30 AM',
  timeZone: 'UTC',
  startsAt: new Date(Date.UTC(2026, 11, 1, day)),
  endsAt: new Date(Date.UTC(2026, 11, 1, day, 30)),
  calendarUid: `migration-${day}@test`,
  createdAt: at(day),
});
const message = (name: string, email: string, day: number, isSpam = false) => ({
  name,
  email,
  subject: 'Hello',
  message: 'A message long enough.',
  isSpam,
  createdAt: at(day),
});

describe('the leads migration', () => {
  it('back-fills one lead per person from the messages and bookings stored before, and keeps them after', async () => {
    // The database as it was before the migration: no trigger, no leads.
    await handle.sql.unsafe(`
      drop trigger "contact_messages_lead" on "contact_messages";
      drop trigger "bookings_lead" on "bookings";
      delete from "leads";`);
    await handle.db
      .insert(contactMessages)
      .values([
        message('Ann', 'Ann@Old.test', 1),
        message('Ann Lee', ' ann@old.test', 5),
        message('Spam Bot', 'spam@old.test', 2, true),
        message('Carl Contact', 'carl@old.test', 3),
      ]);
    await handle.db
      .insert(bookings)
      .values([booking('Ann L.', 'ANN@old.test', 'Old Co', 3), booking('Bea Booker', 'bea@old.test', '  ', 4)]);
    await handle.sql.unsafe(migration());

    const rows = await handle.db.select().from(leads).orderBy(asc(leads.email));
    expect(
      rows.map((r) => [
        r.email,
        r.name,
        r.businessName,
        r.status,
        r.createdAt.toISOString(),
        r.lastActivityAt.toISOString(),
      ]),
    ).toEqual([
      ['ann@old.test', 'Ann Lee', 'Old Co', 'consultation', at(1).toISOString(), at(5).toISOString()],
      ['bea@old.test', 'Bea Booker', null, 'consultation', at(4).toISOString(), at(4).toISOString()],
      ['carl@old.test', 'Carl Contact', null, 'new', at(3).toISOString(), at(3).toISOString()],
    ]);

    // From now on the database keeps them: a new message joins its person's lead, a booking moves it on.
    await handle.db.insert(contactMessages).values(message('Carl C.', 'CARL@old.test ', 6));
    await handle.db.insert(bookings).values(booking('Carl C.', 'carl@old.test', 'Carl Ltd', 7));
    await handle.db.insert(contactMessages).values(message('Spam Bot', 'bot@old.test', 8, true));
    const after = await handle.db.select().from(leads).orderBy(asc(leads.email));
    expect(after.map((r) => r.email)).toEqual(['ann@old.test', 'bea@old.test', 'carl@old.test']);
    expect(after[2]).toMatchObject({ name: 'Carl C.', businessName: 'Carl Ltd', status: 'consultation' });
  });
});
