import type { EmbedConnection } from '@app/contracts';
import { PowerBiCapacityPanel } from './powerbi-capacity-panel';
import { PowerBiImportDialog } from './powerbi-import-dialog';

/** Under a Power BI connection's form (issue 29): 'Import reports' and the capacity that pauses itself. */
export function PowerBiConnectionExtras({ connection }: { connection: EmbedConnection }) {
  return (
    <div className="mt-4 flex flex-col gap-4" data-testid="powerbi-extras">
      <div className="flex flex-col items-start gap-2 rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900">
        <h3 className="font-semibold text-slate-900 dark:text-white">Reports</h3>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Make dashboards of the reports in the workspaces this service principal is a member of.
        </p>
        <PowerBiImportDialog connection={connection} />
      </div>
      <PowerBiCapacityPanel connectionId={connection.id} />
    </div>
  );
}
