import { useId, useState } from 'react';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Calendar } from '../../../components/ui/calendar';
import { Dialog } from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/toast';
import { failureMessage } from '../../../lib/api';
import type { RescheduleDialogProps } from '../../../lib/consultation-reschedule';
import { useRescheduleConsultation } from '../api/booking.mutations';
import { visitorSlotTime } from '../forms/booking-time-fields';
import { useDaySlots } from '../forms/use-day-slots';
import { formatLongDate, timeZoneLabel, todayIn, visitorTimeZone } from '../utils/booking-dates';

/**
 * Moves a consultation on the visitor's behalf (issue 16): the booking's own date picker (days with free times, closed
 * days and days past the booking window disabled), the day's free slots, and the API's refusal shown as it says it.
 */
export function RescheduleDialog({ consultation, open, onOpenChange, onRescheduled }: RescheduleDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Reschedule ${consultation.name}'s consultation`}
      description={`Now: ${formatLongDate(consultation.date)}, ${consultation.time} (${timeZoneLabel(consultation.timeZone)}). The visitor is e-mailed the new time.`}
      size="lg"
      data-testid="reschedule-dialog"
    >
      {open ? (
        <RescheduleForm consultation={consultation} onDone={onRescheduled} onCancel={() => onOpenChange(false)} />
      ) : null}
    </Dialog>
  );
}

function RescheduleForm({
  consultation,
  onDone,
  onCancel,
}: {
  consultation: RescheduleDialogProps['consultation'];
  onDone: () => void;
  onCancel: () => void;
}) {
  const timeZone = consultation.timeZone;
  const [today] = useState(() => todayIn(timeZone));
  const [visitorZone] = useState(visitorTimeZone);
  const [date, setDate] = useState('');
  const [time, setTime] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { day, freeDays, isSelectable, setMonth } = useDaySlots({ date, today, picker: true });
  const reschedule = useRescheduleConsultation(consultation.id);
  const ids = useId();

  const submit = async () => {
    if (!date || !time) {
      setError('Please choose a day and a time.');
      return;
    }
    setError(null);
    try {
      await reschedule.mutateAsync({ date, time });
      toast({ title: 'Consultation rescheduled', description: `${formatLongDate(date)}, ${time}` });
      onDone();
    } catch (failure) {
      setError(failureMessage(failure, 'The consultation could not be rescheduled. Please try again.'));
    }
  };

  return (
    <form
      className="flex flex-col gap-5"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      aria-label="Choose the new time"
    >
      <div className="grid gap-6 md:grid-cols-[minmax(0,1fr)_minmax(0,14rem)]">
        <Calendar
          label="New day"
          value={date}
          onValueChange={(value) => {
            setDate(value);
            setTime('');
            setError(null);
          }}
          isSelectable={isSelectable}
          min={today}
          initialDate={today}
          timeZone={timeZone}
          dayTestIdPrefix="reschedule-day"
          highlighted={freeDays}
          onMonthChange={setMonth}
        />
        <fieldset className="flex min-w-0 flex-col gap-2" aria-describedby={`${ids}-zone`}>
          <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">
            {date ? `Free times on ${formatLongDate(date)}` : 'Free times'}
          </legend>
          <p id={`${ids}-zone`} className="text-sm text-slate-600 dark:text-slate-400">
            Times are in {timeZoneLabel(timeZone)}
          </p>
          {date === '' ? (
            <p className="text-sm text-slate-600 dark:text-slate-400">Choose a day to see its free times.</p>
          ) : day.loading ? (
            <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
              Loading available times...
            </p>
          ) : day.error ? (
            <p className="text-sm text-red-700 dark:text-red-300">{day.error}</p>
          ) : day.none ? (
            <p className="text-sm text-slate-700 dark:text-slate-300">No available times for this date.</p>
          ) : (
            day.slots.map((slot) => {
              const yours = visitorSlotTime(date, slot, timeZone, visitorZone);
              return (
                <label
                  key={slot}
                  className="flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 py-2 text-sm has-[:checked]:border-blue-700 has-[:checked]:bg-blue-50 dark:border-slate-600 dark:has-[:checked]:bg-slate-800"
                  data-testid="reschedule-slot"
                >
                  <input
                    type="radio"
                    name={`${ids}-time`}
                    value={slot}
                    checked={time === slot}
                    onChange={() => setTime(slot)}
                  />
                  <span>
                    {slot}
                    {yours ? (
                      <span className="block text-xs text-slate-600 dark:text-slate-400">Your time: {yours}</span>
                    ) : null}
                  </span>
                </label>
              );
            })
          )}
        </fieldset>
      </div>
      <ErrorAlert message={error} data-testid="reschedule-error" />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onCancel} disabled={reschedule.isPending}>
          Keep the current time
        </Button>
        <Button
          type="submit"
          disabled={reschedule.isPending}
          aria-busy={reschedule.isPending || undefined}
          data-testid="reschedule-submit"
        >
          {reschedule.isPending ? 'Rescheduling...' : 'Reschedule'}
        </Button>
      </div>
    </form>
  );
}
