// @vitest-environment happy-dom
import type { Consultation } from '@app/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { adminApi, chooseRowAction } from '../../../testing/admin-fixtures';
import { cleanUpAfterEachTest } from '../../../testing/clean-up';
import { type FakeRoute, jsonResponse, reply, requestsTo } from '../../../testing/fake-api';
import { renderApp } from '../../../testing/render-app';
import { HELD_ELSEWHERE } from './consultation-actions';

// Issue 16: the Consultations tab, against the API's answers.

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
cleanUpAfterEachTest();

const consultation = (overrides: Partial<Consultation> = {}): Consultation => ({
  id: 3,
  name: 'Grace Hopper',
  email: 'grace@example.com',
  businessName: 'Navy Labs',
  lineOfWork: 'Computing',
  date: '2031-06-03',
  time: '10:00 AM - 10:30 AM',
  timeZone: 'America/New_York',
  startsAt: '2031-06-03T14:00:00.000Z',
  endsAt: '2031-06-03T14:30:00.000Z',
  status: 'confirmed',
  source: 'form',
  createdAt: '2031-05-01T12:00:00.000Z',
  cancelledAt: null,
  history: [
    {
      id: 1,
      kind: 'rescheduled',
      fromStartsAt: '2031-06-02T14:00:00.000Z',
      fromEndsAt: '2031-06-02T14:30:00.000Z',
      toStartsAt: '2031-06-03T14:00:00.000Z',
      toEndsAt: '2031-06-03T14:30:00.000Z',
      changedBy: 'visitor',
      actorName: null,
      createdAt: '2031-05-02T12:00:00.000Z',
    },
  ],
  ...overrides,
});

function openTab(routes: Parameters<typeof adminApi>[1] = {}, path = '/admin?tab=consultations') {
  const api = adminApi(
    {},
    {
      'GET /api/admin/consultations': reply([consultation()]),
      'GET /api/admin/closed-dates': reply([]),
      'GET /api/admin/calendar-feed': reply({ active: false, createdAt: null }),
      ...routes,
    },
  );
  renderApp(path);
  return api;
}

/** A page of the list as the API answers it: its rows, and the total of all pages in X-Total-Count. */
const page =
  (rows: Consultation[], total: number): FakeRoute =>
  () =>
    new Response(JSON.stringify(rows), {
      status: 200,
      headers: { 'content-type': 'application/json', 'x-total-count': String(total) },
    });

/** The first row, once the lazily loaded admin page has drawn it (slow on a busy machine). */
const firstRow = () => screen.findByTestId('consultation-row', {}, { timeout: 8000 });

