// @vitest-environment happy-dom
import type { DashboardDetail } from '@app/contracts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cleanUpAfterEachTest } from '../../../testing/clean-up';
import { makeUser, reply, requestsTo, stubApi } from '../../../testing/fake-api';
import { dashboardDetail } from '../../../testing/portal-fixtures';
import { quietFrameErrors } from '../../../testing/quiet-frames';
import { renderApp } from '../../../testing/render-app';
import { FRESH_GRANT_NOTICE, PREVIEW_NOTICE, sharedWithNotice } from './looker-studio-viewer';

quietFrameErrors();

cleanUpAfterEachTest();

const detail = (overrides: Partial<DashboardDetail> = {}) =>
  dashboardDetail({ description: 'Enrollment by term and campus.', ...overrides });

function openDashboard(
  dashboard: DashboardDetail | null,
  path = `/client/dashboard/${dashboard?.id ?? 5}`,
  embedStatus: 'reachable' | 'unreachable' | 'unknown' = 'reachable',
  organizations = [{ id: 1, name: 'Acme', logoUrl: null, isActive: true }],
) {
  const id = path.split('/').pop();
  const api = stubApi({
    'GET /api/auth/user': reply(makeUser()),
    'GET /api/dashboards/organizations': reply(organizations),
    'GET /api/dashboards/organization': reply([]),
    [`GET /api/dashboards/${id}`]: dashboard
      ? reply(dashboard)
      : reply({ message: 'Dashboard not found', issues: [] }, 404),
    [`POST /api/dashboards/${id}/views`]: reply({ recorded: true }),
    [`GET /api/dashboards/${id}/embed-status`]: reply({ status: embedStatus }),
  });
  return { ...renderApp(path), api };
}

