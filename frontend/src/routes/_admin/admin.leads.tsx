import { createFileRoute, getRouteApi } from '@tanstack/react-router';
import { type LeadSearch, parseLeadSearch } from '../../features/admin/leads/lead-search';
import { LeadsScreen } from '../../features/admin/leads/leads-screen';
import { pageTitle } from '../../lib/page-title';

/** Leads (issue 27): every contact message and booking, followed from first message to client. Administrators only. */
export const Route = createFileRoute('/_admin/admin/leads')({
  validateSearch: (search: Record<string, unknown>): LeadSearch => parseLeadSearch(search),
  head: () => ({ meta: [{ title: pageTitle('Leads') }] }),
  component: LeadsPage,
});

function LeadsPage() {
  const routeApi = getRouteApi('/_admin/admin/leads');
  const search = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  return (
    <LeadsScreen
      search={search}
      onSearch={(patch, replace = false) =>
        void navigate({ search: (current: LeadSearch) => ({ ...current, ...patch }), replace })
      }
    />
  );
}
