import { LEAD_STATUSES, type LeadActivity, type LeadDetail, type LeadStatus } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { CalendarDays, Mail, X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { controlClass } from '../../../components/form/field-shell';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { SmallField, SmallSelect } from '../components/admin-parts';
import { formatDateTime, formatSlotIn } from '../utils/format';
import { notifyFailure, notifySuccess } from '../utils/notify';
import { ConvertDialog } from './convert-dialog';
import { STATUS_LABELS } from './lead-status';
import { LeadStatusBadge } from './lead-status-badge';
import { leadQueryOptions, useChangeLead, useLeadOwners } from './leads.queries';

const statusOptions = LEAD_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] }));

/** One lead beside the list: who, its status, owner and notes (saved together), Convert, and its timeline. */
export function LeadPanel({ id, onClose }: { id: number; onClose: () => void }) {
  const lead = useQuery(leadQueryOptions(id));
  return (
    <Card className="min-w-0 p-4 sm:p-6" data-testid="lead-panel">
      <div className="mb-4 flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="text-lg font-semibold break-words text-slate-900 dark:text-white" data-testid="lead-name">
            {lead.data?.name ?? 'Lead'}
          </h2>
          {lead.data ? (
            <p className="text-sm break-all text-slate-600 dark:text-slate-400">
              {lead.data.email}
              {lead.data.businessName ? ` · ${lead.data.businessName}` : ''}
            </p>
          ) : null}
        </div>
        <Button size="sm" variant="outline" onClick={onClose} data-testid="lead-close">
          <X aria-hidden="true" className="size-4" />
          Back to leads
        </Button>
      </div>
      {lead.isPending ? (
        <p className="flex items-center gap-2 py-6 text-sm text-slate-600 dark:text-slate-400" role="status">
          <Spinner />
          Loading the lead...
        </p>
      ) : lead.isError ? (
        <Alert variant="error">This lead could not be loaded.</Alert>
      ) : (
        <LeadBody lead={lead.data} />
      )}
    </Card>
  );
}

function LeadBody({ lead }: { lead: LeadDetail }) {
  const [converting, setConverting] = useState(false);
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center gap-3">
        <LeadStatusBadge status={lead.status} />
        {lead.convertedAt ? (
          <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="lead-converted">
            Client since {formatDateTime(lead.convertedAt)}
            {lead.organizationName ? ` (${lead.organizationName})` : ''}
          </p>
        ) : (
          <Button size="sm" onClick={() => setConverting(true)} data-testid="lead-convert">
            Convert to client
          </Button>
        )}
      </div>
      <LeadFollowUp lead={lead} />
      <section aria-labelledby={`lead-${lead.id}-timeline`}>
        <h3 id={`lead-${lead.id}-timeline`} className="mb-3 text-sm font-semibold text-slate-900 dark:text-white">
          Messages and bookings
        </h3>
        <ol className="flex flex-col gap-3" data-testid="lead-activity">
          {lead.activity.map((item) => (
            <ActivityItem key={`${item.kind}-${item.id}`} item={item} />
          ))}
        </ol>
      </section>
      {converting ? <ConvertDialog lead={lead} onClose={() => setConverting(false)} /> : null}
    </div>
  );
}

/** Status, owner and notes, saved together. */
function LeadFollowUp({ lead }: { lead: LeadDetail }) {
  const id = useId();
  const owners = useLeadOwners();
  const change = useChangeLead();
  const [status, setStatus] = useState<LeadStatus>(lead.status);
  const [ownerId, setOwnerId] = useState(lead.ownerId === null ? '' : String(lead.ownerId));
  const [notes, setNotes] = useState(lead.notes);
  // Another lead, or this one saved: the form shows it as stored.
  useEffect(() => {
    setStatus(lead.status);
    setOwnerId(lead.ownerId === null ? '' : String(lead.ownerId));
    setNotes(lead.notes);
  }, [lead.status, lead.ownerId, lead.notes]);
  const ownerOptions = [
    { value: '', label: 'Nobody' },
    ...(owners.data ?? []).map((u) => ({ value: String(u.id), label: u.email })),
    // The owner is shown even before the administrators have loaded (or once no longer one).
    ...(lead.ownerId !== null && !owners.data?.some((u) => u.id === lead.ownerId)
      ? [{ value: String(lead.ownerId), label: lead.ownerEmail ?? `#${lead.ownerId}` }]
      : []),
  ];
  const dirty =
    status !== lead.status ||
    ownerId !== (lead.ownerId === null ? '' : String(lead.ownerId)) ||
    notes.trim() !== lead.notes;
  return (
    <form
      className="grid gap-3 sm:grid-cols-2"
      data-testid="lead-follow-up"
      onSubmit={(event) => {
        event.preventDefault();
        change.mutate(
          { id: lead.id, change: { status, notes, ownerId: ownerId === '' ? null : Number(ownerId) } },
          {
            onSuccess: () => notifySuccess('Lead saved'),
            onError: (error) => notifyFailure('Error saving the lead', error),
          },
        );
      }}
    >
      <SmallSelect
        id={`${id}-status`}
        label="Status"
        value={status}
        options={statusOptions}
        onChange={(event) => setStatus(event.target.value as LeadStatus)}
        data-testid="lead-status-select"
      />
      <SmallSelect
        id={`${id}-owner`}
        label="Owner"
        value={ownerId}
        options={ownerOptions}
        onChange={(event) => setOwnerId(event.target.value)}
        data-testid="lead-owner-select"
      />
      <SmallField id={`${id}-notes`} label="Notes" className="sm:col-span-2">
        <textarea
          id={`${id}-notes`}
          className={controlClass}
          rows={4}
          maxLength={10_000}
          value={notes}
          onChange={(event) => setNotes(event.target.value)}
          data-testid="lead-notes"
        />
      </SmallField>
      <div className="sm:col-span-2">
        <Button type="submit" size="sm" disabled={!dirty || change.isPending} data-testid="lead-save">
          {change.isPending ? 'Saving...' : 'Save'}
        </Button>
      </div>
    </form>
  );
}

function ActivityItem({ item }: { item: LeadActivity }) {
  const Icon = item.kind === 'message' ? Mail : CalendarDays;
  return (
    <li
      className="rounded-lg border border-slate-200 p-3 text-sm dark:border-slate-700"
      data-testid="lead-activity-item"
      data-kind={item.kind}
    >
      <p className="mb-1 flex flex-wrap items-center gap-2 text-xs text-slate-600 dark:text-slate-400">
        <Icon aria-hidden="true" className="size-4" />
        <span className="font-semibold text-slate-800 dark:text-slate-200">
          {item.kind === 'message' ? 'Contact message' : 'Consultation booked'}
        </span>
        <time dateTime={item.at}>{formatDateTime(item.at)}</time>
      </p>
      {item.kind === 'message' ? (
        <>
          <p className="font-medium break-words text-slate-900 dark:text-white">{item.subject}</p>
          <p className="break-words whitespace-pre-line text-slate-700 dark:text-slate-300">{item.message}</p>
        </>
      ) : (
        <>
          <p className="font-medium text-slate-900 dark:text-white">
            {formatSlotIn(item.startsAt, null, item.timeZone)}
            {item.status === 'cancelled' ? ' (cancelled)' : ''}
          </p>
          {item.businessName || item.lineOfWork ? (
            <p className="break-words text-slate-700 dark:text-slate-300">
              {[item.businessName, item.lineOfWork].filter(Boolean).join(' · ')}
            </p>
          ) : null}
        </>
      )}
    </li>
  );
}
