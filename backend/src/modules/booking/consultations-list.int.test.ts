import type * as schema from '@app/db/schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { itGuardsTheList, useAdminTestApp } from '../../../testing/admin';
import { storeBookingAt } from '../../../testing/booking';

/** Issue 18: the consultations list is paged, filtered and sorted by the server, its total in X-Total-Count. */
const now = new Date('2026-10-28T12:00:00Z');
const app = useAdminTestApp({ clock: { now: () => now } });
const { t, admin, as } = app;

const get = async (query: string) => {
  const response = await as(admin).get(`/api/admin/consultations${query}`);
  const body = await response.json();
  return { status: response.status, body, total: response.headers.get('x-total-count') };
};
type Row = { id: number; name: string; history: { kind: string; changedBy: string }[] };
const ids = async (query: string) => {
  const answer = await get(query);
  expect(answer.status, query).toBe(200);
  return (answer.body as Row[]).map((row) => row.id);
};

const HOUR = 3_600_000;
/** The ids of the stored consultations, by the letter of their name. */
const id: Record<'a' | 'b' | 'c' | 'd' | 'e' | 'f', number> = { a: 0, b: 0, c: 0, d: 0, e: 0, f: 0 };

async function store(
  key: keyof typeof id,
  hoursFromNow: number,
  values: Omit<Partial<typeof schema.bookings.$inferInsert>, 'name' | 'email'> & { name: string; email: string },
) {
  const row = await storeBookingAt(t.db, new Date(now.getTime() + hoursFromNow * HOUR), {
    calendarUid: `list-${key}@test`,
    ...values,
  });
  id[key] = row.id;
}

beforeAll(async () => {
  // Upcoming a, b, c (soonest first), past d, e, f (latest first); 'Ann Able' and 'ann able' tie on the name.
  await store('a', 24, { name: 'Ann Able', email: 'ann@list.test', businessName: 'Acme 100%' });
  await store('b', 48, { name: 'Bob Baker', email: 'bob@list.test', businessName: 'Beta_Corp' });
  await store('c', 72, {
    name: 'Cat Cole',
    email: 'cat@list.test',
    source: 'scheduling_service',
    externalId: 'https://api.calendly.com/scheduled_events/x/invitees/cat',
  });
  await store('d', -24, { name: 'Dan Dare', email: 'dan@list.test', businessName: 'Acme Two' });
  await store('e', -48, {
    name: 'Eve Early',
    email: 'eve@list.test',
    businessName: 'Zeta',
    status: 'cancelled',
    source: 'scheduling_service',
    externalId: 'https://api.calendly.com/scheduled_events/x/invitees/eve',
  });
  await store('f', -72, { name: 'ann able', email: 'ann2@list.test', businessName: 'Other' });
  // Bob's consultation is cancelled on his behalf: a row with history.
  expect((await as(admin).send('POST', `/api/admin/consultations/${id.b}/cancel`)).status).toBe(202);
});

