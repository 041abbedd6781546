// @vitest-environment happy-dom
import type { ClientDashboard, PortalOrganization } from '@app/contracts';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cleanUpAfterEachTest } from '../../../testing/clean-up';
import type { FakeRoute } from '../../../testing/fake-api';
import { deferred, jsonResponse, makeUser, reply, requestsTo, stubApi } from '../../../testing/fake-api';
import { renderApp } from '../../../testing/render-app';

cleanUpAfterEachTest();

const dashboard = (overrides: Partial<ClientDashboard> = {}): ClientDashboard => ({
  id: 3,
  name: 'Enrollment Overview',
  category: 'Education',
  type: 'PowerBI',
  description: 'Enrollment by term and campus.',
  thumbnailUrl: null,
  lastViewedAt: null,
  isFavourite: false,
  organizations: [{ id: 1, name: 'Acme' }],
  ...overrides,
});

const acme = { id: 1, name: 'Acme', logoUrl: 'https://cdn.example.com/acme.png', isActive: true };

function openList(
  list: ClientDashboard[] | FakeRoute,
  user = makeUser(),
  organizations: PortalOrganization[] = [acme],
  more: Record<string, FakeRoute> = {},
) {
  const api = stubApi({
    'GET /api/auth/user': reply(user),
    'GET /api/dashboards/organization': typeof list === 'function' ? list : reply(list),
    'GET /api/dashboards/organizations': reply(organizations),
    ...more,
  });
  return { ...renderApp('/client/dashboard'), api };
}

