import { createFileRoute, redirect } from '@tanstack/react-router';
import { prefetchAdmin } from '../../features/admin/api/admin.queries';
import { AdminLayout } from '../../features/admin/components/admin-layout';
import { legacyTabRedirect } from '../../features/admin/sections';
import { type AdminListSearch, parseAdminListSearch } from '../../lib/admin-list-search';

export interface AdminSearch extends AdminListSearch {
  /** The old admin screen's tab (`/admin?tab=users`): redirected to the section's own URL (issue 27). */
  tab?: string | undefined;
}

/**
 * The administration (spec section 2, issue 27), administrators only (the `_admin` layout's guard): the sidebar of
 * sections and the open section beside it. The open list's view (page, sort, filters) is in the search (issue 18).
 */
export const Route = createFileRoute('/_admin/admin')({
  validateSearch: (search: Record<string, unknown>): AdminSearch => ({
    ...(typeof search.tab === 'string' && { tab: search.tab }),
    ...parseAdminListSearch(search),
  }),
  // Old links (bookmarks, e-mails) keep working: /admin?tab=users&q=ann goes to /admin/people?q=ann.
  beforeLoad: ({ location }) => {
    const href = legacyTabRedirect(location.pathname, location.searchStr);
    if (href) throw redirect({ href, replace: true });
  },
  // Started, not awaited: the lists the forms choose from. The loader is code-split with the layout (vite.config.ts),
  // so the admin code stays out of every other page's JavaScript.
  loader: ({ context }) => {
    prefetchAdmin(context.queryClient);
  },
  component: AdminLayout,
});
