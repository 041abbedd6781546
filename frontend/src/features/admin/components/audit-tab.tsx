import type { AuditEntry } from '@app/contracts';
import { Card } from '../../../components/ui/card';
import type { Column } from '../../../components/ui/table';
import { adminKeys } from '../api/admin.queries';
import { ListTop, RefreshButton } from '../kit/list-top';
import { changeLines, formatAction } from '../utils/format';
import { useListView } from '../utils/use-list-view';
import type { FilterField } from './admin-panel';
import { TwoLines } from './admin-parts';
import { PagedTable } from './paged-table';
import { whenColumn } from './relative-time';

/** The target by name; rows that have none (written before names were kept, target gone) by their id. */
const targetLabel = (entry: AuditEntry) =>
  entry.targetName ?? (entry.targetId ? `${entry.targetType} ${entry.targetId} (deleted)` : '-');

type AuditSortKey = 'createdAt' | 'actorEmail' | 'action' | 'targetType';
const AUDIT_SORT_KEYS: readonly AuditSortKey[] = ['createdAt', 'actorEmail', 'action', 'targetType'];

interface AuditFilters {
  q: string;
  actor: string;
  action: string;
  targetType: string;
  from: string;
  to: string;
}

const filterFields: FilterField<AuditFilters>[] = [
  { key: 'q', label: 'Search', placeholder: 'Who, what or which target' },
  { key: 'actor', label: 'Who', placeholder: 'E-mail of the admin' },
  { key: 'action', label: 'Action', placeholder: 'user.update' },
  { key: 'targetType', label: 'Target type', placeholder: 'user, dashboard...' },
  { key: 'from', label: 'From', placeholder: 'yyyy-mm-dd', type: 'date' },
  { key: 'to', label: 'To', placeholder: 'yyyy-mm-dd', type: 'date' },
];

/** The changes as before → after (issue 27), one line per field. */
function Changes({ changes }: { changes: AuditEntry['changes'] }) {
  const lines = changeLines(changes);
  if (!lines.length) return <span className="text-slate-500 dark:text-slate-400">-</span>;
  return (
    <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-2 gap-y-0.5 text-xs">
      {lines.map((line) => (
        <div key={line.field} className="contents">
          <dt className="font-semibold text-slate-700 dark:text-slate-300">{line.field}</dt>
          <dd className="relative break-words text-slate-600 dark:text-slate-400" data-testid="audit-change">
            {'value' in line ? (
              line.value
            ) : (
              <>
                <span>{line.before}</span>
                <span aria-hidden="true"> → </span>
                <span className="sr-only">changed to </span>
                <span className="font-medium text-slate-800 dark:text-slate-200">{line.after}</span>
              </>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

const columns: Column<AuditEntry, AuditSortKey>[] = [
  whenColumn(),
  {
    header: 'Who',
    sortKey: 'actorEmail',
    className: 'break-words',
    'data-testid': 'audit-actor',
    cell: (entry) =>
      entry.actorName ? (
        <TwoLines main={entry.actorName} sub={entry.actorEmail} />
      ) : (
        <span className="break-all">{entry.actorEmail ?? (entry.actorId !== null ? 'Deleted user' : 'System')}</span>
      ),
  },
  {
    header: 'Action',
    sortKey: 'action',
    className: 'whitespace-nowrap font-medium',
    cell: (entry) => formatAction(entry.action),
  },
  {
    header: 'Target',
    sortKey: 'targetType',
    className: 'break-words',
    'data-testid': 'audit-target',
    cell: (entry) => (
      <>
        <span className="block text-xs text-slate-600 capitalize dark:text-slate-400">{entry.targetType}</span>
        <span className="block break-all font-medium">{targetLabel(entry)}</span>
      </>
    ),
  },
  {
    header: 'Changes',
    'data-testid': 'audit-changes',
    cell: (entry) => <Changes changes={entry.changes} />,
  },
];

/**
 * Audit (D21): the admin actions, newest first unless sorted otherwise, one page at a time (the server searches,
 * filters, sorts and pages, issue 18; the view is in the URL). Loaded when the tab opens.
 */
export function AuditTab() {
  const list = useListView<AuditEntry, AuditFilters, AuditSortKey>('audit', {
    path: '/api/admin/audit',
    queryKey: adminKeys.audit,
    filters: { q: '', actor: '', action: '', targetType: '', from: '', to: '' },
    sort: { key: 'createdAt', direction: 'desc' },
    sortKeys: AUDIT_SORT_KEYS,
  });
  return (
    <Card className="min-w-0 p-4 sm:p-6">
      <ListTop title="Audit Log" list={list} filters={filterFields} actions={<RefreshButton list={list} />} />
      <PagedTable
        statusLine
        list={list}
        name="audit"
        label="Audit log"
        rowsLabel="entries"
        columns={columns}
        row={(entry) => ({ 'data-testid': 'audit-row', 'data-action': entry.action })}
        empty="No admin actions recorded yet"
      />
    </Card>
  );
}
