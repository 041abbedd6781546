import { useId } from 'react';
import { firstErrorMessage } from '../../../components/form/field-error';
import { FieldError } from '../../../components/form/field-shell';
import { useFieldContext } from '../../../components/form/form-context';
import { Calendar } from '../../../components/ui/calendar';
import { formatLongDate } from '../utils/booking-dates';

export interface BookingDayFieldProps {
  /** The calendar tab (D32): only days with free times, highlighted. */
  picker: boolean;
  isSelectable: (day: string) => boolean;
  today: string;
  timeZone: string;
  /** The days of the month shown that have free times (the picker, once known). */
  freeDays: ReadonlySet<string> | undefined;
  onMonthChange: (month: string) => void;
  testIdPrefix: string;
  /** The days of the month shown that the company is closed (holidays). */
  closedDays?: ReadonlySet<string> | undefined;
  /** The last day that can be booked (the booking window), once known. */
  lastDate?: string | undefined;
}

/** The day of the booking (the surrounding `form.AppField`): a month calendar, a hint, and the field's error. */
export function BookingDayField({
  picker,
  isSelectable,
  today,
  timeZone,
  freeDays,
  onMonthChange,
  testIdPrefix: p,
  closedDays,
  lastDate,
}: BookingDayFieldProps) {
  const closed = [...(closedDays ?? [])].sort();
  const field = useFieldContext<string>();
  const error = firstErrorMessage(field.state.meta.errors);
  const errorId = `${useId()}-date-error`;
  return (
    <div className="flex min-w-0 flex-col gap-1.5" data-testid={`${p}-date`}>
      <Calendar
        label={picker ? 'Select a Day' : 'Preferred Date'}
        value={field.state.value ?? ''}
        onValueChange={(value) => {
          field.handleChange(value);
          field.handleBlur();
        }}
        isSelectable={isSelectable}
        min={today}
        initialDate={field.state.value || today}
        timeZone={timeZone}
        invalid={Boolean(error)}
        errorId={errorId}
        dayTestIdPrefix={`${p}-day`}
        highlighted={freeDays}
        onMonthChange={onMonthChange}
      />
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {picker && freeDays?.size === 0
          ? 'No free times left this month. Please try the next month.'
          : picker
            ? 'Highlighted days have free times, Monday to Friday.'
            : 'Monday to Friday, from today on.'}
      </p>
      {closed.length > 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400" data-testid={`${p}-closed-days`}>
          We're closed on {closed.map(formatLongDate).join('; ')}.
        </p>
      ) : null}
      {lastDate ? (
        <p className="text-sm text-slate-600 dark:text-slate-400" data-testid={`${p}-last-date`}>
          Bookings open up to {formatLongDate(lastDate)}.
        </p>
      ) : null}
      <FieldError id={errorId} error={error} />
    </div>
  );
}
