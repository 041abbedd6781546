import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { createAppRouter } from '../../router';
import { ADMIN_SECTION_GROUPS, ADMIN_SECTIONS, legacyTabRedirect, sectionAt, sectionHead } from './sections';

/** Sections another branch builds at the same time (issue 27): in the sidebar from the start. */
const BUILT_ELSEWHERE = new Set(['/admin/leads', '/admin/subscriptions']);

describe('the admin sections', () => {
  it('groups the sections as staff work (issue 27), each with its own URL and id', () => {
    expect(ADMIN_SECTION_GROUPS.map((group) => [group.label, group.sections.map((s) => s.label)])).toEqual([
      ['Clients', ['Organizations', 'People', 'Access']],
      ['Dashboards', ['Dashboards', 'Connections', 'Subscriptions']],
      ['Sales', ['Leads', 'Consultations', 'Closed days']],
      ['Site', ['Case studies', 'Pages']],
      ['Security', ['Sign-ins', 'Audit', 'Personal data']],
      ['Insight', ['Usage']],
      ['Operations', ['Queues']],
    ]);
    expect(new Set(ADMIN_SECTIONS.map((s) => s.id)).size).toBe(ADMIN_SECTIONS.length);
    expect(new Set(ADMIN_SECTIONS.map((s) => s.to)).size).toBe(ADMIN_SECTIONS.length);
  });

  it("titles each section's page by its label", () => {
    expect(sectionHead('sign-ins')().meta).toEqual([{ title: 'Sign-ins · Admin | Lucid Insight' }]);
    expect(() => sectionHead('nope')).toThrow("No admin section 'nope'");
  });

  it('has a page of the router for every section', () => {
    const router = createAppRouter({ queryClient: createQueryClient() });
    const paths = new Set(Object.keys(router.routesByPath).map((path) => path.replace(/\/$/, '') || '/'));
    for (const section of ADMIN_SECTIONS)
      if (!BUILT_ELSEWHERE.has(section.to)) expect(paths.has(section.to), section.to).toBe(true);
  });

  it('knows which section a path is in', () => {
    expect(sectionAt('/admin')?.id).toBe('overview');
    expect(sectionAt('/admin/')?.id).toBe('overview');
    expect(sectionAt('/Admin/People')?.id).toBe('people');
    expect(sectionAt('/admin/organizations/42')?.id).toBe('organizations');
    expect(sectionAt('/admin/pages')?.id).toBe('pages');
    // A path that only starts like a section is not in it.
    expect(sectionAt('/admin/pagesx')).toBeUndefined();
    expect(sectionAt('/account')).toBeUndefined();
  });
});

describe('old /admin?tab= links', () => {
  // Every old tab, each its own case.
  it.each([
    ['organizations', '/admin/organizations'],
    ['dashboards', '/admin/dashboards'],
    ['connections', '/admin/connections'],
    ['users', '/admin/people'],
    ['associations', '/admin/access'],
    ['consultations', '/admin/consultations'],
    ['audit', '/admin/audit'],
    ['sign-ins', '/admin/sign-ins'],
    ['usage', '/admin/usage'],
    ['case-studies', '/admin/case-studies'],
    ['site-pages', '/admin/pages'],
    ['personal-data', '/admin/personal-data'],
  ])('send ?tab=%s to %s, the section that took the tab over', (tab, to) => {
    expect(legacyTabRedirect('/admin', `?tab=${tab}`)).toBe(to);
  });

  it("keep the list's view, without the tab", () => {
    expect(legacyTabRedirect('/admin', '?tab=users&q=ann&page=2&sort=email&order=desc')).toBe(
      '/admin/people?q=ann&page=2&sort=email&order=desc',
    );
    expect(legacyTabRedirect('/admin/', 'tab=consultations&when=all')).toBe('/admin/consultations?when=all');
  });

  it('send an unknown or hostile tab to the overview, and leave other addresses alone', () => {
    for (const tab of ['nope', '__proto__', 'constructor', 'toString', '', '%00', '../../evil', 'https://evil.example'])
      expect(legacyTabRedirect('/admin', `?${new URLSearchParams({ tab })}`), tab).toBe('/admin');
    expect(legacyTabRedirect('/admin', '?tab=nope&q=x')).toBe('/admin?q=x');
    expect(legacyTabRedirect('/admin', '?q=x')).toBeUndefined();
    expect(legacyTabRedirect('/admin/people', '?tab=users')).toBeUndefined();
  });
});
