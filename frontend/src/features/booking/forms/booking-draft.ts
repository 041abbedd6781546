import type { BookingRequestInput } from '@app/contracts';
import { BookingRequestSchema } from '@app/contracts/api/booking';
import { isIanaTimeZone } from '@app/contracts/time-zone';
import * as v from 'valibot';

/** The booking form's values as typed. */
export type BookingDraft = BookingRequestInput;

export const emptyBooking: BookingDraft = { name: '', email: '', businessName: '', date: '', time: '', lineOfWork: '' };

/** An empty booking with what was already typed elsewhere (name, e-mail, business, line of work). */
export const draftFrom = (typed: BookingDraft | null | undefined): BookingDraft => ({
  ...emptyBooking,
  name: typed?.name ?? '',
  email: typed?.email ?? '',
  businessName: typed?.businessName ?? '',
  lineOfWork: typed?.lineOfWork ?? '',
});

/**
 * The request of a valid draft: empty optional fields are left out. `visitorZone`: the browser's own zone, sent so the
 * visitor's e-mails and pages show their time too (issue 26); left out when it is no IANA name the API would take.
 */
export function toRequest(value: BookingDraft, visitorZone?: string) {
  const parsed = v.parse(BookingRequestSchema, value);
  return {
    ...(visitorZone && isIanaTimeZone(visitorZone) && { visitorTimeZone: visitorZone }),
    name: parsed.name,
    email: parsed.email,
    date: parsed.date,
    time: parsed.time,
    ...(parsed.businessName && { businessName: parsed.businessName }),
    ...(parsed.lineOfWork && { lineOfWork: parsed.lineOfWork }),
  };
}
