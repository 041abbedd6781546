import type { AdminDashboard, ConnectionTest, EmbedConnection } from '@app/contracts';
import { EMBED_PROVIDER_LABELS } from '@app/contracts/api/embedding';
import { useQuery } from '@tanstack/react-query';
import { Plug, Plus, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import type { Column } from '../../../components/ui/table';
import { failureMessage } from '../../../lib/api';
import { useDeleteConnection, useTestConnection } from '../api/admin.mutations';
import { adminConnectionsQueryOptions } from '../api/admin.queries';
import { ConnectionForm } from '../forms/connection-form';
import { LoadedList } from '../kit/admin-list';
import type { RowMenu } from '../kit/admin-table';
import { deleteAction, deleteRow, editAction } from '../kit/common-actions';
import { FormPanel } from '../kit/side-panel';
import { usePanel } from '../kit/use-panel';
import { connectionSite } from '../utils/embed';
import { ListHeader } from './admin-panel';
import { ConnectionStatus } from './connection-status';
import { LastSync, type SyncOutcome, SyncResultPanel, useSyncNow } from './connection-sync';

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

const icon = 'size-4';

/**
 * Embed connections (issue 14): one per provider account the server mints tokens with. The list at the full width
 * (never a secret) with each one's Status; each row's test, sync, edit and delete in its menu; create and edit in a
 * side panel, and what testing the saved connection found above the list (issue 27).
 */
export function ConnectionsTab({ dashboards }: { dashboards: readonly AdminDashboard[] }) {
  const connections = useQuery(adminConnectionsQueryOptions());
  const rows = [...(connections.data ?? [])].sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
  const panel = usePanel(rows);
  const deleteConnection = useDeleteConnection();
  const test = useTestConnection();
  const [saved, setSaved] = useState<{ name: string; test: ConnectionTest } | null>(null);
  const [synced, setSynced] = useState<SyncOutcome | null>(null);
  const sync = useSyncNow(setSynced);
  // What a check the server could not be asked for said (kept on this page only: what a check found is kept on the
  // connection, and the list read again once it answers).
  const [unsent, setUnsent] = useState<ReadonlyMap<number, ConnectionTest>>(new Map());
  const keepUnsent = (id: number, failed?: ConnectionTest) =>
    setUnsent((before) => {
      const after = new Map(before);
      if (failed) after.set(id, failed);
      else after.delete(id);
      return after;
    });
  const runTest = async (connection: EmbedConnection) => {
    const failed = await test.mutateAsync(connection.id).then(
      () => undefined,
      (error: unknown) => ({
        ok: false,
        message: failureMessage(error, 'The test could not be run. Please try again.'),
      }),
    );
    keepUnsent(connection.id, failed);
  };

  // A 409 while dashboards use it: the server's message says so.
  const remove = deleteRow('Connection', (c: EmbedConnection) => deleteConnection.mutateAsync(c.id), panel);

  const columns: Column<EmbedConnection>[] = [
    { header: 'Name', className: 'min-w-36 font-medium', cell: (c) => c.name },
    {
      header: 'Status',
      'data-testid': 'connection-status-cell',
      cell: (c) => (
        <ConnectionStatus
          connection={c}
          dashboards={dashboards}
          unsent={unsent.get(c.id)}
          testing={test.isPending && test.variables === c.id}
        />
      ),
    },
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
  ];

  const menu = (c: EmbedConnection): RowMenu => ({
    target: c.name,
    actions: [
      editAction(() => {
        setSaved(null);
        panel.edit(c);
      }, 'connection-edit'),
      {
        value: 'test',
        label: 'Test connection',
        icon: <Plug aria-hidden="true" className={icon} />,
        onSelect: () => void runTest(c),
        'data-testid': 'connection-test',
      },
      ...(c.provider === 'lookerstudio'
        ? [
            {
              value: 'sync',
              label: 'Sync now',
              icon: <RefreshCw aria-hidden="true" className={icon} />,
              onSelect: () => void sync.run(c),
              'data-testid': 'connection-sync',
            },
          ]
        : []),
      deleteAction(
        {
          title: 'Delete Connection',
          question: deleteConnectionQuestion(c),
          pending: deleteConnection.isPending,
          onConfirm: (close) => void remove(c, close),
          'data-testid': 'delete-connection-dialog',
        },
        'connection-delete',
      ),
    ],
  });

  return (
    <>
      <ListHeader title="Connections" count={connections.data?.length}>
        <Button
          size="sm"
          onClick={() => {
            setSaved(null);
            panel.create();
          }}
          data-testid="connection-create"
        >
          <Plus aria-hidden="true" className={icon} />
          New connection
        </Button>
      </ListHeader>
      <p className="mb-4 text-sm text-slate-600 dark:text-slate-400">
        The provider accounts the portal mints each organization's embed tokens with, or shares each organization's
        Looker Studio reports through. Secrets are stored encrypted and never shown again.
      </p>
      <div aria-live="polite" className="mb-4 flex flex-col gap-4 empty:hidden">
        {saved ? <SavedTestResult name={saved.name} test={saved.test} /> : null}
        {sync.syncing !== undefined ? (
          <p role="status" className="text-sm text-slate-700 dark:text-slate-300" data-testid="connection-syncing">
            Syncing...
          </p>
        ) : synced ? (
          <SyncResultPanel outcome={synced} />
        ) : null}
      </div>
      <LoadedList
        query={connections}
        plural="connections"
        label="Connections"
        columns={columns}
        rows={rows}
        row={(c) => ({ 'data-id': c.id, 'data-provider': c.provider })}
        empty="No connections yet: create one to embed Power BI, Tableau, Metabase or Looker Studio dashboards."
        menu={menu}
      />
      <FormPanel panel={panel} what="Connection">
        {(connection) => (
          <ConnectionForm
            connection={connection}
            onSaved={(result) => {
              setSaved(result);
              keepUnsent(result.id);
            }}
            onDone={panel.close}
          />
        )}
      </FormPanel>
    </>
  );
}