describe('GET /api/admin/consultations as a paged list', () => {
  it('without page, answers the whole list as before: upcoming soonest first, then past latest first', async () => {
    const whole = await get('');
    expect((whole.body as Row[]).map((row) => row.id)).toEqual([id.a, id.b, id.c, id.d, id.e, id.f]);
    expect(whole.total).toBe('6');
    expect(await ids('?when=upcoming')).toEqual([id.a, id.b, id.c]);
    expect(await ids('?when=past')).toEqual([id.d, id.e, id.f]);
  });

  it('answers pages of pageSize rows in that order, the total in X-Total-Count, and [] past the end', async () => {
    const first = await get('?page=1&pageSize=4');
    expect((first.body as Row[]).map((row) => row.id)).toEqual([id.a, id.b, id.c, id.d]);
    expect(first.total).toBe('6');
    const second = await get('?page=2&pageSize=4');
    expect((second.body as Row[]).map((row) => row.id)).toEqual([id.e, id.f]);
    expect(second.total).toBe('6');
    const beyond = await get('?page=3&pageSize=4');
    expect(beyond.body).toEqual([]);
    expect(beyond.total).toBe('6');
    expect((await get('?page=1')).body).toHaveLength(6);
  });

  it('keeps each row’s history on a page', async () => {
    const [bob] = (await get(`?page=1&pageSize=1&q=bob`)).body as Row[];
    expect(bob).toMatchObject({ id: id.b, history: [{ kind: 'cancelled', changedBy: 'admin' }] });
  });

  it('sorts by each allowed key both ways, ties broken by id ascending', async () => {
    expect(await ids('?sort=name&order=asc')).toEqual([id.a, id.f, id.b, id.c, id.d, id.e]);
    expect(await ids('?sort=name&order=desc')).toEqual([id.e, id.d, id.c, id.b, id.a, id.f]);
    expect(await ids('?sort=startsAt')).toEqual([id.f, id.e, id.d, id.a, id.b, id.c]);
    expect(await ids('?sort=startsAt&order=desc')).toEqual([id.c, id.b, id.a, id.d, id.e, id.f]);
    expect(await ids('?sort=status&order=asc')).toEqual([id.b, id.e, id.a, id.c, id.d, id.f]);
    expect(await ids('?sort=status&order=desc')).toEqual([id.a, id.c, id.d, id.f, id.b, id.e]);
    expect(await ids('?sort=source&order=desc')).toEqual([id.c, id.e, id.a, id.b, id.d, id.f]);
    expect(await ids('?sort=email&order=asc')).toEqual([id.f, id.a, id.b, id.c, id.d, id.e]);
    expect(await ids('?sort=businessName&order=asc')).toEqual([id.c, id.a, id.d, id.b, id.f, id.e]);
    expect(await ids('?sort=createdAt&order=asc')).toEqual([id.a, id.b, id.c, id.d, id.e, id.f]);
    expect(await ids('?sort=id&order=desc')).toEqual([id.f, id.e, id.d, id.c, id.b, id.a]);
  });

  it('answers parallel pages of a sort with ties without overlaps or gaps', async () => {
    const pages = await Promise.all([1, 2, 3].map((page) => ids(`?page=${page}&pageSize=2&sort=status`)));
    expect(pages.flat()).toEqual([id.b, id.e, id.a, id.c, id.d, id.f]);
  });

  it('searches the name, e-mail and business with q, beside when, status and source', async () => {
    expect(await ids('?q=ACME')).toEqual([id.a, id.d]);
    expect(await ids('?q=acme&when=past')).toEqual([id.d]);
    expect(await ids('?q=eve%40list')).toEqual([id.e]);
    expect(await ids('?q=%20ann%20able%20')).toEqual([id.a, id.f]);
    // `%` and `_` mean themselves.
    expect(await ids('?q=%25')).toEqual([id.a]);
    expect(await ids('?q=_')).toEqual([id.b]);
    expect(await ids('?status=cancelled')).toEqual([id.b, id.e]);
    expect(await ids('?source=scheduling_service&status=confirmed')).toEqual([id.c]);
    const page = await get('?q=list.test&status=confirmed&source=form&sort=name&order=desc&page=1&pageSize=2');
    expect((page.body as Row[]).map((row) => row.id)).toEqual([id.d, id.a]);
    expect(page.total).toBe('3');
  });

  itGuardsTheList(app, '/api/admin/consultations', [
    ['page=1e309', 'page must be a whole number'],
    ['page=-1', 'page must be a whole number'],
    ['page=abc', 'page must be a whole number'],
    ['page=0', 'page must be a whole number from 1 to 1,000,000'],
    ['page=1&pageSize=abc', 'pageSize must be a whole number from 1 to 100'],
    ['page=1&pageSize=101', 'pageSize must be a whole number from 1 to 100'],
    ['page=1&pageSize=-1', 'pageSize must be a whole number from 1 to 100'],
    ['sort=phone', 'sort must be one of startsAt, name, email, businessName, status, source, createdAt, id'],
    ['sort=name&order=up', 'order must be asc or desc'],
    ['q=%00', 'q must not contain a NUL character'],
    [`q=${'x'.repeat(201)}`, 'q must be at most 200 characters'],
    ['when=soon', 'when must be upcoming, past or all'],
    ['status=maybe', 'status must be one of confirmed, cancelled'],
    ['source=fax', 'source must be one of form, scheduling_service'],
  ]);
});
