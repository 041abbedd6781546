// Long file: the import dialog's three states (listing, choosing and editing, the result) in one place.
import type { EmbedConnection, PowerBiImportable, PowerBiImportResult } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { controlClass } from '../../../components/form/field-shell';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { isApiRequestError } from '../../../lib/api';
import { importableQueryOptions, useImportReports } from '../api/powerbi.queries';

type Choice = { workspaceId: string; reportId: string; name: string; description: string };

const serverWords = (error: unknown, fallback: string) => (isApiRequestError(error) && error.serverMessage) || fallback;

/** The workspaces and their reports, each report chosen by a checkbox with its name and description editable. */
function ReportChoices({
  data,
  chosen,
  setChosen,
}: {
  data: PowerBiImportable;
  chosen: Map<string, Choice>;
  setChosen: (next: Map<string, Choice>) => void;
}) {
  const update = (reportId: string, change: Partial<Choice>) => {
    const next = new Map(chosen);
    const current = next.get(reportId);
    if (current) next.set(reportId, { ...current, ...change });
    setChosen(next);
  };
  if (!data.workspaces.length)
    return (
      <Alert variant="warning">
        The service principal is not a member of any workspace: add it to the workspaces of the reports to import.
      </Alert>
    );
  return (
    <div className="flex flex-col gap-5" data-testid="import-workspaces">
      {data.workspaces.map((workspace) => (
        <fieldset key={workspace.id} className="flex flex-col gap-2" data-testid="import-workspace">
          <legend className="font-semibold text-slate-900 dark:text-white">{workspace.name}</legend>
          {workspace.error ? (
            <Alert variant="warning" data-testid="import-workspace-error">
              {workspace.error}
            </Alert>
          ) : workspace.reports.length === 0 ? (
            <p className="text-sm text-slate-600 dark:text-slate-400">No reports in this workspace.</p>
          ) : (
            workspace.reports.map((report) => {
              const choice = chosen.get(report.id);
              const imported = report.dashboardId !== null;
              return (
                <div key={report.id} className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
                  <label className="flex items-center gap-2 text-sm text-slate-800 dark:text-slate-200">
                    <input
                      type="checkbox"
                      className="size-4 accent-blue-700"
                      checked={choice !== undefined}
                      disabled={imported}
                      onChange={(event) => {
                        const next = new Map(chosen);
                        if (event.target.checked)
                          next.set(report.id, {
                            workspaceId: workspace.id,
                            reportId: report.id,
                            name: report.name,
                            description: '',
                          });
                        else next.delete(report.id);
                        setChosen(next);
                      }}
                      data-testid="import-report"
                    />
                    <span className="font-medium">{report.name}</span>
                    {imported ? <Badge variant="neutral">Already imported</Badge> : null}
                  </label>
                  {choice ? (
                    <div className="mt-3 grid gap-2">
                      <label className="text-xs font-medium text-slate-700 dark:text-slate-300">
                        Dashboard name
                        <input
                          className={`${controlClass} mt-1`}
                          value={choice.name}
                          maxLength={200}
                          onChange={(event) => update(report.id, { name: event.target.value })}
                          data-testid="import-name"
                        />
                      </label>
                      <label className="text-xs font-medium text-slate-700 dark:text-slate-300">
                        Description
                        <textarea
                          className={`${controlClass} mt-1 min-h-16`}
                          value={choice.description}
                          maxLength={2000}
                          onChange={(event) => update(report.id, { description: event.target.value })}
                          data-testid="import-description"
                        />
                      </label>
                    </div>
                  ) : null}
                </div>
              );
            })
          )}
        </fieldset>
      ))}
    </div>
  );
}

/** What the import made and what it could not, with why. */
function ImportResult({ result }: { result: PowerBiImportResult }) {
  return (
    <div className="flex flex-col gap-3" data-testid="import-result" aria-live="polite">
      {result.created.length ? (
        <Alert variant="success">
          Imported {result.created.length === 1 ? '1 dashboard' : `${result.created.length} dashboards`}:{' '}
          {result.created.map((c) => c.name).join(', ')}. Link them to organizations to share them.
        </Alert>
      ) : null}
      {result.failed.map((failed) => (
        <Alert key={failed.reportId} variant="error">
          {failed.name}: {failed.message}
        </Alert>
      ))}
    </div>
  );
}

function ImportBody({ connection, onClose }: { connection: EmbedConnection; onClose: () => void }) {
  const listing = useQuery(importableQueryOptions(connection.id));
  const importReports = useImportReports(connection.id);
  const [chosen, setChosen] = useState<Map<string, Choice>>(new Map());
  const [result, setResult] = useState<PowerBiImportResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = async () => {
    setError(null);
    try {
      setResult(
        await importReports.mutateAsync({
          items: [...chosen.values()].map((c) => ({ ...c, description: c.description.trim() || null })),
        }),
      );
      setChosen(new Map());
      await listing.refetch();
    } catch (caught) {
      setError(serverWords(caught, 'The reports could not be imported. Please try again.'));
    }
  };
  if (listing.isPending)
    return (
      <p className="flex items-center gap-2 py-6 text-sm text-slate-600 dark:text-slate-400" role="status">
        <Spinner />
        Asking Power BI for the workspaces and their reports...
      </p>
    );
  return (
    <div className="flex flex-col gap-4">
      {result ? <ImportResult result={result} /> : null}
      {error ? <Alert variant="error">{error}</Alert> : null}
      {listing.isError ? (
        <Alert variant="error" data-testid="import-list-error">
          {serverWords(listing.error, 'Power BI could not be asked for the workspaces. Please try again.')}
        </Alert>
      ) : (
        <ReportChoices data={listing.data} chosen={chosen} setChosen={setChosen} />
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onClose} data-testid="import-close">
          {result ? 'Done' : 'Cancel'}
        </Button>
        <Button
          disabled={chosen.size === 0 || importReports.isPending || [...chosen.values()].some((c) => !c.name.trim())}
          onClick={() => void run()}
          data-testid="import-submit"
        >
          {importReports.isPending
            ? 'Importing...'
            : chosen.size === 0
              ? 'Import'
              : `Import ${chosen.size === 1 ? '1 report' : `${chosen.size} reports`}`}
        </Button>
      </div>
    </div>
  );
}

/**
 * 'Import reports' of a Power BI connection (issue 29): the workspaces the service principal sees and their reports;
 * the chosen ones become token-mode dashboards, their ids filled in, name and description as edited. Those already
 * imported are marked and cannot be chosen again.
 */
export function PowerBiImportDialog({ connection }: { connection: EmbedConnection }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      size="lg"
      title={`Import reports from ${connection.name}`}
      description="Each report chosen becomes a dashboard showing it with this connection's embed tokens."
      trigger={
        <Button variant="outline" data-testid="import-reports">
          Import reports
        </Button>
      }
      data-testid="import-dialog"
    >
      {open ? <ImportBody connection={connection} onClose={() => setOpen(false)} /> : null}
    </Dialog>
  );
}
