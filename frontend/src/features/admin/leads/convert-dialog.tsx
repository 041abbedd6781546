import type { LeadDetail } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { controlClass, FieldError } from '../../../components/form/field-shell';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Dialog, DialogCloseTrigger } from '../../../components/ui/dialog';
import { failureMessage, isApiRequestError } from '../../../lib/api';
import { adminDashboardsQueryOptions } from '../api/admin.queries';
import { submitWith } from '../components/admin-parts';
import { notifySuccess } from '../utils/notify';
import { useConvertLead } from './leads.queries';

/**
 * Convert to client (issue 27): the organization's name (the business the lead named, or their name), the dashboards
 * its members see (a searchable list of checkboxes), then the server makes the organization, invites the person (or
 * links their account) and links the dashboards, in one step.
 */
export function ConvertDialog({ lead, onClose }: { lead: LeadDetail; onClose: () => void }) {
  const id = useId();
  const dashboards = useQuery(adminDashboardsQueryOptions());
  const convert = useConvertLead();
  const [name, setName] = useState(lead.businessName ?? lead.name);
  const [filter, setFilter] = useState('');
  const [chosen, setChosen] = useState<number[]>([]);
  const [error, setError] = useState<{ field: 'organizationName' | 'dashboardIds' | null; message: string } | null>(
    null,
  );
  const shown = (dashboards.data ?? []).filter((d) => d.name.toLowerCase().includes(filter.trim().toLowerCase()));
  const nameError = error?.field === 'organizationName' ? error.message : undefined;

  const submit = () => {
    setError(null);
    if (!name.trim()) {
      setError({ field: 'organizationName', message: 'Organization name is required' });
      return;
    }
    convert.mutate(
      { id: lead.id, convert: { organizationName: name, dashboardIds: chosen } },
      {
        onSuccess: () => {
          notifySuccess(
            'Converted to a client',
            `${name.trim()} was created and ${lead.email} added as its member${chosen.length ? ` with ${chosen.length} dashboard(s)` : ''}.`,
          );
          onClose();
        },
        onError: (failure) => {
          const issue = isApiRequestError(failure) ? failure.issues[0] : undefined;
          const field = issue?.path === 'organizationName' || issue?.path === 'dashboardIds' ? issue.path : null;
          setError({ field, message: failureMessage(failure, 'The lead could not be converted. Please try again.') });
        },
      },
    );
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Convert to client"
      description={`Creates the organization, invites ${lead.email} as its member (or adds their account, if they have one) and links the dashboards you choose.`}
      busy={convert.isPending}
      size="lg"
      data-testid="lead-convert-dialog"
    >
      <form className="flex flex-col gap-4" noValidate onSubmit={submitWith(submit)}>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-name`} className="text-sm font-medium text-slate-800 dark:text-slate-200">
            Organization name
          </label>
          <input
            id={`${id}-name`}
            className={controlClass}
            value={name}
            maxLength={200}
            aria-invalid={nameError ? true : undefined}
            aria-describedby={nameError ? `${id}-name-error` : undefined}
            onChange={(event) => setName(event.target.value)}
            data-testid="lead-convert-name"
          />
          <FieldError id={`${id}-name-error`} error={nameError} />
        </div>
        <fieldset className="flex flex-col gap-2" data-testid="lead-convert-dashboards">
          <legend className="mb-1 text-sm font-medium text-slate-800 dark:text-slate-200">
            Dashboards ({chosen.length} chosen)
          </legend>
          <label htmlFor={`${id}-filter`} className="sr-only">
            Search dashboards
          </label>
          <input
            id={`${id}-filter`}
            type="search"
            className={controlClass}
            placeholder="Search dashboards"
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
            data-testid="lead-convert-dashboard-search"
          />
          <div className="grid max-h-56 gap-2 overflow-y-auto rounded-lg border border-slate-200 p-3 sm:grid-cols-2 dark:border-slate-700">
            {dashboards.isPending ? (
              <p className="text-sm text-slate-600 dark:text-slate-400">Loading dashboards...</p>
            ) : shown.length === 0 ? (
              <p className="text-sm text-slate-600 dark:text-slate-400">No dashboards match</p>
            ) : (
              shown.map((d) => (
                <Checkbox
                  key={d.id}
                  label={d.name}
                  checked={chosen.includes(d.id)}
                  onCheckedChange={(checked) =>
                    setChosen((now) => (checked ? [...now, d.id] : now.filter((x) => x !== d.id)))
                  }
                  data-testid="lead-convert-dashboard"
                  data-dashboard-id={d.id}
                />
              ))
            )}
          </div>
        </fieldset>
        {error && error.field !== 'organizationName' ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400" data-testid="lead-convert-error">
            {error.message}
          </p>
        ) : null}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <DialogCloseTrigger asChild>
            <Button variant="outline" disabled={convert.isPending}>
              Cancel
            </Button>
          </DialogCloseTrigger>
          <Button type="submit" disabled={convert.isPending} data-testid="lead-convert-submit">
            {convert.isPending ? 'Converting...' : 'Convert'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
