// @vitest-environment happy-dom
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeDashboard, newDashboardForm } from '../../../testing/admin-fixtures';
import { quietScreenTests } from '../../../testing/clean-up';
import { makeUser, reply, requestsTo, stubApi } from '../../../testing/fake-api';
import { renderApp } from '../../../testing/render-app';

// Issue 12, item 3: the server asks the embed URL's host for it when a dashboard is saved; a failure never stops the
// save but the admin is told.

quietScreenTests();

const saved = makeDashboard({ id: 11, name: 'Report', embedUrl: 'https://127.0.0.1:9/report', isPublic: false });

function createDashboard(embedUrlWarning: string | null) {
  const api = stubApi({
    'GET /api/auth/user': reply(makeUser({ id: 1, isAdmin: true })),
    'GET /api/admin/organizations': reply([]),
    'GET /api/admin/dashboards-direct': reply([]),
    'GET /api/admin/users': reply([]),
    'GET /api/admin/organization-dashboards': reply([]),
    'GET /api/admin/audit': reply([]),
    'POST /api/admin/dashboards': reply({ ...saved, embedUrlWarning }, 201),
  });
  renderApp('/admin/dashboards');
  return api;
}

async function submit() {
  const form = await newDashboardForm();
  const change = (label: string, value: string) =>
    fireEvent.change(within(form).getByLabelText(label), { target: { value } });
  change('Name', 'Report');
  change('Category', 'Sales');
  change('Embed URL or iframe code', 'https://127.0.0.1:9/report');
  act(() => fireEvent.click(within(form).getByRole('button', { name: 'Create Dashboard' })));
}

describe('the dashboard form tells the admin when the server could not reach the embed URL', () => {
  it("shows the server's warning under 'Dashboard created'", async () => {
    const warning =
      "Saved, but the embed URL could not be reached from the server (connection refused): clients may see 'Work in Progress'.";
    const api = createDashboard(warning);
    await submit();
    expect(await screen.findByText('Dashboard created')).toBeTruthy();
    expect(await screen.findByText(warning)).toBeTruthy();
    expect(requestsTo(api, 'POST /api/admin/dashboards')).toHaveLength(1);
  });

  it('says only that the dashboard was created when there is no warning', async () => {
    createDashboard(null);
    await submit();
    const title = await screen.findByText('Dashboard created');
    expect(title.parentElement?.textContent).not.toContain('could not be reached');
  });
});
