// Long file: the capacity's settings form and what it shows of the capacity (state, fault, hours paused, money saved).
import { CAPACITY_KIND_LABELS, CAPACITY_KINDS, type Capacity, type CapacityInput } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { type InputHTMLAttributes, type ReactNode, useId, useState } from 'react';
import { controlClass } from '../../../components/form/field-shell';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { isApiRequestError } from '../../../lib/api';
import { capacityQueryOptions, useSaveCapacity } from '../api/powerbi.queries';
import { formatDateTime } from '../utils/format';
import { notifySuccess } from '../utils/notify';

const DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

type Draft = Omit<CapacityInput, 'idleMinutes' | 'hourlyPrice'> & { idleMinutes: string; hourlyPrice: string };

const EMPTY: Draft = {
  subscriptionId: '',
  resourceGroup: '',
  capacityName: '',
  kind: 'Microsoft.PowerBIDedicated',
  timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC',
  activeFrom: '08:00',
  activeTo: '18:00',
  activeDays: [1, 2, 3, 4, 5],
  idleMinutes: '30',
  hourlyPrice: '',
};

const draftOf = (capacity: Capacity | null): Draft =>
  capacity
    ? {
        ...capacity,
        idleMinutes: String(capacity.idleMinutes),
        hourlyPrice: capacity.hourlyPrice === null ? '' : String(capacity.hourlyPrice),
      }
    : EMPTY;

/** The server's words for a refusal or a fault (admins read them: Azure's answer, a field out of range). */
const serverWords = (error: unknown, fallback: string) => (isApiRequestError(error) && error.serverMessage) || fallback;

function Field({ label, hint, children }: { label: string; hint?: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
      </label>
      {children(id)}
      {hint ? <p className="text-xs text-slate-600 dark:text-slate-400">{hint}</p> : null}
    </div>
  );
}

/** The settings typed in: the draft's text values. */
type TypedKey = { [K in keyof Draft]-?: string extends Draft[K] ? K : never }[keyof Draft];

/** A typed-in setting: its label and hint, and the input bound to `draft[name]` (test id `capacity-{name}`). */
function DraftInput({
  label,
  hint,
  name,
  draft,
  onChange,
  ...input
}: {
  label: string;
  hint?: string;
  name: TypedKey;
  draft: Draft;
  onChange: (name: TypedKey, value: string) => void;
} & Pick<InputHTMLAttributes<HTMLInputElement>, 'type' | 'min' | 'max' | 'step' | 'required' | 'autoComplete'>) {
  return (
    <Field label={label} {...(hint && { hint })}>
      {(id) => (
        <input
          {...input}
          id={id}
          className={controlClass}
          value={draft[name]}
          onChange={(e) => onChange(name, e.target.value)}
          data-testid={`capacity-${name}`}
        />
      )}
    </Field>
  );
}

const STATE_BADGE: Record<string, 'success' | 'warning' | 'danger'> = {
  Active: 'success',
  Paused: 'warning',
  Pausing: 'warning',
  Resuming: 'warning',
  Failed: 'danger',
};

/** What the product last saw of the capacity and what pausing it saved this month. */
function CapacityStatus({ capacity }: { capacity: Capacity }) {
  const money =
    capacity.savedThisMonth === null
      ? 'enter an hourly price to see what that saved'
      : `${capacity.savedThisMonth.toFixed(2)} saved`;
  return (
    <div className="flex flex-col gap-2 text-sm" data-testid="capacity-status">
      <p className="flex flex-wrap items-center gap-2 text-slate-700 dark:text-slate-300">
        <Badge variant={STATE_BADGE[capacity.state ?? ''] ?? 'warning'}>{capacity.state ?? 'Not checked yet'}</Badge>
        {capacity.checkedAt ? <span>as of {formatDateTime(capacity.checkedAt)}</span> : null}
      </p>
      <p className="text-slate-700 dark:text-slate-300" data-testid="capacity-savings">
        Paused {capacity.pausedHoursThisMonth.toFixed(1)} hours this month: {money}.
      </p>
      {capacity.lastError ? (
        <Alert variant="error" data-testid="capacity-error">
          {capacity.lastError}
        </Alert>
      ) : null}
    </div>
  );
}

/**
 * A Power BI connection's capacity (issue 29): which Azure capacity its reports run on, its active hours and 'pause
 * after N minutes without a viewer', with what the product last saw of it and what pausing saved this month.
 */
