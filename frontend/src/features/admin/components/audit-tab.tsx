import type { AuditEntry } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { type Column, DataTable } from '../../../components/ui/table';
import { adminAuditQueryOptions } from '../api/admin.queries';
import { formatAction, formatChange, formatDateTime } from '../utils/format';
import { ListHeader } from './admin-panel';

/** The target by name; rows that have none (written before names were kept, target gone) by their id. */
const targetLabel = (entry: AuditEntry) =>
  entry.targetName ?? (entry.targetId ? `${entry.targetType} ${entry.targetId} (deleted)` : '-');

const columns: Column<AuditEntry>[] = [
  { header: 'Time', className: 'whitespace-nowrap', cell: (entry) => formatDateTime(entry.createdAt, '-') },
  {
    header: 'Who',
    className: 'break-words',
    'data-testid': 'audit-actor',
    cell: (entry) =>
      entry.actorName ? (
        <>
          <span className="block font-medium">{entry.actorName}</span>
          {entry.actorEmail ? (
            <span className="block break-all text-xs text-slate-600 dark:text-slate-400">{entry.actorEmail}</span>
          ) : null}
        </>
      ) : (
        <span className="break-all">{entry.actorEmail ?? (entry.actorId !== null ? 'Deleted user' : 'System')}</span>
      ),
  },
  { header: 'Action', className: 'whitespace-nowrap font-medium', cell: (entry) => formatAction(entry.action) },
  {
    header: 'Target',
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
    cell: (entry) =>
      entry.changes && Object.keys(entry.changes).length > 0 ? (
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-2 text-xs">
          {Object.entries(entry.changes).map(([field, value]) => (
            <div key={field} className="contents">
              <dt className="font-semibold text-slate-700 dark:text-slate-300">{field}</dt>
              <dd className="break-all text-slate-600 dark:text-slate-400">{formatChange(value)}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <span className="text-slate-500 dark:text-slate-400">-</span>
      ),
  },
];

/** Audit (D21): the admin actions, newest first, as the server lists them. Loaded when the tab opens. */
export function AuditTab() {
  const audit = useQuery(adminAuditQueryOptions());
  return (
    <Card className="min-w-0 p-4 sm:p-6">
      <ListHeader title="Audit Log" count={audit.data?.length}>
        <Button
          size="sm"
          variant="outline"
          onClick={() => void audit.refetch()}
          disabled={audit.isFetching}
          data-testid="audit-refresh"
        >
          {audit.isFetching ? <Spinner /> : null}
          Refresh
        </Button>
      </ListHeader>
      {audit.isPending ? (
        <p className="flex items-center gap-2 py-10 text-sm text-slate-600 dark:text-slate-400" role="status">
          <Spinner />
          Loading audit log...
        </p>
      ) : audit.isError ? (
        <Alert variant="error">The audit log could not be loaded.</Alert>
      ) : (
        <DataTable
          label="Audit log"
          data-testid="audit-table"
          columns={columns}
          rows={audit.data}
          rowKey={(entry) => entry.id}
          row={(entry) => ({ 'data-testid': 'audit-row', 'data-action': entry.action })}
          empty="No admin actions recorded yet"
          emptyTestId="audit-empty"
        />
      )}
    </Card>
  );
}
