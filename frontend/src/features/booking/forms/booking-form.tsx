import type { BookingRequestInput } from '@app/contracts';
import { BookingMessages, BookingRequestSchema } from '@app/contracts/schemas/booking';
import { revalidateLogic, useStore } from '@tanstack/react-form';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import * as v from 'valibot';
import { firstErrorMessage } from '../../../components/form/field-error';
import { controlClass, FieldShell } from '../../../components/form/field-shell';
import { useAppForm } from '../../../components/form/form';
import { FormElement } from '../../../components/form/form-element';
import { applyServerIssues } from '../../../components/form/server-errors';
import { Alert } from '../../../components/ui/alert';
import { Calendar } from '../../../components/ui/calendar';
import { toast } from '../../../components/ui/toast';
import { failureMessage, isApiRequestError } from '../../../lib/api';
import { useBookConsultation } from '../api/booking.mutations';
import { availabilityQueryOptions } from '../api/booking.queries';
import { isSelectableDate, timeZoneLabel, todayIn } from '../utils/booking-dates';

export const BOOKING_SUCCESS_BANNER = BookingMessages.confirmed;
export const BOOKING_ERROR_BANNER = 'There was an error booking your consultation. Please try again.';

type Banner = 'none' | 'success' | 'error';

export type BookingDraft = BookingRequestInput;

const emptyBooking: BookingDraft = { name: '', email: '', businessName: '', date: '', time: '', lineOfWork: '' };

export interface BookingFormProps {
  /** The company's time zone (IANA name, `config.bookingTimeZone`): slots and 'today' are in it (D12). */
  timeZone: string;
  /** Called as the visitor types, for the scheduling widget's prefill. */
  onDraftChange?: ((draft: BookingDraft) => void) | undefined;
  /** 'now' for tests; the current time otherwise. */
  now?: Date | undefined;
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
export function BookingForm({ timeZone, onDraftChange, now }: BookingFormProps) {
  const [banner, setBanner] = useState<Banner>('none');
  const [serverError, setServerError] = useState<string | null>(null);
  const book = useBookConsultation();
  const formRef = useRef<HTMLFormElement>(null);
  const ids = useId();
  const today = useMemo(() => todayIn(timeZone, now ?? new Date()), [timeZone, now]);
  const focusFirstInvalid = () =>
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());

  const form = useAppForm({
    defaultValues: emptyBooking,
    validationLogic: revalidateLogic({ mode: 'submit', modeAfterSubmission: 'change' }),
    validators: { onDynamic: BookingRequestSchema },
    onSubmitInvalid: focusFirstInvalid,
    onSubmit: async ({ value, formApi }) => {
      setBanner('none');
      setServerError(null);
      try {
        await book.mutateAsync(toRequest(value));
        formApi.reset();
        setBanner('success');
        toast({ title: 'Consultation booked!', description: 'Check your email for confirmation details.' });
      } catch (error) {
        console.error('Booking the consultation failed', error);
        setBanner('error');
        toast({
          title: 'Booking failed',
          description: "We couldn't book your consultation. Please try again.",
          variant: 'destructive',
        });
        if (isApiRequestError(error) && error.status === 409) {
          // The slot was just taken: the day's slots were asked for again (the mutation's onSettled).
          const message = error.serverMessage ?? BookingMessages.taken;
          applyServerIssues(formApi, [{ path: 'time', message }]);
          focusFirstInvalid();
        } else if (isApiRequestError(error) && error.status === 422 && applyServerIssues(formApi, error.issues)) {
          focusFirstInvalid();
        } else {
          const message = failureMessage(error, '');
          setServerError(message || null);
        }
      }
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

  const zoneText = `Times are in ${timeZoneLabel(timeZone)}`;

  return (
    <FormElement
      ref={formRef}
      aria-label="Booking form"
      data-testid="booking-form"
      className="flex flex-col gap-5"
      onSubmit={() => form.handleSubmit()}
    >
      {banner === 'success' ? (
        <Alert variant="success" data-testid="booking-success">
          {BOOKING_SUCCESS_BANNER}
        </Alert>
      ) : null}
      {banner === 'error' ? (
        <Alert variant="error" data-testid="booking-error">
          {BOOKING_ERROR_BANNER}
        </Alert>
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

      <div className="grid gap-5 md:grid-cols-2">
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
              <div className="flex flex-col gap-1.5" data-testid="booking-date">
                <Calendar
                  label="Preferred Date"
                  value={field.state.value ?? ''}
                  onValueChange={(value) => {
                    field.handleChange(value);
                    field.handleBlur();
                  }}
                  isSelectable={(day) => isSelectableDate(day, today)}
                  min={today}
                  initialDate={field.state.value || today}
                  timeZone={timeZone}
                  invalid={Boolean(error)}
                  errorId={errorId}
                  dayTestIdPrefix="booking-day"
                />
                <p className="text-sm text-slate-600 dark:text-slate-400">Monday to Friday, from today on.</p>
                {error ? (
                  <p id={errorId} className="text-sm font-medium text-red-700 dark:text-red-400" data-field-error="">
                    {error}
                  </p>
                ) : null}
              </div>
            );
          }}
        </form.Field>

        <div className="flex flex-col gap-5">
          <form.Field name="time">
            {(field) => {
              const error = firstErrorMessage(field.state.meta.errors) ?? availabilityError ?? undefined;
              const id = `${ids}-time`;
              const errorId = `${id}-error`;
              const descriptionId = `${id}-description`;
              const noSlots = date !== '' && availability.isSuccess && slots.length === 0;
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
                    data-testid="booking-time"
                  >
                    <option value="">{placeholder}</option>
                    {slots.map((slot) => (
                      <option key={slot} value={slot}>
                        {slot}
                      </option>
                    ))}
                  </select>
                  <p
                    id={descriptionId}
                    className="text-sm text-slate-600 dark:text-slate-400"
                    data-testid="booking-time-zone"
                  >
                    {zoneText}
                  </p>
                </FieldShell>
              );
            }}
          </form.Field>

          <form.AppField name="lineOfWork">
            {(field) => (
              <field.TextField label="Line of Work (optional)" placeholder="e.g. Education, Healthcare, Retail" />
            )}
          </form.AppField>
        </div>
      </div>

      {serverError ? (
        <Alert variant="error" data-testid="booking-server-error">
          {serverError}
        </Alert>
      ) : null}

      <div>
        <form.AppForm>
          <form.SubmitButton
            size="lg"
            pendingLabel="Processing..."
            className="w-full sm:w-auto"
            data-testid="booking-submit"
          >
            Book Consultation
          </form.SubmitButton>
        </form.AppForm>
      </div>
    </FormElement>
  );
}