export function PowerBiCapacityPanel({ connectionId }: { connectionId: number }) {
  const query = useQuery(capacityQueryOptions(connectionId));
  const capacity = query.data?.capacity ?? null;
  const [draft, setDraft] = useState<Draft | null>(null);
  const save = useSaveCapacity(connectionId);
  const [error, setError] = useState<string | null>(null);
  const headingId = useId();
  const shown = draft ?? draftOf(capacity);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft({ ...shown, [key]: value });
  const bound = { draft: shown, onChange: set };

  const submit = async () => {
    setError(null);
    try {
      await save.mutateAsync({
        ...shown,
        idleMinutes: Number(shown.idleMinutes),
        hourlyPrice: shown.hourlyPrice.trim() === '' ? null : Number(shown.hourlyPrice),
      });
      setDraft(null);
      notifySuccess('Capacity saved', `${shown.capacityName} pauses itself when idle`);
    } catch (caught) {
      setError(serverWords(caught, 'The capacity could not be saved. Please try again.'));
    }
  };
  const remove = async () => {
    setError(null);
    try {
      await save.mutateAsync(null);
      setDraft(null);
      notifySuccess('Capacity no longer managed');
    } catch (caught) {
      setError(serverWords(caught, 'The capacity could not be removed. Please try again.'));
    }
  };

  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
      data-testid="capacity-panel"
    >
      <div>
        <h3 id={headingId} className="font-semibold text-slate-900 dark:text-white">
          Capacity that pauses itself
        </h3>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Outside its active hours the capacity is paused after a while without a viewer, and started again when a
          client opens a dashboard. The service principal needs a role on the capacity that may pause and resume it.
        </p>
      </div>
      {capacity ? <CapacityStatus capacity={capacity} /> : null}
      {error ? (
        <Alert variant="error" data-testid="capacity-save-error">
          {error}
        </Alert>
      ) : null}
      <form
        className="flex flex-col gap-4"
        aria-label="Capacity settings"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <DraftInput label="Azure subscription ID" name="subscriptionId" required autoComplete="off" {...bound} />
        <DraftInput label="Resource group" name="resourceGroup" required autoComplete="off" {...bound} />
        <DraftInput label="Capacity name" name="capacityName" required autoComplete="off" {...bound} />
        <Field label="Kind">
          {(id) => (
            <select
              id={id}
              className={controlClass}
              value={shown.kind}
              onChange={(e) => set('kind', e.target.value as Draft['kind'])}
              data-testid="capacity-kind"
            >
              {CAPACITY_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {CAPACITY_KIND_LABELS[kind]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <DraftInput label="Time zone" hint="An IANA zone, e.g. Europe/Paris" name="timeZone" required {...bound} />
        <div className="flex flex-col gap-4">
          <DraftInput label="Active from" name="activeFrom" type="time" {...bound} />
          <DraftInput label="Active until" name="activeTo" type="time" {...bound} />
        </div>
        <fieldset>
          <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">Active days</legend>
          <div className="mt-1 flex flex-wrap gap-3">
            {DAYS.map((day, index) => {
              const weekday = index + 1;
              const on = shown.activeDays.includes(weekday);
              return (
                <label key={day} className="flex items-center gap-1 text-sm text-slate-800 dark:text-slate-200">
                  <input
                    type="checkbox"
                    checked={on}
                    className="size-4 accent-blue-700"
                    onChange={() =>
                      set(
                        'activeDays',
                        on ? shown.activeDays.filter((d) => d !== weekday) : [...shown.activeDays, weekday],
                      )
                    }
                  />
                  {day}
                </label>
              );
            })}
          </div>
        </fieldset>
        <DraftInput
          label="Pause after (minutes without a viewer)"
          name="idleMinutes"
          type="number"
          min={5}
          max={1440}
          {...bound}
        />
        <DraftInput
          label="Hourly price (optional)"
          hint="What an hour of the capacity costs, to show the money saved"
          name="hourlyPrice"
          type="number"
          min={0}
          step="0.01"
          {...bound}
        />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={save.isPending} data-testid="capacity-save">
            {save.isPending ? 'Saving...' : 'Save capacity'}
          </Button>
          {capacity ? (
            <Button
              type="button"
              variant="outline"
              disabled={save.isPending}
              onClick={() => void remove()}
              data-testid="capacity-remove"
            >
              Stop managing it
            </Button>
          ) : null}
        </div>
      </form>
    </section>
  );
}
