import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { failureMessage } from '../../../lib/api';
import { availabilityQueryOptions, monthAvailabilityQueryOptions } from '../api/booking.queries';
import { isSelectableDate, monthOf } from '../utils/booking-dates';
import type { DaySlots } from './booking-time-fields';

/**
 * The free times of the chosen `date`, and which days can be chosen: weekdays from `today` on, on which the company is
 * open, up to the window's last day and, in the picker, only the days of the month shown that still have free times
 * (the chosen day stays choosable).
 */
export function useDaySlots({ date, today, picker }: { date: string; today: string; picker: boolean }) {
  const availability = useQuery(availabilityQueryOptions(date));
  const slots = availability.data?.availableTimes ?? [];
  const day: DaySlots = {
    date,
    slots,
    loading: date !== '' && availability.isFetching && !availability.data,
    none: date !== '' && availability.isSuccess && slots.length === 0,
    error:
      availability.isError && date !== ''
        ? failureMessage(availability.error, 'The available times could not be loaded.')
        : null,
  };

  const [month, setMonth] = useState(() => monthOf(today));
  // Asked for by both tabs (issue 26): the form's calendar disables closed days and days past the window as the
  // picker's does, instead of refusing them only once chosen.
  const monthAvailability = useQuery(monthAvailabilityQueryOptions(month));
  const freeDays = useMemo(
    () => (picker && monthAvailability.data ? new Set(monthAvailability.data.availableDates) : undefined),
    [picker, monthAvailability.data],
  );
  // Holidays and the booking window (issue 16): the month's answer names them, so the picker can say why a day is off.
  const closedDays = useMemo(() => new Set(monthAvailability.data?.closedDates ?? []), [monthAvailability.data]);
  const lastDate = monthAvailability.data?.lastDate;
  const isSelectable = (d: string) =>
    isSelectableDate(d, today) &&
    !closedDays.has(d) &&
    (!lastDate || d <= lastDate) &&
    (!freeDays || monthOf(d) !== month || freeDays.has(d) || d === date);

  return { day, answer: availability.data, freeDays, closedDays, lastDate, isSelectable, setMonth };
}
