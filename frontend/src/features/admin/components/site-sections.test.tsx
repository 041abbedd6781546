// @vitest-environment happy-dom
import type { CaseStudy, SitePage } from '@app/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type AdminRoutes, chooseRowAction, confirmSendsOnce, openAdminScreen } from '../../../testing/admin-fixtures';
import { cleanUpAfterEachTest } from '../../../testing/clean-up';
import { reply, requestsTo } from '../../../testing/fake-api';

// Issue 27: Case studies on the admin kit: the list at the full width, create and edit in a side panel, each row's
// actions in its menu, and Delete asks first.

const study: CaseStudy = {
  id: 3,
  title: 'Sales for Acme',
  slug: 'sales-for-acme',
  client: 'Acme',
  problem: '',
  pictureUrl: null,
  outcome: '',
  quote: '',
  quoteAuthor: '',
  quoteRole: '',
  body: 'The story',
  description: '',
  isPublished: false,
  position: 1,
  publishedAt: null,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
};

cleanUpAfterEachTest();

function openCaseStudies(routes: AdminRoutes = {}) {
  return openAdminScreen('/admin/case-studies', {}, { 'GET /api/admin/case-studies': reply([study]), ...routes }).api;
}

const type = (scope: HTMLElement, testId: string, value: string) =>
  fireEvent.change(within(scope).getByTestId(testId), { target: { value } });

describe('the Case studies section', () => {
  it("creates a case study in the side panel opened by 'New case study', which closes once it is saved", async () => {
    const api = openCaseStudies({
      'POST /api/admin/case-studies': reply({ ...study, id: 4, title: 'Ops', slug: 'ops' }, 201),
    });
    await screen.findByTestId('case-study-row');
    // No form beside the list: it opens in the panel.
    expect(screen.queryByTestId('case-study-form')).toBeNull();
    act(() => fireEvent.click(screen.getByTestId('case-study-create')));
    const panel = await screen.findByTestId('case-study-panel');
    const form = within(panel).getByTestId('case-study-form');
    expect(within(form).getByRole('heading', { name: 'Create Case Study' })).toBeTruthy();
    type(form, 'case-study-title', 'Ops');
    type(form, 'case-study-slug', 'ops');
    type(form, 'case-study-client', 'Acme');
    act(() => fireEvent.click(within(form).getByRole('button', { name: 'Create Case Study' })));
    await waitFor(() => expect(screen.queryByTestId('case-study-panel')).toBeNull());
    expect(requestsTo(api, 'POST /api/admin/case-studies')[0]?.body).toMatchObject({
      title: 'Ops',
      slug: 'ops',
      client: 'Acme',
      isPublished: false,
    });
  });

  it("edits a case study from its row's menu, in the side panel", async () => {
    openCaseStudies();
    await chooseRowAction('Sales for Acme', 'case-study-edit');
    const panel = await screen.findByTestId('case-study-panel');
    await waitFor(() => expect(within(panel).getByRole('heading', { name: 'Edit Case Study' })).toBeTruthy());
    expect((within(panel).getByTestId('case-study-title') as HTMLInputElement).value).toBe('Sales for Acme');
    act(() => fireEvent.click(within(panel).getByTestId('case-study-cancel')));
    await waitFor(() => expect(screen.queryByTestId('case-study-panel')).toBeNull());
  });

  it('asks before deleting, and deletes only once confirmed', async () => {
    const api = openCaseStudies({ 'DELETE /api/admin/case-studies/3': reply(null, 204) });
    await chooseRowAction('Sales for Acme', 'case-study-delete');
    await confirmSendsOnce(
      api,
      'DELETE /api/admin/case-studies/3',
      'delete-case-study-dialog',
      "Delete 'Sales for Acme'?",
    );
  });

  it("publishes from the row's menu", async () => {
    const api = openCaseStudies({ 'PUT /api/admin/case-studies/3': reply({ ...study, isPublished: true }) });
    await chooseRowAction('Sales for Acme', 'case-study-toggle-published');
    await waitFor(() => expect(requestsTo(api, 'PUT /api/admin/case-studies/3')).toHaveLength(1));
    expect(requestsTo(api, 'PUT /api/admin/case-studies/3')[0]?.body).toMatchObject({ isPublished: true });
  });
});

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

function openPages(routes: AdminRoutes = {}) {
  return openAdminScreen('/admin/pages', {}, { 'GET /api/admin/site-pages': reply([privacy, terms]), ...routes }).api;
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
