// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanUpAfterEachTest } from '../../testing/clean-up';
import { jsonResponse, makeUser, reply, requestsTo, stubApi } from '../../testing/fake-api';
import { renderApp } from '../../testing/render-app';

cleanUpAfterEachTest();
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

const client = makeUser({ id: 7, isAdmin: false });
const dashboard = {
  id: 5,
  name: 'Sales',
  description: null,
  category: 'Sales',
  type: 'PowerBI',
  embedMode: 'url',
  embedUrl: 'https://app.powerbi.com/view?r=x',
  thumbnailUrl: null,
  isPublic: false,
  lookerStudio: null,
};

describe("the router's default error component (issue 27)", () => {
  it('shows a clear message, the request id and Try again when a screen fails, never a blank page', async () => {
    let fail = true;
    const api = stubApi({
      'GET /api/auth/user': reply(client),
      'GET /api/dashboards/organizations': reply([]),
      'GET /api/dashboards/5': () =>
        fail
          ? jsonResponse({ message: 'Internal Server Error', issues: [] }, 500, { 'x-request-id': 'req-42-abc' })
          : jsonResponse(dashboard),
      'GET /api/dashboards/5/embed-status': reply({ status: 'reachable' }),
      'POST /api/dashboards/5/views': reply({ recorded: true }),
    });
    renderApp('/client/dashboard/5');
    const error = await screen.findByTestId('route-error', {}, { timeout: 8000 });
    expect(error.getAttribute('role')).toBe('alert');
    expect(error.textContent).toContain('Something went wrong on this page');
    expect(screen.getByTestId('route-error-request-id').textContent).toContain('req-42-abc');
    // The layout around it stays: the way elsewhere is a click away.
    expect(screen.getByTestId('app-header')).toBeTruthy();

    fail = false;
    fireEvent.click(screen.getByTestId('route-error-retry'));
    expect((await screen.findByTestId('dashboard-name', {}, { timeout: 8000 })).textContent).toBe('Sales');
    expect(screen.queryByTestId('route-error')).toBeNull();
    expect(requestsTo(api, 'GET /api/dashboards/5').length).toBeGreaterThanOrEqual(2);
  });

  it('shows no reference when the failure was not a request (an exception in the screen)', async () => {
    stubApi({
      'GET /api/auth/user': reply(client),
      'GET /api/dashboards/organizations': reply([]),
      // A description that is not text: React throws drawing it.
      'GET /api/dashboards/5': () => jsonResponse({ ...dashboard, description: { not: 'text' } }),
      'GET /api/dashboards/5/embed-status': reply({ status: 'reachable' }),
      'POST /api/dashboards/5/views': reply({ recorded: true }),
    });
    renderApp('/client/dashboard/5');
    await waitFor(() => expect(screen.getByTestId('route-error')).toBeTruthy(), { timeout: 8000 });
    expect(screen.queryByTestId('route-error-request-id')).toBeNull();
    expect(screen.getByTestId('route-error-retry').textContent).toBe('Try again');
  });
});
