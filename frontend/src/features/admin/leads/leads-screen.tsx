import type { Lead } from '@app/contracts';
import { useEffect, useRef, useState } from 'react';
import { PageContainer } from '../../../components/layout/page-header';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import type { Column } from '../../../components/ui/table';
import { cn } from '../../../lib/cn';
import { FilterBar, type FilterField, filterChoices, ListHeader } from '../components/admin-panel';
import { TwoLines } from '../components/admin-parts';
import { PagedTable } from '../components/paged-table';
import { nextSort } from '../utils/admin-lists';
import { formatDateTime } from '../utils/format';
import { LeadPanel } from './lead-panel';
import { type LeadSearch, type LeadSortKey, leadListQuery } from './lead-search';
import { STATUS_LABELS } from './lead-status';
import { LeadStatusBadge } from './lead-status-badge';
import { useLeadPage } from './leads.queries';

interface LeadFilters {
  q: string;
  status: string;
}

const filterFields: readonly FilterField<LeadFilters>[] = [
  { key: 'q', label: 'Search', placeholder: 'Name, e-mail or business' },
  { key: 'status', label: 'Status', options: filterChoices('All statuses', STATUS_LABELS) },
];

/** How long typing may pause before the URL (and the server's page) follows the search. */
const TYPING_PAUSE_MS = 300;

/** What the leads screen is told by its route: the view in the URL, and how to change it. */
export interface LeadsScreenProps {
  search: LeadSearch;
  /** Changes the view: a new history entry, or the current one replaced (typing). */
  onSearch: (patch: Partial<LeadSearch>, replace?: boolean) => void;
}

/**
 * Leads (issue 27): every contact message and consultation booking, one lead per person, the latest activity first;
 * searched, filtered by status and paged by the server (the view in the URL). Opening a lead shows it beside the list
 * (on a phone, instead of it): its messages and bookings in time order, its status, owner and notes, and Convert.
 */
export function LeadsScreen({ search, onSearch }: LeadsScreenProps) {
  const fromUrl = { q: search.q ?? '', status: search.status ?? 'all' };
  const [filters, setFilters] = useState<LeadFilters>(fromUrl);
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the two values are fromUrl's content.
  useEffect(() => setFilters(fromUrl), [fromUrl.q, fromUrl.status]);
  useEffect(() => () => clearTimeout(pending.current), []);

  const page = useLeadPage(leadListQuery(search));
  const total = page.data?.total ?? 0;
  const pageSize = search.pageSize ?? 25;
  const selected = search.lead;

  const list = {
    name: 'lead',
    filters,
    setFilters: (patch: Partial<LeadFilters>) => {
      const next = { ...filters, ...patch };
      setFilters(next);
      clearTimeout(pending.current);
      pending.current = setTimeout(
        () =>
          onSearch(
            {
              q: next.q.trim() || undefined,
              status: next.status === 'all' ? undefined : (next.status as Lead['status']),
              page: 1,
            },
            true,
          ),
        patch.q === undefined ? 0 : TYPING_PAUSE_MS,
      );
    },
  };
  const sort = search.sort
    ? { key: search.sort, direction: search.order ?? 'asc' }
    : { key: '' as LeadSortKey, direction: 'asc' as const };

  // The columns a phone, or the list beside an open lead, leaves out (the lead's own panel shows them).
  const secondary = selected !== undefined ? 'hidden' : 'hidden md:table-cell';
  const columns: Column<Lead, LeadSortKey>[] = [
    {
      header: 'Lead',
      sortKey: 'name',
      className: 'min-w-44 break-words',
      cell: (lead) => (
        <TwoLines
          main={
            <button
              type="button"
              className="text-left font-medium text-blue-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-blue-300"
              aria-current={lead.id === selected ? 'true' : undefined}
              onClick={() => onSearch({ lead: lead.id })}
              data-testid="lead-open"
            >
              {lead.name}
            </button>
          }
          sub={lead.email}
        />
      ),
    },
    {
      header: 'Business',
      sortKey: 'businessName',
      className: cn(secondary, 'break-words'),
      headerClassName: secondary,
      cell: (lead) => lead.businessName || '-',
    },
    { header: 'Status', sortKey: 'status', cell: (lead) => <LeadStatusBadge status={lead.status} /> },
    {
      header: 'Activity',
      className: cn(secondary, 'whitespace-nowrap text-xs'),
      headerClassName: secondary,
      cell: (lead) => (
        <>
          <span className="block">{plural(lead.messageCount, 'message')}</span>
          <span className="block">{plural(lead.bookingCount, 'booking')}</span>
        </>
      ),
    },
    {
      header: 'Owner',
      className: cn(secondary, 'break-all text-xs'),
      headerClassName: secondary,
      cell: (lead) => lead.ownerEmail ?? 'Nobody',
    },
    {
      header: 'Last activity',
      sortKey: 'lastActivityAt',
      className: 'whitespace-nowrap text-xs',
      cell: (lead) => formatDateTime(lead.lastActivityAt),
    },
  ];

  return (
    <PageContainer>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">Leads</h1>
      <p className="mt-2 mb-6 text-slate-600 dark:text-slate-300">
        Every contact message and consultation booking, one lead per person, from first message to client.
      </p>
      <div
        className={cn('grid min-w-0 gap-6', selected !== undefined && 'lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]')}
        data-testid="leads-screen"
      >
        <Card className={cn('min-w-0 p-4 sm:p-6', selected !== undefined && 'hidden lg:block')}>
          <ListHeader title="All leads" count={page.data ? total : undefined}>
            {page.isFetching ? <Spinner /> : null}
          </ListHeader>
          <FilterBar fields={filterFields} list={list} className="sm:grid-cols-2" />
          <PagedTable
            statusLine
            list={{
              rows: page.data?.rows ?? [],
              sort: {
                ...sort,
                onSort: (key) => {
                  const next = nextSort(sort, key);
                  onSearch({ sort: next.key || undefined, order: next.direction, page: 1 });
                },
                testId: (key) => `lead-sort-${key}`,
              },
              loaded: page.data !== undefined,
              failed: page.isError,
              fetching: page.isFetching,
              total,
              pager: {
                page: search.page ?? 1,
                pageSize,
                pages: Math.max(1, Math.ceil(total / pageSize)),
                setPage: (next) => void onSearch({ page: next }),
                setPageSize: (next) => void onSearch({ pageSize: next as LeadSearch['pageSize'], page: 1 }),
              },
            }}
            name="lead"
            label="Leads"
            columns={columns}
            row={(lead) => ({
              'data-testid': 'lead-row',
              'data-id': lead.id,
              'data-status': lead.status,
              ...(lead.id === selected ? { className: 'bg-blue-50 dark:bg-blue-950' } : {}),
            })}
            empty="No leads found"
          />
        </Card>
        {selected ? <LeadPanel id={selected} onClose={() => onSearch({ lead: undefined })} /> : null}
      </div>
    </PageContainer>
  );
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
