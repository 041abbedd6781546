import type { EmbedConnection, SharingSyncResult } from '@app/contracts';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { failureMessage } from '../../../lib/api';
import { useSyncConnection } from '../api/admin.mutations';
import { formatDateTime } from '../utils/format';

/** What the last 'Sync now' of a connection gave: the result, or why it could not run. */
export type SyncOutcome =
  | { connection: EmbedConnection; result: SharingSyncResult }
  | { connection: EmbedConnection; failure: string };

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** '2 added, 1 removed' of a sync. */
const counts = (added: number, removed: number) => `${added} added, ${removed} removed`;

/**
 * A Looker Studio connection's 'Sync now' (issue 28), for its row's menu: reconciles its reports' sharing with the
 * organizations now, and hands what it did and found to `onSynced`. `syncing` is the connection being synced.
 */
export function useSyncNow(onSynced: (outcome: SyncOutcome | null) => void) {
  const sync = useSyncConnection();
  const run = async (connection: EmbedConnection) => {
    onSynced(null);
    try {
      onSynced({ connection, result: await sync.mutateAsync(connection.id) });
    } catch (error) {
      onSynced({ connection, failure: failureMessage(error, 'The sync could not be run. Please try again.') });
    }
  };
  return { run, syncing: sync.isPending ? sync.variables : undefined };
}

/** A Looker Studio connection's last sync in its row: when, what it changed and found, or its error. */
export function LastSync({ connection }: { connection: EmbedConnection }) {
  if (connection.provider !== 'lookerstudio') return <span className="text-slate-500 dark:text-slate-400">-</span>;
  const last = connection.lastSync;
  if (!last) return <span className="text-slate-600 dark:text-slate-400">Never</span>;
  return (
    <span className="flex flex-col items-start gap-1 text-xs" data-testid="connection-last-sync">
      <span className="text-sm text-slate-800 dark:text-slate-200">{formatDateTime(last.at)}</span>
      <span className="text-slate-600 dark:text-slate-400">
        {counts(last.added, last.removed)}
        {last.unexpected ? `, ${plural(last.unexpected, 'unexpected member')}` : ''}
      </span>
      {last.error ? (
        <span className="break-words text-red-700 dark:text-red-400">
          <Badge variant="danger" className="mr-1">
            Failed
          </Badge>
          {last.error}
        </span>
      ) : null}
    </span>
  );
}

/**
 * What 'Sync now' did (issue 28): how many members were added and removed, the members found that the portal did not
 * add (each with its dashboard; removed only when the connection owns sharing, D36), and the dashboards it failed on.
 */
export function SyncResultPanel({ outcome }: { outcome: SyncOutcome }) {
  const { connection } = outcome;
  if ('failure' in outcome)
    return (
      <Alert variant="error" data-testid="connection-sync-result">
        {`Syncing '${connection.name}' failed: ${outcome.failure}`}
      </Alert>
    );
  const { result } = outcome;
  const clean = result.errors.length === 0 && result.unexpected.length === 0;
  return (
    <section
      aria-label={`Sync of ${connection.name}`}
      className="flex flex-col gap-3"
      data-testid="connection-sync-result"
      data-added={result.added}
      data-removed={result.removed}
    >
      <Alert variant={result.errors.length ? 'warning' : 'success'}>
        {`Synced '${connection.name}': ${counts(result.added, result.removed)}.`}
        {clean ? ' Every report is shared with exactly the people of its organizations.' : ''}
      </Alert>
      {result.unexpected.length ? (
        <div
          className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
          data-testid="connection-sync-unexpected"
        >
          <p className="font-medium">
            {`Found ${plural(result.unexpected.length, 'member')} the portal did not add. `}
            {connection.ownsSharing
              ? 'This connection removes them.'
              : "They were left as they are: remove them in Looker Studio, or turn on 'Remove members the portal did not add'."}
          </p>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            {result.unexpected.map((member) => (
              <li key={`${member.dashboardId}-${member.member}`} className="break-words">
                <span className="font-mono text-xs">{member.member}</span>
                {` (${member.role.toLowerCase()}) on '${member.dashboardName}'`}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {result.errors.length ? (
        <div
          role="alert"
          className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
          data-testid="connection-sync-errors"
        >
          <p className="font-medium">{`Could not bring ${plural(result.errors.length, 'dashboard')} in step:`}</p>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            {result.errors.map((error) => (
              <li key={error.dashboardId} className="break-words">
                {`'${error.dashboardName}': ${error.message}`}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
