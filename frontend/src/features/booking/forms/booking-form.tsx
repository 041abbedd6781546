import type { BookingConfirmation as Confirmation } from '@app/contracts';
import { BookingMessages, BookingRequestSchema } from '@app/contracts/api/booking';
import { useStore } from '@tanstack/react-form';
import { useEffect, useMemo, useState } from 'react';
import { usePublicSchemaForm } from '../../../components/form/public-form';
import { validationIssues } from '../../../components/form/schema-form-options';
import { applyServerIssues } from '../../../components/form/server-errors';
import { VISITOR_FIELDS, VisitorFields } from '../../../components/form/visitor-fields';
import { Alert } from '../../../components/ui/alert';
import { toast } from '../../../components/ui/toast';
import { failureMessage } from '../../../lib/api';
import { useBookConsultation } from '../api/booking.mutations';
import { BookingConfirmation } from '../components/booking-confirmation';
import { sameClock, timeZoneLabel, todayIn, visitorTimeZone } from '../utils/booking-dates';
import { BookingDayField } from './booking-day-field';
import { type BookingDraft, draftFrom, emptyBooking, toRequest } from './booking-draft';
import { refusalText } from './booking-refusal';
import { TimeList, TimeSelect } from './booking-time-fields';
import { useDaySlots } from './use-day-slots';

export const BOOKING_SUCCESS_BANNER = BookingMessages.confirmed;
export const BOOKING_ERROR_BANNER = 'There was an error booking your consultation. Please try again.';

/** The banner over the form: none, the generic failure, or a failure's own words (a slot just taken, a limit). */
type Banner = 'none' | 'error' | { text: string };

export type { BookingDraft };

export interface BookingFormProps {
  /** The company's time zone (IANA name, `config.bookingTimeZone`): slots and 'today' are in it (D12). */
  timeZone: string;
  /** Called as the visitor types, for the scheduling widget's prefill. */
  onDraftChange?: ((draft: BookingDraft) => void) | undefined;
  /** 'now' for tests; the current time otherwise. */
  now?: Date | undefined;
  /**
   * 'form': the booking form tab (a date, then a time from a list). 'picker': the calendar tab when no scheduling
   * service is configured (D32): the month grid beside the day's free times, as a scheduling page lays them out, and
   * days without free times are not offered.
   */
  variant?: 'form' | 'picker';
  /** Prefix of the data-testids, so the two variants can be on one page. */
  testIdPrefix?: string;
  /** What was already typed elsewhere (name, e-mail, business, line of work). */
  initialDraft?: BookingDraft | null | undefined;
  /** The visitor's own zone (the browser's by default), for the times beside the company's. */
  visitorZone?: string | undefined;
}

