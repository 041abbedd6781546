import { createFileRoute, getRouteApi, Outlet, useChildMatches } from '@tanstack/react-router';
import { prefetchAdmin } from '../../features/admin/api/admin.queries';
import { AdminScreen } from '../../features/admin/components/admin-screen';
import { useCurrentUser } from '../../features/auth/api/auth.queries';
import { RescheduleDialog } from '../../features/booking/components/reschedule-dialog';
import { type AdminListSearch, parseAdminListSearch } from '../../lib/admin-list-search';
import { type AdminTab, DEFAULT_ADMIN_TAB, isAdminTab } from '../../lib/admin-tabs';
import { pageTitle } from '../../lib/page-title';

export interface AdminSearch extends AdminListSearch {
  /** The selected tab; absent means organizations (spec section 9). */
  tab?: AdminTab | undefined;
}

/** The Admin Dashboard (spec section 2): administrators only (the `_admin` layout's guard). */
export const Route = createFileRoute('/_admin/admin')({
  // Always the key; an unknown tab is dropped (the default shows). The open tab's list view (page, sort, filters)
  // is kept beside it (issue 18).
  validateSearch: (search: Record<string, unknown>): AdminSearch => ({
    tab: isAdminTab(search.tab) ? search.tab : undefined,
    ...parseAdminListSearch(search),
  }),
  head: () => ({ meta: [{ title: pageTitle('Admin Dashboard') }] }),
  // Started, not awaited: the page shows 'Loading admin dashboard...' meanwhile. The loader is code-split with the
  // page (vite.config.ts), so the admin code stays out of every other page's JavaScript.
  loader: ({ context }) => {
    prefetchAdmin(context.queryClient);
  },
  component: AdminPage,
});

function AdminPage() {
  // Not `Route`: the page's code-split chunk then needs nothing of this file, which stays in the entry.
  const routeApi = getRouteApi('/_admin/admin');
  const { tab = DEFAULT_ADMIN_TAB } = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  const { user } = useCurrentUser();
  // A section of its own URL (/admin/leads, issue 27) shows instead of the tabs.
  const sections = useChildMatches();
  if (sections.length > 0) return <Outlet />;
  return (
    <AdminScreen
      tab={tab}
      // A new history entry per tab, so back and forward move between tabs; a tab opens on its own default view.
      onTabChange={(next) => void navigate({ search: { tab: next } })}
      currentUserId={user?.id}
      RescheduleDialog={RescheduleDialog}
    />
  );
}
