/**
 * The administration's sections (issue 27, /work/admin-routes.md): one URL each, grouped in the sidebar by what
 * staff do. Declared once here: the sidebar, the page titles and the redirects of the old `/admin?tab=` links read
 * this. No icons or components: the route tree every page loads imports it (the redirect), so it stays small.
 */
export interface AdminSection {
  /** The sidebar link's test id is `admin-nav-{id}`. */
  id: string;
  label: string;
  /** The section's URL. */
  to: string;
  /** Served by the API, not the app (a full page load): the queue board. */
  external?: boolean;
}

export interface AdminSectionGroup {
  label: string;
  sections: readonly AdminSection[];
}

const ADMIN_HOME = '/admin';

export const OVERVIEW_SECTION: AdminSection = { id: 'overview', label: 'Overview', to: ADMIN_HOME };

export const ADMIN_SECTION_GROUPS: readonly AdminSectionGroup[] = [
  {
    label: 'Clients',
    sections: [
      { id: 'organizations', label: 'Organizations', to: '/admin/organizations' },
      { id: 'people', label: 'People', to: '/admin/people' },
      { id: 'access', label: 'Access', to: '/admin/access' },
    ],
  },
  {
    label: 'Dashboards',
    sections: [
      { id: 'dashboards', label: 'Dashboards', to: '/admin/dashboards' },
      { id: 'connections', label: 'Connections', to: '/admin/connections' },
      { id: 'subscriptions', label: 'Subscriptions', to: '/admin/subscriptions' },
    ],
  },
  {
    label: 'Sales',
    sections: [
      { id: 'leads', label: 'Leads', to: '/admin/leads' },
      { id: 'consultations', label: 'Consultations', to: '/admin/consultations' },
      { id: 'closed-days', label: 'Closed days', to: '/admin/closed-days' },
    ],
  },
  {
    label: 'Site',
    sections: [
      { id: 'case-studies', label: 'Case studies', to: '/admin/case-studies' },
      { id: 'pages', label: 'Pages', to: '/admin/pages' },
    ],
  },
  {
    label: 'Security',
    sections: [
      { id: 'sign-ins', label: 'Sign-ins', to: '/admin/sign-ins' },
      { id: 'audit', label: 'Audit', to: '/admin/audit' },
      { id: 'personal-data', label: 'Personal data', to: '/admin/personal-data' },
    ],
  },
  { label: 'Insight', sections: [{ id: 'usage', label: 'Usage', to: '/admin/usage' }] },
  { label: 'Operations', sections: [{ id: 'queues', label: 'Queues', to: '/admin/queues', external: true }] },
];

/** Every section, the overview first. */
export const ADMIN_SECTIONS: readonly AdminSection[] = [
  OVERVIEW_SECTION,
  ...ADMIN_SECTION_GROUPS.flatMap((group) => group.sections),
];

/** The old admin screen's tabs (`/admin?tab=users`) and the sections that took them over. */
const TAB_SECTIONS: Readonly<Record<string, string>> = {
  organizations: '/admin/organizations',
  dashboards: '/admin/dashboards',
  connections: '/admin/connections',
  users: '/admin/people',
  associations: '/admin/access',
  consultations: '/admin/consultations',
  audit: '/admin/audit',
  'sign-ins': '/admin/sign-ins',
  usage: '/admin/usage',
  'case-studies': '/admin/case-studies',
  'site-pages': '/admin/pages',
  'personal-data': '/admin/personal-data',
};

/**
 * Where an old link `/admin?tab=x` goes now: the section's URL; undefined for no tab or one that never was (the
 * overview shows).
 */
const sectionOfTab = (tab: unknown): string | undefined =>
  typeof tab === 'string' && Object.hasOwn(TAB_SECTIONS, tab) ? TAB_SECTIONS[tab] : undefined;

/** The section a path is in (its own URL or one below it, `/admin/organizations/42`); the overview for /admin. */
export function sectionAt(pathname: string): AdminSection | undefined {
  const path = pathname.toLowerCase().replace(/\/+$/, '') || '/';
  if (path === ADMIN_HOME) return OVERVIEW_SECTION;
  return ADMIN_SECTIONS.find(
    (section) => section !== OVERVIEW_SECTION && (path === section.to || path.startsWith(`${section.to}/`)),
  );
}

/**
 * The redirect of an old link (issue 27): `/admin?tab=users&q=ann` → `/admin/people?q=ann`, the list's view kept.
 * Undefined when nothing needs to move (no tab, or a path below /admin). An unknown tab leaves for the overview.
 */
export function legacyTabRedirect(pathname: string, searchStr: string): string | undefined {
  const path = pathname.toLowerCase().replace(/\/+$/, '');
  const params = new URLSearchParams(searchStr);
  if (path !== ADMIN_HOME || !params.has('tab')) return undefined;
  const to = sectionOfTab(params.get('tab')) ?? ADMIN_HOME;
  params.delete('tab');
  const rest = params.toString();
  return rest ? `${to}?${rest}` : to;
}
