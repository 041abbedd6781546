// Long file: the subscription form (link, schedule, format, recipients), each field with its label and error.
import {
  type OrganizationDashboardLink,
  type Subscription,
  type SubscriptionInput,
  SubscriptionInputSchema,
  type User,
} from '@app/contracts';
import { type InputHTMLAttributes, useId, useMemo, useState } from 'react';
import * as v from 'valibot';
import { controlClass } from '../../../components/form/field-shell';
import { Alert, ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import type { NativeSelectProps } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { failureMessage, isApiRequestError } from '../../../lib/api';
import { SmallField, SmallSelect, submitWith } from '../components/admin-parts';
import { subscriptionName, WEEKDAYS } from './schedule-words';
import { useSaveSubscription } from './subscriptions.api';

const EXPORTABLE = new Set(['powerbi', 'tableau']);
const FREQUENCIES = [
  { value: 'weekly', label: 'Weekly' },
  { value: 'monthly', label: 'Monthly' },
];
const FORMATS = [
  { value: 'PDF', label: 'PDF' },
  { value: 'PNG', label: 'PNG image' },
];
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
const zones = () => {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return ['UTC'];
  }
};

interface FormState {
  link: string;
  frequency: 'weekly' | 'monthly';
  weekday: string;
  dayOfMonth: string;
  time: string;
  timeZone: string;
  format: 'PDF' | 'PNG';
  everyone: boolean;
  chosen: number[];
}

const initial = (editing: Subscription | null): FormState =>
  editing
    ? {
        link: `${editing.organizationId}:${editing.dashboardId}`,
        frequency: editing.frequency,
        weekday: String(editing.weekday ?? 1),
        dayOfMonth: String(editing.dayOfMonth ?? 1),
        time: editing.time,
        timeZone: editing.timeZone,
        format: editing.format,
        everyone: editing.recipients === 'all-members',
        chosen: editing.recipients === 'all-members' ? [] : editing.recipients,
      }
    : {
        link: '',
        frequency: 'weekly',
        weekday: '1',
        dayOfMonth: '1',
        time: '08:00',
        timeZone: browserZone(),
        format: 'PDF',
        everyone: true,
        chosen: [],
      };

/** The settings chosen or typed in: text values of the form's state. */
type SettingKey = Exclude<keyof FormState, 'everyone' | 'chosen'>;

/**
 * A setting of the form: its label and error over the control `{formId}-{part}` (test id `subscription-{part}`),
 * bound to its value in the form's state.
 */
interface SettingPlace {
  formId: string;
  part: string;
  label: string;
  error?: string | undefined;
  value: string;
  onChange: (event: { target: { value: string } }) => void;
}

/** A setting chosen from a list. */
function SelectSetting({
  formId,
  part,
  label,
  error,
  ...select
}: SettingPlace & Omit<NativeSelectProps, 'id' | 'value' | 'onChange'>) {
  return (
    <SmallSelect
      id={`${formId}-${part}`}
      label={label}
      error={error}
      {...select}
      data-testid={`subscription-${part}`}
    />
  );
}

/** A setting typed in (a day of the month, a time). */
function InputSetting({
  formId,
  part,
  label,
  error,
  ...input
}: SettingPlace & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'>) {
  return (
    <SmallField id={`${formId}-${part}`} label={label} error={error}>
      <input id={`${formId}-${part}`} className={controlClass} {...input} data-testid={`subscription-${part}`} />
    </SmallField>
  );
}

/**
 * A subscription's form (issue 29): which organization–dashboard link (Power BI and Tableau dashboards with a data
 * scope), when (weekly on a weekday or monthly on a day, at a time in a zone), PDF or PNG, and to whom.
 */
