// @vitest-environment happy-dom
import type { DashboardDetail } from '@app/contracts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeUser, reply, requestsTo, stubApi } from '../../../testing/fake-api';
import { renderApp } from '../../../testing/render-app';

// happy-dom does not load frames and says so on the console for each one.
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const detail = (overrides: Partial<DashboardDetail> = {}): DashboardDetail => ({
  id: 5,
  name: 'Enrollment Overview',
  description: 'Enrollment by term and campus.',
  category: 'Education',
  type: 'PowerBI',
  embedUrl: 'https://app.powerbi.com/view?r=abc',
  thumbnailUrl: null,
  isPublic: false,
  ...overrides,
});

function openDashboard(dashboard: DashboardDetail | null, path = `/client/dashboard/${dashboard?.id ?? 5}`) {
  const id = path.split('/').pop();
  const api = stubApi({
    'GET /api/auth/user': reply(makeUser()),
    'GET /api/dashboards/organization': reply([]),
    [`GET /api/dashboards/${id}`]: dashboard
      ? reply(dashboard)
      : reply({ message: 'Dashboard not found', issues: [] }, 404),
  });
  return { ...renderApp(path), api };
}

describe('/client/dashboard/{id}', () => {
  it('shows the name, description, welcome, log-out and the viewer', async () => {
    const { api } = openDashboard(detail());
    expect(await screen.findByRole('heading', { level: 1, name: 'Enrollment Overview' })).toBeTruthy();
    expect(screen.getByTestId('dashboard-description').textContent).toBe('Enrollment by term and campus.');
    expect(screen.getByTestId('portal-welcome').textContent).toBe('Welcome, Ada');
    expect(screen.getByTestId('portal-logout').getAttribute('href')).toBe('/api/logout');
    expect(screen.getByTitle('Enrollment Overview').tagName).toBe('IFRAME');
    expect(requestsTo(api, 'GET /api/dashboards/5')).toHaveLength(1);
    await waitFor(() => expect(document.title).toBe('Enrollment Overview | Lucid Insight'));
  });

  it("says 'No description available' without a description", async () => {
    openDashboard(detail({ description: null }));
    expect((await screen.findByTestId('dashboard-description')).textContent).toBe('No description available');
  });

  it("goes back to the list with 'Back to Dashboards'", async () => {
    const { router } = openDashboard(detail());
    const back = await screen.findByRole('link', { name: 'Back to Dashboards' });
    expect(back.getAttribute('href')).toBe('/client/dashboard');
    fireEvent.click(back);
    await waitFor(() => expect(router.state.location.pathname).toBe('/client/dashboard'));
    expect(await screen.findByText('No Dashboards Available')).toBeTruthy();
  });

  it('explains the Pages control and Reset Pages for a PowerBI dashboard', async () => {
    openDashboard(detail());
    const tip = await screen.findByTestId('powerbi-tip');
    expect(tip.textContent).toContain('Pages');
    expect(tip.textContent).toContain('bottom left');
    expect(tip.textContent).toContain('Reset Pages');
  });

  it.each(['Looker', 'Tableau', 'Custom'])('has no PowerBI tip for a %s dashboard', async (type) => {
    openDashboard(detail({ type, embedUrl: 'https://lookerstudio.google.com/embed/reporting/1' }));
    await screen.findByRole('heading', { level: 1, name: 'Enrollment Overview' });
    expect(screen.queryByTestId('powerbi-tip')).toBeNull();
  });

  it('shows a picture for an image URL', async () => {
    openDashboard(detail({ type: 'Custom', embedUrl: 'https://images.example.com/report.Jpeg' }));
    const image = await screen.findByRole('img', { name: 'Enrollment Overview' });
    expect(image.getAttribute('src')).toBe('https://images.example.com/report.Jpeg');
    expect(document.querySelector('iframe')).toBeNull();
  });

  it.each([
    ['a dashboard the API does not show this client', '/client/dashboard/77'],
    ['a non-numeric id', '/client/dashboard/abc'],
  ])("shows the site's 404 page for %s", async (_what, path) => {
    openDashboard(null, path);
    expect(await screen.findByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeTruthy();
    expect(screen.queryByTestId('embed-viewer')).toBeNull();
  });

  it("shows 'Access Required' to an anonymous visitor without asking for the dashboard", async () => {
    const api = stubApi();
    renderApp('/client/dashboard/5');
    expect(await screen.findByRole('heading', { level: 1, name: 'Access Required' })).toBeTruthy();
    expect(requestsTo(api, 'GET /api/dashboards/5')).toHaveLength(0);
  });
});
