import {
  type AdminReschedule,
  AdminRescheduleSchema,
  BookingMessages,
  type ReschedulableBooking,
  type RescheduledBooking,
} from '@app/contracts/api/booking';
import { useStore } from '@tanstack/react-form';
import { useEffect, useMemo, useState } from 'react';
import * as v from 'valibot';
import { visitorSubmit } from '../../../components/form/form-actions';
import { usePublicSchemaForm } from '../../../components/form/public-form';
import { validationIssues } from '../../../components/form/schema-form-options';
import { ErrorAlert } from '../../../components/ui/alert';
import { failureMessage } from '../../../lib/api';
import { useRescheduleBooking } from '../api/booking.mutations';
import { sameClock, timeZoneLabel, todayIn, visitorTimeZone } from '../utils/booking-dates';
import { BookingDayField } from './booking-day-field';
import { TimeList } from './booking-time-fields';
import { useDaySlots } from './use-day-slots';

export interface RescheduleFormProps {
  token: string;
  booking: ReschedulableBooking;
  onMoved: (moved: RescheduledBooking) => void;
  /** 'now' for tests; the current time otherwise. */
  now?: Date | undefined;
}

const emptySlot: AdminReschedule = { date: '', time: '' };

/**
 * The booking picker (the calendar of days with free times beside the chosen day's times, D32) for a new time of an
 * existing booking: the same fields, the same free times, and the API's same checks.
 */
export function RescheduleForm({ token, booking, onMoved, now }: RescheduleFormProps) {
  const timeZone = booking.timeZone;
  const [visitorZone] = useState(visitorTimeZone);
  const [serverError, setServerError] = useState<string | null>(null);
  const move = useRescheduleBooking(token);
  const today = useMemo(() => todayIn(timeZone, now ?? new Date()), [timeZone, now]);

  const form = usePublicSchemaForm({
    defaultValues: emptySlot,
    schema: AdminRescheduleSchema,
    // Taken meanwhile (409): the message under the times, which were asked for again (the mutation's onSettled).
    fieldIssues: (error) =>
      error.status === 409 && error.serverMessage !== BookingMessages.cancelledCannotMove
        ? [{ path: 'time', message: error.serverMessage ?? BookingMessages.taken }]
        : validationIssues(error),
    onAttempt: () => setServerError(null),
    onSubmit: async (value) => onMoved(await move.mutateAsync(v.parse(AdminRescheduleSchema, value))),
    onFailure: (error, { fieldsMarked }) => {
      if (!fieldsMarked) setServerError(failureMessage(error, "We couldn't move your consultation. Please try again."));
    },
  });

  const date = useStore(form.store, (state) => state.values.date) ?? '';
  const { day, answer, freeDays, isSelectable, setMonth } = useDaySlots({ date, today, picker: true });
  // The day's times asked for again (another day, or after a 409) drop a chosen time they no longer offer.
  useEffect(() => {
    const time = form.getFieldValue('time');
    if (answer && time && !answer.availableTimes.includes(time))
      form.setFieldValue('time', '', { dontValidate: true, dontUpdateMeta: true });
  }, [answer, form]);

  return (
    <form.AppForm>
      <form.FormElement aria-label="Pick a new time" data-testid="reschedule-form" className="flex flex-col gap-5">
        <div className="grid gap-6 md:grid-cols-[minmax(0,1fr)_minmax(0,14rem)]">
          <form.AppField
            name="date"
            listeners={{ onChange: () => form.setFieldValue('time', '', { dontValidate: true, dontUpdateMeta: true }) }}
          >
            {() => (
              <BookingDayField
                picker
                isSelectable={isSelectable}
                today={today}
                timeZone={timeZone}
                freeDays={freeDays}
                onMonthChange={setMonth}
                testIdPrefix="reschedule"
              />
            )}
          </form.AppField>
          <form.AppField name="time">
            {() => (
              <TimeList
                day={day}
                zoneText={`Times are in ${timeZoneLabel(timeZone)}`}
                testIdPrefix="reschedule"
                timeZone={timeZone}
                visitorZone={visitorZone}
                visitorDiffers={!sameClock(now ?? new Date(), timeZone, visitorZone)}
              />
            )}
          </form.AppField>
        </div>
        <ErrorAlert message={serverError} data-testid="reschedule-error" />
        <form.FormActions {...visitorSubmit} pendingLabel="Moving..." data-testid="reschedule-submit">
          Move consultation
        </form.FormActions>
      </form.FormElement>
    </form.AppForm>
  );
}