describe('the Consultations tab', { timeout: 20_000 }, () => {
  it('shows when (company zone), who, business, source and the history', async () => {
    openTab();
    const row = await firstRow();
    expect(within(row).getByTestId('consultation-when').textContent).toContain('Tue, Jun 3, 2031, 10:00 AM – 10:30 AM');
    expect(row.textContent).toContain('grace@example.com');
    expect(row.textContent).toContain('Navy Labs');
    expect(row.textContent).toContain('Our form');
    expect(within(row).getByTestId('consultation-change').textContent).toContain(
      'Moved by the visitorfrom Mon, Jun 2, 2031, 10:00 AM – 10:30 AM to Tue, Jun 3, 2031, 10:00 AM – 10:30 AM',
    );
    // Its actions are in the row's menu (issue 27); Reschedule opens the booking feature's reschedule dialog, handed
    // over by the route.
    expect(
      within(row)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Actions for Grace Hopper']);
    await chooseRowAction('Grace Hopper', 'consultation-reschedule');
    expect((await screen.findByTestId('reschedule-dialog')).textContent).toContain(
      "Reschedule Grace Hopper's consultation",
    );
  });

  it('asks the API with the filters', async () => {
    const api = openTab({
      'GET /api/admin/consultations?page=1&pageSize=25&q=grace&when=past&status=cancelled': reply([
        consultation({ status: 'cancelled' }),
      ]),
    });
    await firstRow();
    fireEvent.change(screen.getByTestId('consultation-filter-when'), { target: { value: 'past' } });
    fireEvent.change(screen.getByTestId('consultation-filter-status'), { target: { value: 'cancelled' } });
    fireEvent.change(screen.getByTestId('consultation-filter-q'), { target: { value: 'grace' } });
    await waitFor(() =>
      expect(
        requestsTo(api, 'GET /api/admin/consultations?page=1&pageSize=25&q=grace&when=past&status=cancelled'),
      ).toHaveLength(1),
    );
    await waitFor(() => expect(screen.getByTestId('consultation-row').getAttribute('data-status')).toBe('cancelled'));
    // A cancelled one has nothing to offer: no menu.
    expect(screen.queryByRole('button', { name: 'Actions for Grace Hopper' })).toBeNull();
  });

  it('says that a booking the scheduling service holds is changed there, with no menu', async () => {
    openTab({ 'GET /api/admin/consultations': reply([consultation({ source: 'scheduling_service' })]) });
    const row = await firstRow();
    expect(within(row).getByTestId('consultation-status').textContent).toContain(HELD_ELSEWHERE);
    expect(within(row).queryByRole('button', { name: 'Actions for Grace Hopper' })).toBeNull();
  });

  it('cancels on the visitor’s behalf after asking, and shows a refusal as the API says it', async () => {
    let calls = 0;
    const api = openTab({
      'POST /api/admin/consultations/3/cancel': () =>
        ++calls === 1
          ? new Response(JSON.stringify({ message: 'This consultation is already cancelled.', issues: [] }), {
              status: 409,
              headers: { 'content-type': 'application/json' },
            })
          : new Response(JSON.stringify({ message: 'Cancelled' }), {
              status: 202,
              headers: { 'content-type': 'application/json' },
            }),
    });
    await firstRow();
    await chooseRowAction('Grace Hopper', 'consultation-cancel');
    const dialog = await screen.findByTestId('consultation-cancel-dialog');
    expect(dialog.getAttribute('role')).toBe('alertdialog');
    expect(dialog.textContent).toContain("Grace Hopper's consultation on Tue, Jun 3, 2031");
    // Nothing is sent before the admin confirms.
    expect(requestsTo(api, 'POST /api/admin/consultations/3/cancel')).toHaveLength(0);
    fireEvent.click(within(dialog).getByTestId('confirm-action'));
    expect((await screen.findByText('This consultation is already cancelled.')).textContent).toBeTruthy();
    fireEvent.click(within(await screen.findByTestId('consultation-cancel-dialog')).getByTestId('confirm-action'));
    await waitFor(() => expect(requestsTo(api, 'POST /api/admin/consultations/3/cancel')).toHaveLength(2));
    await screen.findByText('Consultation cancelled');
  });

  it('asks the server for the page, sort and filters of the URL, keeps changes in the URL, and shows them after a reload', async () => {
    const api = adminApi(
      {},
      {
        'GET /api/admin/consultations': page([consultation()], 60),
        'GET /api/admin/closed-dates': reply([]),
        'GET /api/admin/calendar-feed': reply({ active: false, createdAt: null }),
      },
    );
    const paths = () => api.requests.map((request) => request.path);
    const { router, unmount } = renderApp('/admin?tab=consultations&page=2&pageSize=10&sort=name&order=desc&when=all');
    await firstRow();
    // 'Upcoming and past' is the server's default, so the query leaves it out.
    expect(paths()).toContain('/api/admin/consultations?page=2&pageSize=10&sort=name&order=desc');
    expect(screen.getByTestId('consultation-page-status').textContent).toContain('Page 2 of 6');
    expect((screen.getByTestId('consultation-filter-when') as HTMLSelectElement).value).toBe('all');

    fireEvent.click(screen.getByTestId('consultation-page-next'));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ page: 3, sort: 'name', order: 'desc' }));
    await waitFor(() => expect(paths()).toContain('/api/admin/consultations?page=3&pageSize=10&sort=name&order=desc'));
    fireEvent.click(screen.getByTestId('consultation-sort-startsAt'));
    await waitFor(() =>
      expect(router.state.location.search).toMatchObject({ page: 1, sort: 'startsAt', order: 'asc' }),
    );
    // Choosing 'Upcoming and past' after the default 'Upcoming' is kept in the URL too.
    fireEvent.change(screen.getByTestId('consultation-filter-when'), { target: { value: 'upcoming' } });
    await waitFor(() => expect(router.state.location.search).not.toHaveProperty('when'));
    fireEvent.change(screen.getByTestId('consultation-filter-when'), { target: { value: 'all' } });
    await waitFor(() => expect(router.state.location.search).toMatchObject({ when: 'all' }));
    fireEvent.click(screen.getByTestId('consultation-page-next'));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ page: 2 }));

    // A reload: a new app on the same address shows the same view.
    const href = router.state.location.href;
    unmount();
    api.requests.length = 0;
    renderApp(href);
    await firstRow();
    await waitFor(() =>
      expect(paths()).toContain('/api/admin/consultations?page=2&pageSize=10&sort=startsAt&order=asc'),
    );
    expect(screen.getByTestId('consultation-page-status').textContent).toContain('Page 2 of 6');
    expect((screen.getByTestId('consultation-filter-when') as HTMLSelectElement).value).toBe('all');
  });
});

