import { pageTitle } from '../../lib/page-title';

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

/**
 * A group of sidebar sections, each at `/admin/{id}` and, unless it says otherwise, labelled by its id written out
 * ('closed-days' → 'Closed days').
 */
function group(label: string, ...sections: (string | { id: string; label?: string; external?: true })[]) {
  return {
    label,
    sections: sections.map((entry): AdminSection => {
      const { id, ...rest } = typeof entry === 'string' ? { id: entry } : entry;
      const written = `${id.charAt(0).toUpperCase()}${id.slice(1).replaceAll('-', ' ')}`;
      return { id, label: written, to: `${ADMIN_HOME}/${id}`, ...rest };
    }),
  };
}

export const OVERVIEW_SECTION: AdminSection = { id: 'overview', label: 'Overview', to: ADMIN_HOME };

export const ADMIN_SECTION_GROUPS: readonly AdminSectionGroup[] = [
  group('Clients', 'organizations', 'people', 'access'),
  group('Dashboards', 'dashboards', 'connections', 'subscriptions'),
  group('Sales', 'leads', 'consultations', 'closed-days'),
  group('Site', 'case-studies', 'pages'),
  group('Security', { id: 'sign-ins', label: 'Sign-ins' }, 'audit', 'personal-data'),
  group('Insight', 'usage'),
  // Served by the API, not the app: the queue board.
  group('Operations', { id: 'queues', external: true }),
];

/** Every section, the overview first. */
export const ADMIN_SECTIONS: readonly AdminSection[] = [
  OVERVIEW_SECTION,
  ...ADMIN_SECTION_GROUPS.flatMap((group) => group.sections),
];

/** The old admin screen's tabs (`/admin?tab=users`) and the ids of the sections that took them over. */
const TAB_SECTIONS: Readonly<Record<string, string>> = {
  // Most kept their name.
  ...Object.fromEntries(
    [
      'organizations',
      'dashboards',
      'connections',
      'consultations',
      'audit',
      'sign-ins',
      'usage',
      'case-studies',
      'personal-data',
    ].map((id) => [id, id]),
  ),
  users: 'people',
  associations: 'access',
  'site-pages': 'pages',
};

/**
 * Where an old link `/admin?tab=x` goes now: the section's URL; undefined for no tab or one that never was (the
 * overview shows).
 */
const sectionOfTab = (tab: string | null): string | undefined =>
  tab !== null && Object.hasOwn(TAB_SECTIONS, tab) ? sectionById(TAB_SECTIONS[tab]!).to : undefined;

/** The section of an id ('sign-ins'); an id that is none is a mistake in the code, thrown at once. */
export function sectionById(id: string): AdminSection {
  const found = ADMIN_SECTIONS.find((s) => s.id === id);
  if (!found) throw new Error(`No admin section '${id}'`);
  return found;
}

/** A section route's `head`: the document title, 'People · Admin | Lucid Insight'. */
export function sectionHead(id: string) {
  const title = pageTitle(`${sectionById(id).label} · Admin`);
  return () => ({ meta: [{ title }] });
}

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
