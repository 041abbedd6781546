import type { Consultation } from '@app/contracts';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import type { Column } from '../../../components/ui/table';
import type { RescheduleDialogComponent } from '../../../lib/consultation-reschedule';
import { consultationKeys } from '../api/consultations.queries';
import { AdminList } from '../kit/admin-list';
import { formatSlotIn } from '../utils/format';
import { useListView } from '../utils/use-list-view';
import { type FilterField, filterChoices } from './admin-panel';
import { TwoLines } from './admin-parts';
import { CalendarFeedCard } from './calendar-feed-card';
import { HELD_ELSEWHERE, useConsultationMenu, useRescheduling } from './consultation-actions';
import { ConsultationHistory } from './consultation-history';

const SOURCES = { form: 'Our form', scheduling_service: 'Scheduling service' } as const;

type ConsultationSortKey = 'startsAt' | 'name' | 'businessName' | 'source' | 'status';
const CONSULTATION_SORT_KEYS: readonly ConsultationSortKey[] = ['startsAt', 'name', 'businessName', 'source', 'status'];

interface ConsultationFilters {
  q: string;
  when: string;
  status: string;
  source: string;
}

const filterFields: readonly FilterField<ConsultationFilters>[] = [
  { key: 'q', label: 'Search', placeholder: 'Name, e-mail or business' },
  {
    key: 'when',
    label: 'When',
    options: [
      { value: 'upcoming', label: 'Upcoming' },
      { value: 'past', label: 'Past' },
      { value: 'all', label: 'Upcoming and past' },
    ],
  },
  {
    key: 'status',
    label: 'Status',
    options: filterChoices('All statuses', { confirmed: 'Confirmed', cancelled: 'Cancelled' }),
  },
  { key: 'source', label: 'Source', options: filterChoices('All sources', SOURCES) },
];

/**
 * Consultations (issue 16): every booking with its history, upcoming first unless sorted, one page at a time (the
 * server searches, filters, sorts and pages, issue 18; the view is in the URL); cancel or move a confirmed, future one on
 * the visitor's behalf. Beside it, the team's calendar feed and the days the company is closed.
 */
export function ConsultationsTab({ RescheduleDialog }: { RescheduleDialog?: RescheduleDialogComponent | undefined }) {
  const list = useListView<Consultation, ConsultationFilters, ConsultationSortKey>('consultation', {
    path: '/api/admin/consultations',
    queryKey: consultationKeys.all,
    filters: { q: '', when: 'upcoming', status: 'all', source: 'all' },
    // No sort key: the server's own order, upcoming first (soonest first), then past (latest first).
    sort: { key: '' as ConsultationSortKey, direction: 'asc' },
    sortKeys: CONSULTATION_SORT_KEYS,
  });
  const { reschedule, dialog } = useRescheduling(RescheduleDialog);
  const [now] = useState(() => Date.now());

  const consultationMenu = useConsultationMenu(reschedule);
  // A confirmed consultation still to come can be moved or cancelled, from its row's menu (issue 27).
  const open = (c: Consultation) => c.status === 'confirmed' && new Date(c.startsAt).getTime() > now;

  const columns: Column<Consultation, ConsultationSortKey>[] = [
    {
      header: 'When',
      sortKey: 'startsAt',
      className: 'min-w-40',
      'data-testid': 'consultation-when',
      cell: (c) => <TwoLines main={formatSlotIn(c.startsAt, c.endsAt, c.timeZone)} sub={c.timeZone} />,
    },
    {
      header: 'Who',
      sortKey: 'name',
      className: 'break-words',
      'data-testid': 'consultation-who',
      cell: (c) => <TwoLines main={c.name} sub={c.email} />,
    },
    {
      header: 'Business',
      sortKey: 'businessName',
      className: 'break-words',
      cell: (c) => (
        <>
          <span className="block">{c.businessName || '-'}</span>
          {c.lineOfWork ? (
            <span className="block text-xs text-slate-600 dark:text-slate-400">{c.lineOfWork}</span>
          ) : null}
        </>
      ),
    },
    { header: 'Source', sortKey: 'source', className: 'whitespace-nowrap', cell: (c) => SOURCES[c.source] },
    {
      header: 'Status',
      sortKey: 'status',
      'data-testid': 'consultation-status',
      cell: (c) => (
        <>
          {c.status === 'confirmed' ? (
            <Badge variant="success">Confirmed</Badge>
          ) : (
            <Badge variant="neutral">Cancelled</Badge>
          )}
          {/* Its menu has nothing to offer: one the scheduling service holds is changed there (decision 033). */}
          {open(c) && c.source === 'scheduling_service' ? (
            <span className="mt-1 block text-xs text-slate-600 dark:text-slate-400">{HELD_ELSEWHERE}</span>
          ) : null}
        </>
      ),
    },
    { header: 'History', className: 'min-w-48', cell: (c) => <ConsultationHistory consultation={c} /> },
  ];

  return (
    <div className="flex flex-col gap-6">
      <Card className="min-w-0 p-4 sm:p-6">
        <AdminList
          list={list}
          title="Consultations"
          filters={filterFields}
          columns={columns}
          row={(c) => ({ 'data-status': c.status })}
          empty="No consultations found"
          menu={(c) => (open(c) ? consultationMenu(c) : null)}
          actions={list.fetching ? <Spinner /> : null}
        />
      </Card>
      {dialog}
      <CalendarFeedCard />
    </div>
  );
}