/** The booking form (spec sections 2, 4, 5 and 8): a weekday from today on, then one of that day's free slots. */
export function BookingForm({
  timeZone,
  onDraftChange,
  now,
  variant = 'form',
  testIdPrefix: p = 'booking',
  initialDraft,
  visitorZone: visitorZoneProp,
}: BookingFormProps) {
  const picker = variant === 'picker';
  const [banner, setBanner] = useState<Banner>('none');
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const [visitorZone] = useState(() => visitorZoneProp ?? visitorTimeZone());
  const [serverError, setServerError] = useState<string | null>(null);
  const book = useBookConsultation();
  const today = useMemo(() => todayIn(timeZone, now ?? new Date()), [timeZone, now]);

  const [defaults] = useState(() => draftFrom(initialDraft));
  const form = usePublicSchemaForm({
    defaultValues: defaults,
    schema: BookingRequestSchema,
    // The slot was just taken (409): its message goes under the time; the day's slots were asked for again (the
    // mutation's onSettled).
    fieldIssues: (error) =>
      error.status === 409
        ? [{ path: 'time', message: error.serverMessage ?? BookingMessages.taken }]
        : validationIssues(error),
    onSubmit: async (value, formApi) => {
      setBanner('none');
      setServerError(null);
      const booked = await book.mutateAsync(toRequest(value, visitorZone));
      formApi.reset(emptyBooking);
      setConfirmation(booked);
      toast({ title: 'Consultation booked!', description: 'Check your email for confirmation details.' });
    },
    onFailure: (error, { fieldsMarked }) => {
      console.error('Booking the consultation failed', error);
      const refusal = refusalText(error);
      if (refusal) return setBanner({ text: refusal });
      setBanner('error');
      toast({
        title: 'Booking failed',
        description: "We couldn't book your consultation. Please try again.",
        variant: 'destructive',
      });
      if (!fieldsMarked) setServerError(failureMessage(error, '') || null);
    },
  });

  const date = useStore(form.store, (state) => state.values.date) ?? '';
  const values = useStore(form.store, (state) => state.values);
  useEffect(() => {
    onDraftChange?.(values);
  }, [values, onDraftChange]);

  const { day, answer, freeDays, closedDays, lastDate, isSelectable, setMonth } = useDaySlots({
    date,
    today,
    picker,
  });
  // A new list of slots (another day, or the day asked again after a 409) drops a time it no longer offers.
  useEffect(() => {
    if (!answer) return;
    const time = form.getFieldValue('time');
    if (!time || answer.availableTimes.includes(time)) return;
    const taken = form.getFieldMeta('time')?.errorMap?.onServer;
    form.setFieldValue('time', '', { dontValidate: true, dontUpdateMeta: true });
    // The time just taken (409) is gone from the list: its message stays under the field until another is picked.
    if (typeof taken === 'string') applyServerIssues(form, [{ path: 'time', message: taken }]);
  }, [answer, form]);

  const zoneText = `Times are in ${timeZoneLabel(timeZone)}`;

  if (confirmation)
    return (
      <BookingConfirmation
        confirmation={confirmation}
        message={BOOKING_SUCCESS_BANNER}
        visitorZone={visitorZone}
        testIdPrefix={p}
        onBookAnother={() => setConfirmation(null)}
      />
    );

  const dayField = (
    <form.AppField
      name="date"
      listeners={{
        onChange: () => {
          // Another day: its own slots.
          form.setFieldValue('time', '', { dontValidate: true, dontUpdateMeta: true });
          setServerError(null);
        },
      }}
    >
      {() => (
        <BookingDayField
          picker={picker}
          isSelectable={isSelectable}
          today={today}
          timeZone={timeZone}
          freeDays={freeDays}
          onMonthChange={setMonth}
          testIdPrefix={p}
          closedDays={closedDays}
          lastDate={lastDate}
        />
      )}
    </form.AppField>
  );

  const timeProps = { day, zoneText, testIdPrefix: p, timeZone, visitorZone };
  const timeField = (
    <form.AppField name="time">
      {() =>
        picker ? (
          <TimeList {...timeProps} visitorDiffers={!sameClock(now ?? new Date(), timeZone, visitorZone)} />
        ) : (
          <TimeSelect {...timeProps} />
        )
      }
    </form.AppField>
  );

  const lineOfWork = (
    <form.AppField name="lineOfWork">
      {(field) => <field.TextField label="Line of Work (optional)" placeholder="e.g. Education, Healthcare, Retail" />}
    </form.AppField>
  );

  return (
    <form.AppForm>
      <form.FormElement
        aria-label={picker ? 'Pick a time' : 'Booking form'}
        data-testid={`${p}-form`}
        className="flex flex-col gap-5"
      >
        {banner !== 'none' ? (
          <Alert variant="error" data-testid={`${p}-error`}>
            {banner === 'error' ? BOOKING_ERROR_BANNER : banner.text}
          </Alert>
        ) : null}

        {picker ? (
          <div className="grid gap-6 md:grid-cols-[minmax(0,1fr)_minmax(0,14rem)]">
            {dayField}
            {timeField}
          </div>
        ) : null}

        <VisitorFields form={form} fields={VISITOR_FIELDS} />
        <form.AppField name="businessName">
          {(field) => (
            <field.TextField
              label="Business Name (optional)"
              placeholder="Your company or organization"
              autoComplete="organization"
            />
          )}
        </form.AppField>

        {picker ? (
          lineOfWork
        ) : (
          <div className="grid gap-5 md:grid-cols-2">
            {dayField}
            <div className="flex flex-col gap-5">
              {timeField}
              {lineOfWork}
            </div>
          </div>
        )}

        {serverError ? (
          <Alert variant="error" data-testid={`${p}-server-error`}>
            {serverError}
          </Alert>
        ) : null}

        <form.FormActions
          size="lg"
          pendingLabel="Processing..."
          className="w-full sm:w-auto"
          data-testid={`${p}-submit`}
        >
          Book Consultation
        </form.FormActions>
      </form.FormElement>
    </form.AppForm>
  );
}
