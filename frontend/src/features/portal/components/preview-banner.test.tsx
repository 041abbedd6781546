// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cleanUpAfterEachTest } from '../../../testing/clean-up';
import { makeUser, reply, stubApi } from '../../../testing/fake-api';
import { dashboardDetail } from '../../../testing/portal-fixtures';
import { quietFrameErrors } from '../../../testing/quiet-frames';
import { renderApp } from '../../../testing/render-app';
import { DEFAULT_PREVIEW_EXIT, previewExit } from './preview-banner';

quietFrameErrors();
cleanUpAfterEachTest();

const detail = dashboardDetail();

function open(path: string, isAdmin: boolean) {
  stubApi({
    'GET /api/auth/user': reply(makeUser({ isAdmin })),
    'GET /api/dashboards/organizations': reply([{ id: 1, name: 'Acme', logoUrl: null, isActive: true }]),
    'GET /api/dashboards/5': reply(detail),
    'POST /api/dashboards/5/views': reply({ recorded: true }),
    'GET /api/dashboards/5/embed-status': reply({ status: 'reachable' }),
  });
  return renderApp(path);
}

describe("an admin's preview of a dashboard (issue 27)", { timeout: 20_000 }, () => {
  it("says it is a preview, and Exit preview and Back return to the admin's list as it was", async () => {
    open(`/client/dashboard/5?from=${encodeURIComponent('/admin/dashboards?name=enrol&page=2')}`, true);
    const banner = await screen.findByTestId('preview-banner', {}, { timeout: 8000 });
    expect(banner.tagName).toBe('SECTION');
    expect(banner.getAttribute('aria-label')).toBe('Preview');
    expect(banner.textContent).toContain('Previewing as a client');
    const exit = within(banner).getByTestId('preview-exit');
    expect(exit.textContent).toBe('Exit preview');
    expect(exit.getAttribute('href')).toBe('/admin/dashboards?name=enrol&page=2');
    // The page's own way back no longer leads to the admin's empty portal.
    const back = screen.getByTestId('back-to-dashboards');
    expect(back.textContent).toBe('Back to admin');
    expect(back.getAttribute('href')).toBe('/admin/dashboards?name=enrol&page=2');
  });

  it('is not shown to a client, whose way back is their dashboards', async () => {
    open('/client/dashboard/5?from=/admin/dashboards', false);
    const back = await screen.findByTestId('back-to-dashboards', {}, { timeout: 8000 });
    expect(back.getAttribute('href')).toBe('/client/dashboard');
    expect(screen.queryByTestId('preview-banner')).toBeNull();
  });
});

describe('where Exit preview goes', () => {
  it('is an admin page of this site, else the dashboards section', () => {
    expect(previewExit('/admin/dashboards?q=a')).toBe('/admin/dashboards?q=a');
    expect(previewExit('/admin')).toBe('/admin');
    expect(previewExit('/admin/organizations/4')).toBe('/admin/organizations/4');
    for (const hostile of [
      undefined,
      '',
      'https://evil.example/admin',
      '//evil.example/admin',
      '/\\evil.example',
      '/administrator',
      '/account',
      'javascript:alert(1)',
      '/admin/../account',
      42,
    ])
      expect(previewExit(hostile), String(hostile)).toBe(DEFAULT_PREVIEW_EXIT);
  });
});