export function SubscriptionForm({
  links,
  users,
  editing,
  onDone,
}: {
  links: readonly OrganizationDashboardLink[];
  users: readonly User[];
  editing: Subscription | null;
  onDone: () => void;
}) {
  const id = useId();
  const save = useSaveSubscription();
  const [state, setState] = useState<FormState>(() => initial(editing));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const set = (patch: Partial<FormState>) => setState((s) => ({ ...s, ...patch }));
  /** A setting's control bound to `key` of the state, with the error of `key` (`part`: its id's and test id's end). */
  const setting = (key: SettingKey, part: string) => ({
    formId: id,
    part,
    error: errors[key],
    value: state[key],
    onChange: (event: { target: { value: string } }) => set({ [key]: event.target.value } as Partial<FormState>),
  });
  const choices = useMemo(
    () =>
      links
        .filter((l) => EXPORTABLE.has(l.dashboardEmbedMode) && l.dataScope !== null)
        .map((l) => ({
          value: `${l.organizationId}:${l.dashboardId}`,
          label: subscriptionName(l),
        })),
    [links],
  );
  const organizationId = Number(state.link.split(':')[0]) || 0;
  const members = users.filter((u) => u.organizations.some((o) => o.id === organizationId));
  // The runtime's list leaves out UTC (and maybe the zone being edited): both are offered whatever it says.
  const zoneOptions = useMemo(
    () => [...new Set(['UTC', state.timeZone, ...zones()])].map((z) => ({ value: z, label: z })),
    [state.timeZone],
  );

  const submit = () => {
    setFailure(null);
    const [organizationId, dashboardId] = state.link.split(':').map(Number);
    const input = {
      organizationId: organizationId ?? 0,
      dashboardId: dashboardId ?? 0,
      frequency: state.frequency,
      weekday: state.frequency === 'weekly' ? Number(state.weekday) : null,
      dayOfMonth: state.frequency === 'monthly' ? Number(state.dayOfMonth) : null,
      time: state.time,
      timeZone: state.timeZone,
      format: state.format,
      recipients: state.everyone ? ('all-members' as const) : state.chosen,
    };
    if (!state.link) return setErrors({ link: 'Please choose an organization and dashboard' });
    const checked = v.safeParse(SubscriptionInputSchema, input);
    if (!checked.success) {
      const flat = v.flatten<typeof SubscriptionInputSchema>(checked.issues);
      setErrors(Object.fromEntries(Object.entries(flat.nested ?? {}).map(([k, m]) => [k, m?.[0] ?? ''])));
      return;
    }
    setErrors({});
    save.mutate(
      { id: editing?.id ?? null, input: checked.output as SubscriptionInput },
      {
        onSuccess: () => {
          onDone();
          if (!editing) setState(initial(null));
        },
        onError: (error) => {
          setFailure(failureMessage(error, 'The subscription could not be saved.'));
          if (isApiRequestError(error))
            setErrors(
              Object.fromEntries(error.issues.map((i) => [i.path === 'dashboardId' ? 'link' : i.path, i.message])),
            );
        },
      },
    );
  };

  return (
    <form className="flex flex-col gap-4" noValidate onSubmit={submitWith(submit)} data-testid="subscription-form">
      <h2 className="text-lg font-semibold text-slate-900 dark:text-white">
        {editing ? `Edit: ${subscriptionName(editing)}` : 'New subscription'}
      </h2>
      {choices.length === 0 && !editing ? (
        <Alert variant="warning">
          Link a Power BI or Tableau dashboard to an organization, with its data scope, to e-mail its report.
        </Alert>
      ) : null}
      <SelectSetting
        label="Organization and dashboard"
        placeholder="Choose…"
        options={choices}
        disabled={editing !== null}
        aria-invalid={errors.link ? true : undefined}
        {...setting('link', 'link')}
        onChange={(e) => set({ link: e.target.value, chosen: [] })}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectSetting label="Frequency" options={FREQUENCIES} {...setting('frequency', 'frequency')} />
        {state.frequency === 'weekly' ? (
          <SelectSetting
            label="Day of the week"
            options={WEEKDAYS.map((label, i) => ({ value: String(i), label }))}
            {...setting('weekday', 'weekday')}
          />
        ) : (
          <InputSetting
            label="Day of the month (1–31)"
            type="number"
            min={1}
            max={31}
            {...setting('dayOfMonth', 'day')}
          />
        )}
        <InputSetting label="Time" type="time" {...setting('time', 'time')} />
        <SelectSetting label="Time zone" options={zoneOptions} {...setting('timeZone', 'zone')} />
        <SelectSetting label="File" options={FORMATS} {...setting('format', 'format')} />
      </div>
      <fieldset className="flex flex-col gap-2" data-testid="subscription-recipients">
        <legend className="mb-1 text-xs font-semibold text-slate-700 dark:text-slate-300">Recipients</legend>
        <Checkbox
          label="Every member of the organization"
          checked={state.everyone}
          onCheckedChange={(everyone) => set({ everyone })}
          data-testid="subscription-everyone"
        />
        {!state.everyone ? (
          members.length === 0 ? (
            <p className="text-sm text-slate-600 dark:text-slate-400">Choose an organization with members first.</p>
          ) : (
            <div className="ml-6 flex max-h-48 flex-col gap-1 overflow-y-auto">
              {members.map((m) => (
                <Checkbox
                  key={m.id}
                  label={`${[m.firstName, m.lastName].filter(Boolean).join(' ') || m.email} (${m.email})`}
                  checked={state.chosen.includes(m.id)}
                  onCheckedChange={(on) =>
                    set({ chosen: on ? [...state.chosen, m.id] : state.chosen.filter((c) => c !== m.id) })
                  }
                />
              ))}
            </div>
          )
        ) : null}
        {errors.recipients ? <p className="text-sm text-red-700 dark:text-red-400">{errors.recipients}</p> : null}
      </fieldset>
      <ErrorAlert message={failure} data-testid="subscription-failure" />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={save.isPending} data-testid="subscription-save">
          {save.isPending ? <Spinner /> : null}
          {editing ? 'Save changes' : 'Create subscription'}
        </Button>
        {editing ? (
          <Button type="button" variant="outline" onClick={onDone}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}
