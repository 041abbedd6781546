// Long file: one form whose day picker, free slots and time zone share its state and errors (spec 2, 4, 5, 8).
import type { BookingRequestInput, BookingConfirmation as Confirmation } from '@app/contracts';
import { BookingMessages, BookingRequestSchema } from '@app/contracts/api/booking';
import { useStore } from '@tanstack/react-form';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState } from 'react';
import * as v from 'valibot';
import { firstErrorMessage } from '../../../components/form/field-error';
import { controlClass, FieldError, FieldShell } from '../../../components/form/field-shell';
import { FormElement } from '../../../components/form/form-element';
import { useSchemaForm, validationIssues } from '../../../components/form/use-schema-form';
import { Alert } from '../../../components/ui/alert';
import { Calendar } from '../../../components/ui/calendar';
import { toast } from '../../../components/ui/toast';
import { failureMessage } from '../../../lib/api';
import { useBookConsultation } from '../api/booking.mutations';
import { availabilityQueryOptions, monthAvailabilityQueryOptions } from '../api/booking.queries';
import { BookingConfirmation } from '../components/booking-confirmation';
import {
  clockIn,
  formatLongDate,
  isSelectableDate,
  monthOf,
  sameClock,
  slotInstants,
  timeZoneLabel,
  todayIn,
  visitorTimeZone,
} from '../utils/booking-dates';

export const BOOKING_SUCCESS_BANNER = BookingMessages.confirmed;
export const BOOKING_ERROR_BANNER = 'There was an error booking your consultation. Please try again.';

type Banner = 'none' | 'error';

export type BookingDraft = BookingRequestInput;

const emptyBooking: BookingDraft = { name: '', email: '', businessName: '', date: '', time: '', lineOfWork: '' };

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