describe('/client/dashboard/{id}', () => {
  it('shows the name, description, welcome, log-out and the viewer', async () => {
    const { api } = openDashboard(detail());
    expect(await screen.findByRole('heading', { level: 1, name: 'Enrollment Overview' })).toBeTruthy();
    expect(screen.getByTestId('dashboard-description').textContent).toBe('Enrollment by term and campus.');
    expect(screen.getByTestId('header-welcome').textContent).toBe('Welcome, Ada');
    expect(screen.getByTestId('header-logout').getAttribute('href')).toBe('/api/logout');
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
  ])("shows the site's 404 page for %s, inside the portal's layout", async (_what, path) => {
    openDashboard(null, path);
    expect(await screen.findByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeTruthy();
    expect(screen.queryByTestId('embed-viewer')).toBeNull();
    // The portal's header and navigation stay (issue 26: it was a bare page).
    expect(screen.getByTestId('header-logout')).toBeTruthy();
  });

  it("says the organization's access was paused, and whom to contact, when every organization of the client was", async () => {
    openDashboard(null, '/client/dashboard/5', 'reachable', [{ id: 1, name: 'Acme', logoUrl: null, isActive: false }]);
    expect(await screen.findByRole('heading', { level: 1, name: "Your organization's access is paused" })).toBeTruthy();
    expect(screen.getByTestId('access-paused-message').textContent).toContain('Acme');
    expect(screen.getByTestId('access-paused-contact').getAttribute('href')).toBe('/contact');
    expect(screen.getByTestId('header-logout')).toBeTruthy();
  });

  it('records one view once the dashboard has loaded, and says it loaded (D37)', async () => {
    const { api } = openDashboard(detail());
    await screen.findByTestId('embed-viewer');
    // Shown but not loaded yet: nothing recorded.
    await new Promise((r) => setTimeout(r, 50));
    expect(requestsTo(api, 'POST /api/dashboards/5/views')).toHaveLength(0);
    fireEvent.load(screen.getByTitle('Enrollment Overview'));
    await waitFor(() => expect(requestsTo(api, 'POST /api/dashboards/5/views')).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(requestsTo(api, 'POST /api/dashboards/5/views').map((r) => r.body)).toEqual([{ loaded: true }]);
  });

  it('records a load that failed as one: a frame the server finds unreachable (D37)', async () => {
    const { api } = openDashboard(detail(), '/client/dashboard/5', 'unreachable');
    await screen.findByTestId('embed-viewer');
    fireEvent.load(screen.getByTitle('Enrollment Overview'));
    await waitFor(() => expect(requestsTo(api, 'POST /api/dashboards/5/views')).toHaveLength(1));
    expect(requestsTo(api, 'POST /api/dashboards/5/views').map((r) => r.body)).toEqual([{ loaded: false }]);
  });

  it("records no view when a 'View Dashboard' link is only hovered, though the dashboard is preloaded", async () => {
    const api = stubApi({
      'GET /api/auth/user': reply(makeUser()),
      'GET /api/dashboards/organization': reply([
        {
          ...detail(),
          lastViewedAt: null,
          description: 'Enrollment by term and campus.',
          isFavourite: false,
          organizations: [],
        },
      ]),
      'GET /api/dashboards/5': reply(detail()),
      'POST /api/dashboards/5/views': reply({ recorded: true }),
    });
    renderApp('/client/dashboard');
    const link = await screen.findByRole('link', { name: /View Dashboard/ });
    fireEvent.mouseEnter(link);
    fireEvent.focus(link);
    await waitFor(() => expect(requestsTo(api, 'GET /api/dashboards/5')).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 100));
    expect(requestsTo(api, 'POST /api/dashboards/5/views')).toHaveLength(0);
    expect(screen.queryByTestId('embed-viewer')).toBeNull();
  });

  it("shows 'Work in Progress' with 'Try again' and 'Open in a new tab' when the server cannot reach the frame's URL", async () => {
    const { api } = openDashboard(detail(), undefined, 'unreachable');
    const placeholder = await screen.findByTestId('viewer-unavailable');
    expect(placeholder.textContent).toContain('Work in Progress');
    expect(document.querySelector('iframe')).toBeNull();
    const newTab = screen.getByRole('link', { name: 'Open in a new tab' });
    expect(newTab.getAttribute('target')).toBe('_blank');
    expect(newTab.getAttribute('rel')).toBe('noopener noreferrer');
    expect(new URL(newTab.getAttribute('href') ?? '').searchParams.get('r')).toBe('abc');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(requestsTo(api, 'GET /api/dashboards/5/embed-status')).toHaveLength(2));
    expect(await screen.findByTestId('viewer-unavailable')).toBeTruthy();
  });

  it('keeps the frame when the server can reach its URL or cannot tell', async () => {
    for (const status of ['reachable', 'unknown'] as const) {
      const { api } = openDashboard(detail(), undefined, status);
      await waitFor(() => expect(requestsTo(api, 'GET /api/dashboards/5/embed-status')).toHaveLength(1));
      await new Promise((r) => setTimeout(r, 20));
      expect(screen.getByTitle('Enrollment Overview').tagName).toBe('IFRAME');
      expect(screen.queryByTestId('viewer-unavailable')).toBeNull();
      cleanup();
    }
  });

  it("shows 'Access Required' to an anonymous visitor without asking for the dashboard", async () => {
    const api = stubApi();
    renderApp('/client/dashboard/5');
    expect(await screen.findByRole('heading', { level: 1, name: 'Access Required' })).toBeTruthy();
    expect(requestsTo(api, 'GET /api/dashboards/5')).toHaveLength(0);
  });

  describe('a Looker Studio report (issue 28)', () => {
    const REPORT = 'https://lookerstudio.google.com/embed/reporting/0b1d6a4e-1c2f-4e5a-9b8c-7d6e5f4a3b2c';
    const report = (lookerStudio: DashboardDetail['lookerStudio']) =>
      detail({ type: 'Looker', embedMode: 'lookerstudio', embedUrl: REPORT, lookerStudio });

    it('frames the report and says which Google account it is shared with, without asking the server to reach it', async () => {
      const { api } = openDashboard(report({ googleAccount: 'ada.work@gmail.com', grantedAt: '2026-01-01T00:00:00Z' }));
      const frame = await screen.findByTitle('Enrollment Overview');
      expect(frame.tagName).toBe('IFRAME');
      expect(frame.getAttribute('src')).toBe(REPORT);
      const notice = screen.getByTestId('looker-studio-account');
      expect(notice.textContent).toBe(sharedWithNotice('ada.work@gmail.com'));
      expect(screen.getByRole('link', { name: 'Change it in Account Settings' }).getAttribute('href')).toBe('/account');
      // Granted long ago: nothing about waiting.
      expect(screen.queryByTestId('looker-studio-fresh')).toBeNull();
      expect(screen.getByTestId('viewer-fullscreen')).toBeTruthy();
      // The view is recorded with its outcome once the frame has loaded (D37), like every other viewer's.
      expect(requestsTo(api, 'POST /api/dashboards/5/views')).toHaveLength(0);
      fireEvent.load(frame);
      await waitFor(() => expect(requestsTo(api, 'POST /api/dashboards/5/views')).toHaveLength(1));
      expect(requestsTo(api, 'POST /api/dashboards/5/views').map((r) => r.body)).toEqual([{ loaded: true }]);
      expect(requestsTo(api, 'GET /api/dashboards/5/embed-status')).toHaveLength(0);
    });

    it('says access was granted a moment ago when it was less than a minute ago', async () => {
      openDashboard(
        report({ googleAccount: 'ada@example.com', grantedAt: new Date(Date.now() - 10_000).toISOString() }),
      );
      expect((await screen.findByTestId('looker-studio-fresh')).textContent).toBe(FRESH_GRANT_NOTICE);
    });

    it("tells an admin's preview that it is one and whose access applies", async () => {
      openDashboard(report({ googleAccount: null, grantedAt: null }));
      expect((await screen.findByTestId('looker-studio-preview')).textContent).toBe(PREVIEW_NOTICE);
      expect(screen.queryByTestId('looker-studio-account')).toBeNull();
    });
  });
});
