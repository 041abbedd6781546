import type { AdminDashboard, ConnectionTest, EmbedConnection } from '@app/contracts';
import { EMBED_PROVIDER_LABELS } from '@app/contracts/api/embedding';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Spinner } from '../../../components/ui/spinner';
import { type Column, DataTable } from '../../../components/ui/table';
import { failureMessage } from '../../../lib/api';
import { useDeleteConnection, useTestConnection } from '../api/admin.mutations';
import { adminConnectionsQueryOptions } from '../api/admin.queries';
import { ConnectionForm } from '../forms/connection-form';
import { connectionSite } from '../utils/embed';
import { notifyFailure, notifySuccess } from '../utils/notify';
import { ConfirmAction, ListHeader, ListWithForm, RowButton, useEditing } from './admin-panel';
import { LastSync, SyncButton, type SyncOutcome, SyncResultPanel } from './connection-sync';

export const deleteConnectionQuestion = (connection: EmbedConnection) =>
  connection.dashboardCount > 0
    ? `'${connection.name}' is used by ${connection.dashboardCount === 1 ? '1 dashboard' : `${connection.dashboardCount} dashboards`}: it cannot be deleted until they use another connection.`
    : `Delete '${connection.name}'? Its stored secret is erased. This action cannot be undone.`;

/** What testing the connection just saved found, in words: a success, or a warning with the provider's answer. */
function SavedTestResult({ name, test }: { name: string; test: ConnectionTest }) {
  return (
    <Alert variant={test.ok ? 'success' : 'warning'} data-testid="connection-test-result">
      {test.ok ? `Saved. '${name}' works: ${test.message}` : `Saved, but testing '${name}' failed: ${test.message}`}
    </Alert>
  );
}

/** A row's 'Test connection': asks the provider now, and says what it found under the button. */
function TestConnectionButton({ connection }: { connection: EmbedConnection }) {
  const test = useTestConnection();
  const [result, setResult] = useState<ConnectionTest | null>(null);
  const run = async () => {
    setResult(null);
    try {
      setResult(await test.mutateAsync(connection.id));
    } catch (error) {
      setResult({ ok: false, message: failureMessage(error, 'The test could not be run. Please try again.') });
    }
  };
  return (
    <>
      <RowButton
        label={test.isPending ? 'Testing...' : 'Test connection'}
        name={`Test connection ${connection.name}`}
        disabled={test.isPending}
        aria-busy={test.isPending || undefined}
        onClick={() => void run()}
        data-testid="connection-test"
      />
      <div aria-live="polite" className="max-w-64 text-left">
        {result ? (
          <p className="text-xs text-slate-700 dark:text-slate-300" data-testid="connection-row-test">
            <Badge variant={result.ok ? 'success' : 'warning'} className="mr-1">
              {result.ok ? 'OK' : 'Failed'}
            </Badge>
            {result.message}
          </p>
        ) : null}
      </div>
    </>
  );
}

/**
 * Embed connections (issue 14): one per provider account the server mints tokens with. The list (never a secret),
 * each row's test, edit and delete, and the create / edit form with what testing the saved connection found.
 */
export function ConnectionsTab({ dashboards }: { dashboards: readonly AdminDashboard[] }) {
  const connections = useQuery(adminConnectionsQueryOptions());
  const rows = [...(connections.data ?? [])].sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
  const edit = useEditing(rows, 'connection');
  const deleteConnection = useDeleteConnection();
  const [saved, setSaved] = useState<{ name: string; test: ConnectionTest } | null>(null);
  const [synced, setSynced] = useState<SyncOutcome | null>(null);

  const remove = async (connection: EmbedConnection, close: () => void) => {
    try {
      await deleteConnection.mutateAsync(connection.id);
      close();
      if (edit.editing?.id === connection.id) edit.stop();
      notifySuccess('Connection deleted');
    } catch (error) {
      close();
      // 409 while dashboards use it: the server's message says so.
      notifyFailure('Error deleting connection', error, 'Failed to delete connection');
    }
  };

  const columns: Column<EmbedConnection>[] = [
    { header: 'Name', className: 'min-w-36 font-medium', cell: (c) => c.name },
    {
      header: 'Provider / site',
      className: 'min-w-44',
      // Where it points under the provider: a tenant, a site, or Looker Studio's service account and its user.
      cell: (c) => (
        <>
          <span className="block whitespace-nowrap">{EMBED_PROVIDER_LABELS[c.provider]}</span>
          <span className="block text-xs [overflow-wrap:anywhere] text-slate-600 dark:text-slate-400">
            {connectionSite(c)}
          </span>
        </>
      ),
    },
    {
      header: 'Dashboards',
      'data-testid': 'connection-dashboards',
      cell: (c) => {
        const names = dashboards.filter((d) => d.connectionId === c.id).map((d) => d.name);
        return (
          <>
            <span className="block tabular-nums">{c.dashboardCount}</span>
            {names.length ? (
              <span className="block text-xs text-slate-600 dark:text-slate-400">{names.join(', ')}</span>
            ) : null}
          </>
        );
      },
    },
    { header: 'Last sync', 'data-testid': 'connection-sync-cell', cell: (c) => <LastSync connection={c} /> },
    {
      header: 'Actions',
      headerClassName: 'text-right',
      cell: (c) => (
        <div className="flex flex-col items-stretch gap-2">
          {edit.button(c, c.name, () => setSaved(null))}
          <TestConnectionButton connection={c} />
          {c.provider === 'lookerstudio' ? <SyncButton connection={c} onSynced={setSynced} /> : null}
          <ConfirmAction
            label="Delete"
            target={c.name}
            variant="destructive"
            data-testid="connection-delete"
            title="Delete Connection"
            question={deleteConnectionQuestion(c)}
            pendingLabel="Deleting..."
            pending={deleteConnection.isPending}
            onConfirm={(close) => void remove(c, close)}
            dialogTestId="delete-connection-dialog"
          />
        </div>
      ),
    },
  ];

  return (
    <ListWithForm
      list={
        <>
          <ListHeader title="Connections" count={connections.data?.length} />
          <p className="mb-4 text-sm text-slate-600 dark:text-slate-400">
            The provider accounts the portal mints each organization's embed tokens with, or shares each organization's
            Looker Studio reports through. Secrets are stored encrypted and never shown again.
          </p>
          <div aria-live="polite" className="mb-4 empty:hidden">
            {synced ? <SyncResultPanel outcome={synced} /> : null}
          </div>
          {connections.isPending ? (
            <p className="flex items-center gap-2 py-10 text-sm text-slate-600 dark:text-slate-400" role="status">
              <Spinner />
              Loading connections...
            </p>
          ) : connections.isError ? (
            <Alert variant="error">The connections could not be loaded.</Alert>
          ) : (
            <DataTable
              label="Connections"
              data-testid="connections-table"
              columns={columns}
              rows={rows}
              rowKey={(c) => c.id}
              row={(c) => ({ 'data-testid': 'connection-row', 'data-id': c.id, 'data-provider': c.provider })}
              empty="No connections yet: create one to embed Power BI, Tableau, Metabase or Looker Studio dashboards."
              emptyTestId="connections-empty"
            />
          )}
        </>
      }
      form={
        <div className="flex flex-col gap-4">
          {saved ? <SavedTestResult name={saved.name} test={saved.test} /> : null}
          <ConnectionForm
            key={edit.editing?.id ?? 'new'}
            connection={edit.editing}
            onSaved={setSaved}
            onDone={edit.stop}
          />
        </div>
      }
    />
  );
}
