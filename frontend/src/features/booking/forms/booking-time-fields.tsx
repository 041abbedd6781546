import { useId } from 'react';
import { firstErrorMessage } from '../../../components/form/field-error';
import { controlClass, FieldError, FieldShell } from '../../../components/form/field-shell';
import { useFieldContext } from '../../../components/form/form-context';
import { clockIn, formatLongDate, sameClock, slotInstants, timeZoneLabel } from '../utils/booking-dates';

/** The free times of the chosen day, as the booking form asked for them. */
export interface DaySlots {
  /** The chosen day ('' before one is chosen). */
  date: string;
  slots: readonly string[];
  loading: boolean;
  /** The day was answered and has no free time. */
  none: boolean;
  /** The times could not be loaded. */
  error: string | null;
}

interface TimeFieldProps {
  day: DaySlots;
  /** 'Times are in Eastern Time (America/New_York)'. */
  zoneText: string;
  testIdPrefix: string;
}

/** The time field of the surrounding `form.AppField`: its own error, or else the slots' loading error. */
function useTimeField(day: DaySlots) {
  const field = useFieldContext<string>();
  const ownError = firstErrorMessage(field.state.meta.errors);
  return { field, ownError, error: ownError ?? day.error ?? undefined };
}

/**
 * The visitor's own time of a slot, '4:00 AM – 4:30 AM' (with the weekday when their day differs), or null when their
 * clock shows the company's time (then the one time says it all).
 */
export function visitorSlotTime(date: string, slot: string, timeZone: string, visitorZone: string): string | null {
  const instants = slotInstants(date, slot, timeZone);
  if (!instants || sameClock(instants.startsAt, timeZone, visitorZone)) return null;
  return `${clockIn(instants.startsAt, visitorZone, date)} – ${clockIn(instants.endsAt, visitorZone)}`;
}

/** 'Preferred Time': a select of the day's free times (the booking form tab), each with the visitor's own time. */
export function TimeSelect({
  day,
  zoneText,
  testIdPrefix: p,
  timeZone,
  visitorZone,
}: TimeFieldProps & { timeZone: string; visitorZone: string }) {
  const { field, ownError, error } = useTimeField(day);
  const id = `${useId()}-time`;
  const errorId = `${id}-error`;
  const descriptionId = `${id}-description`;
  const placeholder =
    day.date === ''
      ? 'Select a date first'
      : day.loading
        ? 'Loading available times...'
        : day.none
          ? 'No available times for this date.'
          : day.error
            ? 'No times available'
            : 'Select a time';
  return (
    <FieldShell id={id} label="Preferred Time" error={error} errorId={errorId}>
      <select
        id={id}
        name={field.name}
        value={field.state.value ?? ''}
        onChange={(event) => field.handleChange(event.target.value)}
        onBlur={field.handleBlur}
        disabled={day.date === '' || day.loading}
        aria-busy={day.loading || undefined}
        aria-invalid={ownError ? true : undefined}
        aria-describedby={error ? `${errorId} ${descriptionId}` : descriptionId}
        className={controlClass}
        data-testid={`${p}-time`}
      >
        <option value="">{placeholder}</option>
        {day.slots.map((slot) => {
          const yours = visitorSlotTime(day.date, slot, timeZone, visitorZone);
          return (
            <option key={slot} value={slot}>
              {yours ? `${slot} (your time: ${yours})` : slot}
            </option>
          );
        })}
      </select>
      <div id={descriptionId} className="text-sm text-slate-600 dark:text-slate-400">
        <p data-testid={`${p}-time-zone`}>{zoneText}</p>
        {day.date && day.slots[0] && visitorSlotTime(day.date, day.slots[0], timeZone, visitorZone) ? (
          <p data-testid={`${p}-visitor-zone`}>'Your time' is {timeZoneLabel(visitorZone)}</p>
        ) : null}
      </div>
    </FieldShell>
  );
}

const slotClass =
  'flex cursor-pointer flex-col items-center justify-center rounded-lg border border-blue-300 px-3 py-2 text-center ' +
  'text-sm font-semibold text-blue-800 transition-colors hover:border-blue-600 hover:bg-blue-50 ' +
  'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-blue-600 ' +
  'has-[:checked]:border-blue-700 has-[:checked]:bg-blue-700 has-[:checked]:text-white ' +
  'dark:border-blue-800 dark:text-blue-200 dark:hover:bg-slate-800 ' +
  'dark:has-[:checked]:border-blue-500 dark:has-[:checked]:bg-blue-600 dark:has-[:checked]:text-white';

/**
 * The day's free times as a list of choices (radio buttons: arrow keys move between them), each with the visitor's
 * own time below when their zone differs (the picker tab).
 */
export function TimeList({
  day,
  zoneText,
  testIdPrefix: p,
  timeZone,
  visitorZone,
  visitorDiffers,
}: TimeFieldProps & { timeZone: string; visitorZone: string; visitorDiffers: boolean }) {
  const { field, ownError, error } = useTimeField(day);
  const ids = useId();
  const errorId = `${ids}-time-error`;
  const zoneId = `${ids}-time-zone`;
  const { date } = day;
  return (
    <fieldset
      className="flex min-w-0 flex-col gap-2"
      aria-describedby={error ? `${errorId} ${zoneId}` : zoneId}
      aria-busy={day.loading || undefined}
      data-testid={`${p}-times`}
    >
      <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">
        {date ? `Free times on ${formatLongDate(date)}` : 'Free times'}
      </legend>
      <div id={zoneId} className="text-sm text-slate-600 dark:text-slate-400">
        <p data-testid={`${p}-time-zone`}>{zoneText}</p>
        {visitorDiffers ? (
          <p data-testid={`${p}-visitor-zone`}>Below each: your time, {timeZoneLabel(visitorZone)}</p>
        ) : null}
      </div>
      {date === '' ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-4 text-sm text-slate-600 dark:border-slate-600 dark:text-slate-400">
          Choose a day to see its free times.
        </p>
      ) : day.loading ? (
        <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
          Loading available times...
        </p>
      ) : day.none ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">No available times for this date.</p>
      ) : (
        <div className="grid grid-cols-1 gap-2 min-[420px]:grid-cols-2 md:grid-cols-1">
          {day.slots.map((slot) => {
            const own = visitorSlotTime(date, slot, timeZone, visitorZone);
            const yours = own ? `Your time: ${own}` : null;
            return (
              <label key={slot} className={slotClass} data-testid={`${p}-slot`}>
                <input
                  type="radio"
                  name={`${ids}-time`}
                  value={slot}
                  checked={field.state.value === slot}
                  onChange={() => field.handleChange(slot)}
                  onBlur={field.handleBlur}
                  aria-invalid={ownError ? true : undefined}
                  className="sr-only"
                />
                <span>{slot}</span>
                {yours ? <span className="text-xs font-normal opacity-90">{yours}</span> : null}
              </label>
            );
          })}
        </div>
      )}
      <FieldError id={errorId} error={error} />
    </fieldset>
  );
}
