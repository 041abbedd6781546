import type { BookingRequestInput } from '@app/contracts';
import { BookingRequestSchema } from '@app/contracts/api/booking';
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

/** The request of a valid draft: empty optional fields are left out. */
export function toRequest(value: BookingDraft) {
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
