// @vitest-environment happy-dom
import type { SitePage } from '@app/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminApi, chooseRowAction } from '../../../testing/admin-fixtures';
import { cleanUpAfterEachTest } from '../../../testing/clean-up';
import { reply, requestsTo } from '../../../testing/fake-api';
import { renderApp } from '../../../testing/render-app';

// Issue 27: the legal pages listed at the full width; a page's text is edited in the side panel, and putting the
// default text back (which discards the saved one) asks first.

const terms: SitePage = {
  key: 'terms',
  title: 'Terms of Use',
  description: '',
  markdown: '## Ours',
  html: '<h2>Ours</h2>',
  isDefault: false,
  updatedAt: '2026-11-01T10:00:00Z',
};
const privacy: SitePage = { ...terms, key: 'privacy', title: 'Privacy Policy', isDefault: true, updatedAt: null };

cleanUpAfterEachTest();

function openPages(routes: Parameters<typeof adminApi>[1] = {}) {
  const api = adminApi({}, { 'GET /api/admin/site-pages': reply([privacy, terms]), ...routes });
  renderApp('/admin/pages');
  return api;
}

describe('the Site pages section', () => {
  it('edits a page in the side panel opened from its row', async () => {
    const api = openPages({ 'PUT /api/admin/site-pages/terms': reply({ ...terms, markdown: '## New' }) });
    await screen.findAllByTestId('site-page-row');
    expect(screen.queryByTestId('site-page-form-terms')).toBeNull();
    await chooseRowAction('Terms of Use', 'site-page-edit-terms');
    const panel = await screen.findByTestId('site-page-panel');
    const text = within(panel).getByTestId('site-page-markdown-terms') as HTMLTextAreaElement;
    expect(text.value).toBe('## Ours');
    fireEvent.change(text, { target: { value: '## New' } });
    act(() => fireEvent.click(within(panel).getByTestId('site-page-save-terms')));
    await waitFor(() => expect(requestsTo(api, 'PUT /api/admin/site-pages/terms')).toHaveLength(1));
    expect(requestsTo(api, 'PUT /api/admin/site-pages/terms')[0]?.body).toEqual({ markdown: '## New' });
  });

  it('asks before putting the default text back', async () => {
    const api = openPages({ 'PUT /api/admin/site-pages/terms': reply({ ...terms, markdown: '', isDefault: true }) });
    await chooseRowAction('Terms of Use', 'site-page-restore-terms');
    const dialog = await screen.findByTestId('site-page-restore-dialog-terms');
    expect(dialog.getAttribute('role')).toBe('alertdialog');
    expect(requestsTo(api, 'PUT /api/admin/site-pages/terms')).toHaveLength(0);
    act(() => fireEvent.click(within(dialog).getByTestId('confirm-action')));
    await waitFor(() => expect(requestsTo(api, 'PUT /api/admin/site-pages/terms')).toHaveLength(1));
    expect(requestsTo(api, 'PUT /api/admin/site-pages/terms')[0]?.body).toEqual({ markdown: '' });
  });
});