describe('/client/dashboard', () => {
  it("says the organization's access was paused, and whom to contact, rather than 'no dashboards assigned'", async () => {
    openList([], makeUser(), [{ ...acme, isActive: false }]);
    expect(await screen.findByRole('heading', { level: 2, name: "Your organization's access is paused" })).toBeTruthy();
    expect(screen.getByTestId('access-paused-message').textContent).toContain('Acme');
    expect(screen.queryByTestId('dashboards-empty')).toBeNull();
    // A paused organization is not in the header.
    expect(screen.queryByTestId('portal-organization')).toBeNull();
  });

  it("says 'Loading your dashboards...' until the list arrives", async () => {
    const pending = deferred();
    openList(pending);
    expect(await screen.findByText('Loading your dashboards...')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Client Dashboard' })).toBeTruthy();
    pending.respond(jsonResponse([dashboard()]));
    expect(await screen.findByTestId('dashboards-grid')).toBeTruthy();
    expect(screen.queryByText('Loading your dashboards...')).toBeNull();
  });

  it("shows 'No Dashboards Available' for an organization without dashboards", async () => {
    openList([]);
    const empty = await screen.findByTestId('dashboards-empty');
    expect(within(empty).getByRole('heading', { name: 'No Dashboards Available' })).toBeTruthy();
    expect(empty.textContent).toContain(
      'Your organization does not have any dashboards assigned yet, contact your account manager.',
    );
    expect(screen.queryByTestId('dashboards-grid')).toBeNull();
  });

  it('lists each dashboard as a card: name, category badge, description or its fallback, View Dashboard', async () => {
    const { api } = openList([
      dashboard(),
      dashboard({ id: 9, name: 'Stress Survey', category: 'Research', description: null }),
      dashboard({ id: 12, name: 'Shop Floor', category: 'Operations', description: '  ' }),
    ]);
    await screen.findByTestId('dashboards-grid');
    const cards = screen.getAllByTestId('dashboard-card');
    expect(cards.map((card) => within(card).getByRole('heading', { level: 2 }).textContent)).toEqual([
      'Enrollment Overview',
      'Stress Survey',
      'Shop Floor',
    ]);
    const [first, second, third] = cards.map((card) => within(card)) as [
      ReturnType<typeof within>,
      ReturnType<typeof within>,
      ReturnType<typeof within>,
    ];
    expect(first.getByText('Education')).toBeTruthy();
    expect(first.getByTestId('dashboard-card-description').textContent).toBe('Enrollment by term and campus.');
    expect(second.getByText('Research')).toBeTruthy();
    expect(second.getByTestId('dashboard-card-description').textContent).toBe('No description available');
    expect(third.getByTestId('dashboard-card-description').textContent).toBe('No description available');
    const link = first.getByRole('link', { name: 'View Dashboard' });
    expect(link.getAttribute('href')).toBe('/client/dashboard/3');
    expect(second.getByRole('link', { name: 'View Dashboard' }).getAttribute('href')).toBe('/client/dashboard/9');
    // The link says which dashboard it opens.
    expect(document.getElementById(link.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Enrollment Overview',
    );
    expect(requestsTo(api, 'GET /api/dashboards/organization')).toHaveLength(1);
  });

  it("welcomes the client by first name and offers 'Log Out' as a full-page link to /api/logout", async () => {
    openList([]);
    await screen.findByTestId('dashboards-empty');
    expect(screen.getByTestId('header-welcome').textContent).toBe('Welcome, Ada');
    const logOut = screen.getByTestId('header-logout');
    expect(logOut.tagName).toBe('A');
    expect(logOut.textContent).toBe('Log Out');
    expect(logOut.getAttribute('href')).toBe('/api/logout');
  });

  it.each([
    ['the e-mail address without a first name', { firstName: null }, 'Welcome, ada@example.com'],
    ['the e-mail address for a blank first name', { firstName: '  ' }, 'Welcome, ada@example.com'],
    ["'Client' without either", { firstName: null, email: '' }, 'Welcome, Client'],
  ])('welcomes with %s', async (_what, overrides, text) => {
    openList([], makeUser(overrides as Parameters<typeof makeUser>[0]));
    await screen.findByTestId('dashboards-empty');
    expect(screen.getByTestId('header-welcome').textContent).toBe(text);
  });

  it('says so when the list cannot be loaded', async () => {
    openList(() => jsonResponse({ message: 'Boom' }, 500));
    expect(await screen.findByTestId('dashboards-error')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain("We couldn't load your dashboards");
  });

  it('does not ask for the list for an anonymous visitor', async () => {
    const api = stubApi();
    renderApp('/client/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Access Required' })).toBeTruthy();
    expect(requestsTo(api, 'GET /api/dashboards/organization')).toHaveLength(0);
  });

  it("shows the organization's logo and name, or its initial without a logo", async () => {
    openList([dashboard()], makeUser(), [acme]);
    const banner = await screen.findByTestId('portal-organizations');
    const logo = within(banner).getByRole('img', { name: 'Acme logo' });
    expect(logo.getAttribute('src')).toBe('https://cdn.example.com/acme.png');
    expect(within(banner).getByTestId('portal-organization-name').textContent).toBe('Acme');
    cleanup();
    openList([dashboard()], makeUser(), [{ id: 2, name: 'beta labs', logoUrl: null, isActive: true }]);
    expect((await screen.findByTestId('portal-organization-initial')).textContent).toBe('B');
  });

  it("shows each card's organizations only to a person in several", async () => {
    const two = [acme, { id: 2, name: 'Beta', logoUrl: null, isActive: true }];
    openList([dashboard({ organizations: [{ id: 2, name: 'Beta' }] })], makeUser(), two);
    await waitFor(() => expect(screen.getByTestId('dashboard-card-organization').textContent).toBe('From Beta'));
    cleanup();
    openList([dashboard()], makeUser(), [acme]);
    await screen.findByTestId('dashboards-grid');
    expect(screen.queryByTestId('dashboard-card-organization')).toBeNull();
  });

  it("shows the card's own thumbnail, else a neutral placeholder with its own name; and the last view", async () => {
    openList([
      dashboard({
        thumbnailUrl: '/images/custom.png',
        lastViewedAt: new Date(Date.now() - 3 * 86_400_000).toISOString(),
      }),
      dashboard({ id: 9, name: 'Contoso Sales Pipeline', category: 'Sales' }),
    ]);
    await screen.findByTestId('dashboards-grid');
    const pictures = screen.getAllByTestId('dashboard-card-picture').map((img) => img.getAttribute('src'));
    expect(pictures).toEqual(['/images/custom.png']);
    const placeholders = screen.getAllByTestId('dashboard-card-placeholder');
    expect(placeholders.map((p) => p.textContent)).toEqual(['Contoso Sales Pipeline']);
    expect(placeholders[0]!.querySelector('img')).toBeNull();
    // A thumbnail that fails to load gives way to the placeholder too.
    fireEvent.error(screen.getByTestId('dashboard-card-picture'));
    expect(screen.getAllByTestId('dashboard-card-placeholder')).toHaveLength(2);
    const lastViews = screen.getAllByTestId('dashboard-card-last-viewed').map((p) => p.textContent);
    expect(lastViews).toEqual(['Last viewed 3 days ago', 'Not viewed yet']);
  });

  it('narrows the cards as the person types, says when nothing matches, and clears', async () => {
    openList([
      dashboard(),
      dashboard({ id: 9, name: 'Stress Survey', category: 'Research', description: 'Wellbeing by wave' }),
    ]);
    const search = await screen.findByLabelText('Search dashboards');
    const names = () => screen.queryAllByTestId('dashboard-card-name').map((h) => h.textContent);
    fireEvent.change(search, { target: { value: 'wellbeing' } });
    await waitFor(() => expect(names()).toEqual(['Stress Survey']));
    expect(screen.getByTestId('dashboards-count').textContent).toBe('1 of 2 dashboards');
    fireEvent.change(search, { target: { value: 'nothing like it' } });
    const none = await screen.findByTestId('dashboards-no-match');
    expect(within(none).getByRole('heading').textContent).toBe('No dashboards match');
    act(() => fireEvent.click(within(none).getByRole('button', { name: 'Clear search' })));
    await waitFor(() => expect(names()).toEqual(['Enrollment Overview', 'Stress Survey']));
    expect(document.activeElement).toBe(search);
  });

  it('stars a dashboard with a toggle button: the server is told, the card stays under the pointer until the list is next loaded', async () => {
    let starred = false;
    const { api } = openList(
      () =>
        jsonResponse([
          ...(starred ? [dashboard({ id: 9, name: 'Stress Survey', isFavourite: true })] : []),
          dashboard(),
          ...(starred ? [] : [dashboard({ id: 9, name: 'Stress Survey' })]),
        ]),
      makeUser(),
      [acme],
      {
        'PUT /api/dashboards/9/favourite': () => {
          starred = true;
          return jsonResponse({ dashboardId: 9, isFavourite: true });
        },
      },
    );
    await screen.findByTestId('dashboards-grid');
    const star = screen.getByRole('button', { name: 'Favourite: Stress Survey' });
    expect(star.getAttribute('aria-pressed')).toBe('false');
    act(() => fireEvent.click(star));
    const names = () => screen.getAllByTestId('dashboard-card-name').map((h) => h.textContent);
    await waitFor(() => expect(requestsTo(api, 'GET /api/dashboards/organization')).toHaveLength(2));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Favourite: Stress Survey' }).getAttribute('aria-pressed')).toBe(
        'true',
      ),
    );
    // Read again with the star first, yet shown where it was: the card did not move from under the pointer.
    expect(names()).toEqual(['Enrollment Overview', 'Stress Survey']);
    expect(requestsTo(api, 'PUT /api/dashboards/9/favourite')).toHaveLength(1);
    // The next time the list is loaded, favourites come first.
    cleanup();
    openList(() => jsonResponse([dashboard({ id: 9, name: 'Stress Survey', isFavourite: true }), dashboard()]));
    await screen.findByTestId('dashboards-grid');
    expect(names()).toEqual(['Stress Survey', 'Enrollment Overview']);
  });
});
