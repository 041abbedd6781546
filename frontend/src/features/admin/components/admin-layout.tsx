import { Link, Outlet, useRouterState } from '@tanstack/react-router';
import {
  Activity,
  BarChart3,
  Building2,
  CalendarCheck,
  CalendarOff,
  ExternalLink,
  FileText,
  Fingerprint,
  History,
  KeyRound,
  LayoutDashboard,
  LayoutGrid,
  ListChecks,
  type LucideIcon,
  Mail,
  Menu,
  Newspaper,
  Plug,
  ShieldCheck,
  UserRound,
  X,
} from 'lucide-react';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { cn } from '../../../lib/cn';
import { ADMIN_SECTION_GROUPS, type AdminSection, OVERVIEW_SECTION, sectionAt } from '../sections';

const ICONS: Record<string, LucideIcon> = {
  overview: LayoutGrid,
  organizations: Building2,
  people: UserRound,
  access: KeyRound,
  dashboards: LayoutDashboard,
  connections: Plug,
  subscriptions: Mail,
  leads: Newspaper,
  consultations: CalendarCheck,
  'closed-days': CalendarOff,
  'case-studies': FileText,
  pages: FileText,
  'sign-ins': Fingerprint,
  audit: History,
  'personal-data': ShieldCheck,
  usage: BarChart3,
  queues: ListChecks,
};

const linkClass =
  'flex items-center gap-2.5 rounded-md px-3 py-2 text-sm font-medium text-slate-700 transition-colors ' +
  'hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white ' +
  'aria-[current=page]:bg-blue-50 aria-[current=page]:text-blue-800 ' +
  'dark:aria-[current=page]:bg-blue-950 dark:aria-[current=page]:text-blue-200';

function SectionLink({ section, current }: { section: AdminSection; current: boolean }) {
  const Icon = ICONS[section.id] ?? Activity;
  const content = (
    <>
      <Icon aria-hidden="true" className="size-4 shrink-0" />
      <span className="min-w-0 flex-1 truncate">{section.label}</span>
      {section.external ? <ExternalLink aria-hidden="true" className="size-3.5 shrink-0 opacity-60" /> : null}
    </>
  );
  // The queue board is the API's page: a full page load.
  if (section.external)
    return (
      <a
        href={section.to}
        className={linkClass}
        data-testid={section.id === 'queues' ? 'admin-queues-link' : `admin-nav-${section.id}`}
      >
        {content}
      </a>
    );
  return (
    <Link
      // Sections built on other branches (leads, subscriptions) are typed routes once they are merged.
      to={section.to as '/admin'}
      // A section opens on its own default view: no list filters carried over from another.
      search={{}}
      activeOptions={{ exact: section === OVERVIEW_SECTION, includeSearch: false }}
      className={linkClass}
      data-current={current || undefined}
      data-testid={`admin-nav-${section.id}`}
    >
      {content}
    </Link>
  );
}

/** The sidebar's links, grouped by what staff do (issue 27). */
function SectionNav({ current }: { current: AdminSection | undefined }) {
  return (
    <div className="flex flex-col gap-4">
      <ul>
        <li>
          <SectionLink section={OVERVIEW_SECTION} current={current === OVERVIEW_SECTION} />
        </li>
      </ul>
      {ADMIN_SECTION_GROUPS.map((group) => (
        <div key={group.label}>
          <h2 className="px-3 pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">
            {group.label}
          </h2>
          <ul className="flex flex-col gap-0.5">
            {group.sections.map((section) => (
              <li key={section.id}>
                <SectionLink section={section} current={current?.id === section.id} />
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}

/**
 * The administration's layout (issue 27): a persistent sidebar of sections beside the open section, which uses the
 * rest of the width. Below 1024 px the sidebar folds into a 'Sections' button above the page; it opens over the top
 * of the page and closes when a section is chosen.
 */
export function AdminLayout({ children = <Outlet /> }: { children?: ReactNode }) {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const current = sectionAt(pathname);
  const [open, setOpen] = useState(false);
  const navId = useId();
  // A section chosen (or back, forward): the folded sidebar closes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: closes on every change of page.
  useEffect(() => setOpen(false), [pathname]);

  return (
    <div className="flex min-w-0 flex-1 flex-col lg:flex-row" data-testid="admin-layout">
      <div className="border-b border-slate-200 bg-white lg:hidden dark:border-slate-800 dark:bg-slate-950">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={navId}
          onClick={() => setOpen((was) => !was)}
          className="flex w-full items-center gap-2 px-4 py-2.5 text-left text-sm font-medium text-slate-800 sm:px-6 dark:text-slate-200"
          data-testid="admin-sections-toggle"
        >
          {open ? <X aria-hidden="true" className="size-4" /> : <Menu aria-hidden="true" className="size-4" />}
          <span>Sections</span>
          {current ? (
            <span className="truncate text-slate-500 dark:text-slate-400">
              <span aria-hidden="true">/ </span>
              <span className="sr-only">, now: </span>
              {current.label}
            </span>
          ) : null}
        </button>
      </div>
      <nav
        id={navId}
        aria-label="Admin sections"
        className={cn(
          'shrink-0 border-slate-200 bg-white px-3 py-4 dark:border-slate-800 dark:bg-slate-950',
          'lg:sticky lg:top-14 lg:block lg:max-h-[calc(100dvh-3.5rem)] lg:w-60 lg:overflow-y-auto lg:border-r',
          open ? 'block border-b' : 'hidden',
        )}
        data-testid="admin-sidebar"
      >
        <SectionNav current={current} />
      </nav>
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  );
}
