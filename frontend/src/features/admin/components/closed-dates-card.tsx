import type { ClosedDateConflict, Consultation } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { controlClass } from '../../../components/form/field-shell';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { failureMessage, isApiRequestError } from '../../../lib/api';
import type { RescheduleDialogComponent } from '../../../lib/consultation-reschedule';
import { closedDatesQueryOptions, useAddClosedDate, useRemoveClosedDate } from '../api/consultations.queries';
import { notifyFailure, notifySuccess } from '../utils/notify';
import { ListHeader, RowButton } from './admin-panel';
import { SmallField } from './admin-parts';
import { ClosedDayWarning } from './closed-day-warning';

const longDate = (date: string) =>
  new Intl.DateTimeFormat('en-US', {
    timeZone: 'UTC',
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  }).format(new Date(`${date}T00:00:00Z`));

/** The consultations the server answered with (409) when the day has confirmed ones. */
const bookedOn = (failure: unknown): Consultation[] | null => {
  if (!isApiRequestError(failure) || failure.status !== 409) return null;
  const body = failure.body as Partial<ClosedDateConflict> | null;
  return Array.isArray(body?.consultations) && body.consultations.length > 0 ? body.consultations : null;
};

/**
 * The days the company is closed (issue 16): visitors cannot book them, and the picker greys them out. A past day is
 * refused; a day with confirmed consultations is closed only once the admin has seen them (ClosedDayWarning).
 */
export function ClosedDatesCard({ RescheduleDialog }: { RescheduleDialog?: RescheduleDialogComponent | undefined }) {
  const closed = useQuery(closedDatesQueryOptions());
  const add = useAddClosedDate();
  const remove = useRemoveClosedDate();
  const [date, setDate] = useState('');
  const [label, setLabel] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [warning, setWarning] = useState<{ date: string; consultations: Consultation[]; round: number } | null>(null);
  const id = useId();

  const close = (confirm: boolean) => {
    setError(null);
    add.mutate(
      { date, label, confirm },
      {
        onSuccess: () => {
          notifySuccess('Day closed', longDate(date));
          setDate('');
          setLabel('');
          setWarning(null);
        },
        onError: (failure) => {
          const booked = bookedOn(failure);
          if (booked) setWarning((last) => ({ date, consultations: booked, round: (last?.round ?? 0) + 1 }));
          else setError(failureMessage(failure, 'The day could not be closed.'));
        },
      },
    );
  };

  return (
    <Card className="min-w-0 p-4 sm:p-6" data-testid="closed-dates">
      <ListHeader title="Closed days" count={closed.data?.length} />
      <p className="mb-4 text-sm text-slate-600 dark:text-slate-400">
        Holidays and other days without consultations. Visitors cannot book them; you are asked about bookings already
        made.
      </p>
      <form
        className="mb-4 grid gap-3 sm:grid-cols-[minmax(0,10rem)_minmax(0,1fr)_auto] sm:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          setError(null);
          setWarning(null);
          if (!date) return setError('Please choose a date.');
          close(false);
        }}
      >
        <SmallField id={`${id}-date`} label="Date">
          <input
            id={`${id}-date`}
            type="date"
            value={date}
            onChange={(event) => {
              setDate(event.target.value);
              setWarning(null);
            }}
            className={controlClass}
            data-testid="closed-date-input"
          />
        </SmallField>
        <SmallField id={`${id}-label`} label="Label (optional)">
          <input
            id={`${id}-label`}
            value={label}
            maxLength={100}
            placeholder="e.g. Thanksgiving"
            onChange={(event) => setLabel(event.target.value)}
            className={controlClass}
            data-testid="closed-date-label"
          />
        </SmallField>
        <Button type="submit" disabled={add.isPending} data-testid="closed-date-add">
          {add.isPending ? <Spinner /> : null}
          Close this day
        </Button>
      </form>
      {warning && warning.date === date ? (
        <ClosedDayWarning
          key={warning.round}
          day={longDate(warning.date)}
          consultations={warning.consultations}
          RescheduleDialog={RescheduleDialog}
          closing={add.isPending}
          onClose={close}
          onKeepOpen={() => setWarning(null)}
        />
      ) : null}
      {error ? (
        <Alert variant="error" className="mb-4" data-testid="closed-date-error">
          {error}
        </Alert>
      ) : null}
      {closed.isPending ? (
        <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
          Loading closed days...
        </p>
      ) : closed.isError ? (
        <Alert variant="error">The closed days could not be loaded.</Alert>
      ) : closed.data.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="closed-dates-empty">
          No closed days.
        </p>
      ) : (
        <ul className="flex flex-col divide-y divide-slate-200 dark:divide-slate-700">
          {closed.data.map((day) => (
            <li
              key={day.date}
              className="flex flex-wrap items-center justify-between gap-2 py-2"
              data-testid="closed-date"
            >
              <span>
                <span className="block font-medium">{longDate(day.date)}</span>
                {day.label ? (
                  <span className="block text-xs text-slate-600 dark:text-slate-400">{day.label}</span>
                ) : null}
              </span>
              <RowButton
                label="Remove"
                target={longDate(day.date)}
                disabled={remove.isPending}
                onClick={() =>
                  remove.mutate(day.date, {
                    onSuccess: () => notifySuccess('Day open again', longDate(day.date)),
                    onError: (failure) => notifyFailure('Error opening the day', failure),
                  })
                }
                data-testid="closed-date-remove"
              />
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