describe('closing a day', { timeout: 20_000 }, () => {
  const closeDay = async (date: string) => {
    const card = await screen.findByTestId('closed-dates', {}, { timeout: 8000 });
    fireEvent.change(within(card).getByTestId('closed-date-input'), { target: { value: date } });
    fireEvent.click(within(card).getByTestId('closed-date-add'));
    return card;
  };

  it('warns of the confirmed consultations of the day, offers to move or cancel each, and closes it once confirmed', async () => {
    const booked = [
      consultation({ id: 7, name: 'Ada Lovelace', email: 'ada@example.com', history: [] }),
      consultation({ id: 8, name: 'Alan Turing', email: 'alan@example.com', startsAt: '2031-06-03T15:00:00.000Z' }),
    ];
    const api = openTab(
      {
        'POST /api/admin/closed-dates': (request) =>
          (request.body as { confirm?: boolean }).confirm
            ? jsonResponse({ date: '2031-06-03', label: null, createdAt: '2031-05-01T12:00:00.000Z' }, 201)
            : jsonResponse(
                { message: 'Consultations are booked on that day.', issues: [], consultations: booked },
                409,
              ),
        'POST /api/admin/consultations/8/cancel': reply({ message: 'Cancelled' }, 202),
      },
      '/admin/closed-days',
    );
    const card = await closeDay('2031-06-03');
    const warning = await within(card).findByTestId('closed-date-warning');
    expect(warning.textContent).toContain('2 consultations are booked on Tuesday, June 3, 2031');
    expect(
      within(warning)
        .getAllByTestId('closed-date-booked')
        .map((row) => row.textContent),
    ).toEqual([
      expect.stringContaining('Ada Lovelace (ada@example.com)'),
      expect.stringContaining('Alan Turing (alan@example.com)'),
    ]);
    expect(screen.queryByText('Day closed')).toBeNull();

    // Move one: the admin's reschedule dialog for that consultation.
    fireEvent.click(within(warning).getByRole('button', { name: 'Reschedule Ada Lovelace' }));
    expect((await screen.findByTestId('reschedule-dialog')).textContent).toContain(
      "Reschedule Ada Lovelace's consultation",
    );
    fireEvent.click(within(screen.getByTestId('reschedule-dialog')).getByRole('button', { name: 'Close dialog' }));
    await waitFor(() => expect(screen.queryByTestId('reschedule-dialog')).toBeNull());
    // Cancel the other after asking: it leaves the list.
    fireEvent.click(within(warning).getByRole('button', { name: 'Cancel Alan Turing' }));
    fireEvent.click(within(await screen.findByTestId('consultation-cancel-dialog')).getByTestId('confirm-action'));
    await waitFor(() => expect(within(warning).getAllByTestId('closed-date-booked')).toHaveLength(1));
    expect(requestsTo(api, 'POST /api/admin/consultations/8/cancel')).toHaveLength(1);
    expect(warning.textContent).toContain('One consultation is booked');

    fireEvent.click(within(warning).getByTestId('closed-date-confirm'));
    await screen.findByText('Day closed');
    expect(requestsTo(api, 'POST /api/admin/closed-dates').map((r) => r.body)).toEqual([
      { date: '2031-06-03', label: '', confirm: false },
      { date: '2031-06-03', label: '', confirm: true },
    ]);
    await waitFor(() => expect(within(card).queryByTestId('closed-date-warning')).toBeNull());
  });

  it("shows the server's refusal of a past day", async () => {
    openTab(
      {
        'POST /api/admin/closed-dates': reply(
          { message: 'That day has passed. Only today or a later day can be closed.', issues: [] },
          422,
        ),
      },
      '/admin/closed-days',
    );
    const card = await closeDay('2020-01-06');
    expect((await within(card).findByTestId('closed-date-error')).textContent).toBe(
      'That day has passed. Only today or a later day can be closed.',
    );
    expect(within(card).queryByTestId('closed-date-warning')).toBeNull();
  });
});
