// @vitest-environment happy-dom
import type { ClientDashboard } from '@app/contracts';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  deferred,
  type FakeRoute,
  jsonResponse,
  makeUser,
  reply,
  requestsTo,
  stubApi,
} from '../../../testing/fake-api';
import { renderApp } from '../../../testing/render-app';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

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

function openList(list: ClientDashboard[] | FakeRoute, user = makeUser()) {
  const api = stubApi({
    'GET /api/auth/user': reply(user),
    'GET /api/dashboards/organization': typeof list === 'function' ? list : reply(list),
  });
  return { ...renderApp('/client/dashboard'), api };
}

describe('/client/dashboard', () => {
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
});