/** The request of a valid draft: empty optional fields are left out. */
function toRequest(value: BookingDraft) {
  const parsed = v.parse(BookingRequestSchema, value);
  return {
    name: parsed.name,
    email: parsed.email,
    date: parsed.date,
    time: parsed.time,
    ...(parsed.businessName && { businessName: parsed.businessName }),
    ...(parsed.lineOfWork && { lineOfWork: parsed.lineOfWork }),
  };
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
  const ids = useId();
  const today = useMemo(() => todayIn(timeZone, now ?? new Date()), [timeZone, now]);

  const [defaults] = useState<BookingDraft>(() => ({
    ...emptyBooking,
    name: initialDraft?.name ?? '',
    email: initialDraft?.email ?? '',
    businessName: initialDraft?.businessName ?? '',
    lineOfWork: initialDraft?.lineOfWork ?? '',
  }));
  const { form, formRef } = useSchemaForm({
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
      const booked = await book.mutateAsync(toRequest(value));
      formApi.reset(emptyBooking);
      setConfirmation(booked);
      toast({ title: 'Consultation booked!', description: 'Check your email for confirmation details.' });
    },
    onFailure: (error, { fieldsMarked }) => {
      console.error('Booking the consultation failed', error);
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

  const availability = useQuery(availabilityQueryOptions(date));
  const slots = availability.data?.availableTimes ?? [];
  const slotsLoading = date !== '' && availability.isFetching && !availability.data;
  const availabilityError =
    availability.isError && date !== ''
      ? failureMessage(availability.error, 'The available times could not be loaded.')
      : null;

  // A new list of slots (another day, or the day asked again after a 409) drops a time it no longer offers.
  useEffect(() => {
    if (!availability.data) return;
    const time = form.getFieldValue('time');
    if (time && !availability.data.availableTimes.includes(time))
      form.setFieldValue('time', '', { dontValidate: true, dontUpdateMeta: true });
  }, [availability.data, form]);

  // The picker marks the days of the month shown that still have free times, and offers only those.
  const [month, setMonth] = useState(() => monthOf(today));
  const monthAvailability = useQuery({ ...monthAvailabilityQueryOptions(month), enabled: picker });
  const freeDays = useMemo(
    () => (picker && monthAvailability.data ? new Set(monthAvailability.data.availableDates) : undefined),
    [picker, monthAvailability.data],
  );
  const isSelectable = (day: string) =>
    isSelectableDate(day, today) && (!freeDays || monthOf(day) !== month || freeDays.has(day) || day === date);

  const zoneText = `Times are in ${timeZoneLabel(timeZone)}`;
  const visitorDiffers = !sameClock(now ?? new Date(), timeZone, visitorZone);

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

  const dateField = (
    <form.Field
      name="date"
      listeners={{
        onChange: () => {
          // Another day: its own slots.
          form.setFieldValue('time', '', { dontValidate: true, dontUpdateMeta: true });
          setServerError(null);
        },
      }}
    >
      {(field) => {
        const error = firstErrorMessage(field.state.meta.errors);
        const errorId = `${ids}-date-error`;
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
              onMonthChange={picker ? setMonth : undefined}
            />
            <p className="text-sm text-slate-600 dark:text-slate-400">
              {picker && freeDays?.size === 0
                ? 'No free times left this month. Please try the next month.'
                : picker
                  ? 'Highlighted days have free times, Monday to Friday.'
                  : 'Monday to Friday, from today on.'}
            </p>
            <FieldError id={errorId} error={error} />
          </div>
        );
      }}
    </form.Field>
  );

  const noSlots = date !== '' && availability.isSuccess && slots.length === 0;

  const timeSelect = (
    <form.Field name="time">
      {(field) => {
        const error = firstErrorMessage(field.state.meta.errors) ?? availabilityError ?? undefined;
        const id = `${ids}-time`;
        const errorId = `${id}-error`;
        const descriptionId = `${id}-description`;
        const placeholder =
          date === ''
            ? 'Select a date first'
            : slotsLoading
              ? 'Loading available times...'
              : noSlots
                ? 'No available times for this date.'
                : availabilityError
                  ? 'No times available'
                  : 'Select a time';
        return (
          <FieldShell id={id} label="Preferred Time" error={error} errorId={errorId}>
            <select
              id={id}
              name="time"
              value={field.state.value ?? ''}
              onChange={(event) => field.handleChange(event.target.value)}
              onBlur={field.handleBlur}
              disabled={date === '' || slotsLoading}
              aria-busy={slotsLoading || undefined}
              aria-invalid={firstErrorMessage(field.state.meta.errors) ? true : undefined}
              aria-describedby={error ? `${errorId} ${descriptionId}` : descriptionId}
              className={controlClass}
              data-testid={`${p}-time`}
            >
              <option value="">{placeholder}</option>
              {slots.map((slot) => (
                <option key={slot} value={slot}>
                  {slot}
                </option>
              ))}
            </select>
            <p id={descriptionId} className="text-sm text-slate-600 dark:text-slate-400" data-testid={`${p}-time-zone`}>
              {zoneText}
            </p>
          </FieldShell>
        );
      }}
    </form.Field>
  );

  /** The day's free times as a list of choices (radio buttons: arrow keys move between them). */
  const timeList = (
    <form.Field name="time">
      {(field) => {
        const error = firstErrorMessage(field.state.meta.errors) ?? availabilityError ?? undefined;
        const errorId = `${ids}-time-error`;
        const zoneId = `${ids}-time-zone`;
        const invalid = firstErrorMessage(field.state.meta.errors) ? true : undefined;
        return (
          <fieldset
            className="flex min-w-0 flex-col gap-2"
            aria-describedby={error ? `${errorId} ${zoneId}` : zoneId}
            aria-busy={slotsLoading || undefined}
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
            ) : slotsLoading ? (
              <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
                Loading available times...
              </p>
            ) : noSlots ? (
              <p className="text-sm text-slate-700 dark:text-slate-300">No available times for this date.</p>
            ) : (
              <div className="grid grid-cols-1 gap-2 min-[420px]:grid-cols-2 md:grid-cols-1">
                {slots.map((slot) => {
                  const instants = slotInstants(date, slot, timeZone);
                  const yours =
                    instants && !sameClock(instants.startsAt, timeZone, visitorZone)
                      ? `${clockIn(instants.startsAt, visitorZone, date)} your time`
                      : null;
                  return (
                    <label
                      key={slot}
                      className={
                        'flex cursor-pointer flex-col items-center justify-center rounded-lg border border-blue-300 px-3 py-2 text-center ' +
                        'text-sm font-semibold text-blue-800 transition-colors hover:border-blue-600 hover:bg-blue-50 ' +
                        'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-blue-600 ' +
                        'has-[:checked]:border-blue-700 has-[:checked]:bg-blue-700 has-[:checked]:text-white ' +
                        'dark:border-blue-800 dark:text-blue-200 dark:hover:bg-slate-800 ' +
                        'dark:has-[:checked]:border-blue-500 dark:has-[:checked]:bg-blue-600 dark:has-[:checked]:text-white'
                      }
                      data-testid={`${p}-slot`}
                    >
                      <input
                        type="radio"
                        name={`${ids}-time`}
                        value={slot}
                        checked={field.state.value === slot}
                        onChange={() => field.handleChange(slot)}
                        onBlur={field.handleBlur}
                        aria-invalid={invalid}
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
      }}
    </form.Field>
  );

  const lineOfWork = (
    <form.AppField name="lineOfWork">
      {(field) => <field.TextField label="Line of Work (optional)" placeholder="e.g. Education, Healthcare, Retail" />}
    </form.AppField>
  );

  return (
    <FormElement
      ref={formRef}
      aria-label={picker ? 'Pick a time' : 'Booking form'}
      data-testid={`${p}-form`}
      className="flex flex-col gap-5"
      onSubmit={() => form.handleSubmit()}
    >
      {banner === 'error' ? (
        <Alert variant="error" data-testid={`${p}-error`}>
          {BOOKING_ERROR_BANNER}
        </Alert>
      ) : null}

      {picker ? (
        <div className="grid gap-6 md:grid-cols-[minmax(0,1fr)_minmax(0,14rem)]">
          {dateField}
          {timeList}
        </div>
      ) : null}

      <div className="grid gap-5 sm:grid-cols-2">
        <form.AppField name="name">
          {(field) => <field.TextField label="Your Name" placeholder="Enter your name" autoComplete="name" required />}
        </form.AppField>
        <form.AppField name="email">
          {(field) => (
            <field.TextField
              label="Your Email"
              type="email"
              placeholder="Enter your email"
              autoComplete="email"
              inputMode="email"
              required
            />
          )}
        </form.AppField>
      </div>
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
          {dateField}
          <div className="flex flex-col gap-5">
            {timeSelect}
            {lineOfWork}
          </div>
        </div>
      )}

      {serverError ? (
        <Alert variant="error" data-testid={`${p}-server-error`}>
          {serverError}
        </Alert>
      ) : null}

      <div>
        <form.AppForm>
          <form.SubmitButton
            size="lg"
            pendingLabel="Processing..."
            className="w-full sm:w-auto"
            data-testid={`${p}-submit`}
          >
            Book Consultation
          </form.SubmitButton>
        </form.AppForm>
      </div>
    </FormElement>
  );
}
