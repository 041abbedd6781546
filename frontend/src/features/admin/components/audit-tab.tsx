import type { AuditEntry } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { EmptyRow, Table, TableScroll, Td, THead, Th, Tr } from '../../../components/ui/table';
import { adminAuditQueryOptions } from '../api/admin.queries';
import { formatAction, formatChange, formatDateTime } from '../utils/format';
import { ListHeader } from './admin-panel';

/** The target by name; rows that have none (written before names were kept, target gone) by their id. */
const targetLabel = (entry: AuditEntry) =>
  entry.targetName ?? (entry.targetId ? `${entry.targetType} ${entry.targetId} (deleted)` : '-');

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
        <TableScroll label="Audit log" data-testid="audit-table">
          <Table>
            <THead>
              <tr>
                <Th>Time</Th>
                <Th>Who</Th>
                <Th>Action</Th>
                <Th>Target</Th>
                <Th>Changes</Th>
              </tr>
            </THead>
            <tbody>
              {audit.data.length === 0 ? (
                <EmptyRow colSpan={5} data-testid="audit-empty">
                  No admin actions recorded yet
                </EmptyRow>
              ) : (
                audit.data.map((entry) => (
                  <Tr key={entry.id} data-testid="audit-row" data-action={entry.action}>
                    <Td className="whitespace-nowrap">{formatDateTime(entry.createdAt, '-')}</Td>
                    <Td className="break-words" data-testid="audit-actor">
                      {entry.actorName ? (
                        <>
                          <span className="block font-medium">{entry.actorName}</span>
                          {entry.actorEmail ? (
                            <span className="block break-all text-xs text-slate-600 dark:text-slate-400">
                              {entry.actorEmail}
                            </span>
                          ) : null}
                        </>
                      ) : (
                        <span className="break-all">
                          {entry.actorEmail ?? (entry.actorId !== null ? 'Deleted user' : 'System')}
                        </span>
                      )}
                    </Td>
                    <Td className="whitespace-nowrap font-medium">{formatAction(entry.action)}</Td>
                    <Td className="break-words" data-testid="audit-target">
                      <span className="block text-xs text-slate-600 capitalize dark:text-slate-400">
                        {entry.targetType}
                      </span>
                      <span className="block break-all font-medium">{targetLabel(entry)}</span>
                    </Td>
                    <Td>
                      {entry.changes && Object.keys(entry.changes).length > 0 ? (
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
                      )}
                    </Td>
                  </Tr>
                ))
              )}
            </tbody>
          </Table>
        </TableScroll>
      )}
    </Card>
  );
}
