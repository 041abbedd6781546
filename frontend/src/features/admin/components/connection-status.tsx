import type { AdminDashboard, ConnectionTest, EmbedConnection } from '@app/contracts';
import { Badge, type BadgeVariant } from '../../../components/ui/badge';
import { Spinner } from '../../../components/ui/spinner';
import { formatDateTime } from '../utils/format';
import { RelativeTime } from './relative-time';

/** What is known of a connection's health: a check of the provider, or what the nightly work found. */
type State = 'ok' | 'failed' | 'unchecked';

const BADGES = {
  ok: ['OK', 'success'],
  failed: ['Failed', 'danger'],
  unchecked: ['Not checked', 'neutral'],
} as const satisfies Record<State, readonly [string, BadgeVariant]>;

const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;

/**
 * Where something can be wrong with a connection (issue 27), from what the lists already say: the provider's answer
 * to the last check (a row's 'Test connection', or the test after a save, kept on the connection), a Looker Studio
 * connection's last sync, and its dashboards whose report the nightly check found gone (issue 29) or whose sharing
 * failed (issue 28). Failed when any of them did; OK when a check or sync passed; else not checked.
 */
function connectionHealth(
  connection: EmbedConnection,
  dashboards: readonly AdminDashboard[],
  check: ConnectionTest | null,
) {
  const problems: string[] = [];
  let state: State = 'unchecked';
  if (check) state = check.ok ? 'ok' : 'failed';
  else if (connection.lastSync) state = connection.lastSync.error ? 'failed' : 'ok';
  if (!check && connection.lastSync?.error) problems.push(`Last sync failed: ${connection.lastSync.error}`);
  const own = dashboards.filter((d) => d.connectionId === connection.id);
  const gone = own.filter((d) => d.targetProblem).length;
  if (gone)
    problems.push(
      `${plural(gone, 'report')} gone (${own
        .filter((d) => d.targetProblem)
        .map((d) => d.name)
        .join(', ')})`,
    );
  const failing = own.filter((d) => d.sharing?.state === 'failing').length;
  if (failing) problems.push(`Sharing failing on ${plural(failing, 'dashboard')}`);
  if (problems.length) state = 'failed';
  return { state, problems };
}

/**
 * A connection's Status cell: the badge, the last check's answer and when it was made, and each problem found, in
 * words. `unsent` is a check this page could not even ask for (the request failed): it is not kept on the connection.
 */
export function ConnectionStatus({
  connection,
  dashboards,
  unsent,
  testing,
}: {
  connection: EmbedConnection;
  dashboards: readonly AdminDashboard[];
  unsent: ConnectionTest | undefined;
  testing: boolean;
}) {
  const check = unsent ?? connection.lastCheck;
  const { state, problems } = connectionHealth(connection, dashboards, check);
  const [label, variant] = BADGES[state];
  return (
    <span
      className="flex max-w-64 flex-col items-start gap-1 text-xs"
      data-testid="connection-status"
      data-state={state}
      aria-live="polite"
    >
      {testing ? (
        <span className="flex items-center gap-1 text-sm text-slate-700 dark:text-slate-300" role="status">
          <Spinner />
          Testing...
        </span>
      ) : (
        <Badge variant={variant}>{label}</Badge>
      )}
      {check ? (
        <span className="break-words text-slate-700 dark:text-slate-300" data-testid="connection-row-test">
          {`${check.ok ? 'Check passed' : 'Check failed'}: ${check.message}`}
          {unsent || !connection.lastCheck ? null : (
            <span className="block text-slate-600 dark:text-slate-400" data-testid="connection-checked-at">
              Checked <RelativeTime value={connection.lastCheck.checkedAt} />
            </span>
          )}
        </span>
      ) : connection.lastSync && !connection.lastSync.error ? (
        <span className="text-slate-600 dark:text-slate-400">{`Synced ${formatDateTime(connection.lastSync.at)}`}</span>
      ) : null}
      {problems.map((problem) => (
        <span key={problem} className="break-words text-red-700 dark:text-red-400" data-testid="connection-problem">
          {problem}
        </span>
      ))}
    </span>
  );
}
