import * as v from 'valibot';
import { filledInText } from './common';

/** Limits of D11; the minimums and their messages are the spec's (section 5). */
const CONTACT_LIMITS = { name: 100, subject: 200, message: 5000 } as const;

const text = (min: number, minMessage: string, max: number, maxMessage: string) =>
  v.pipe(filledInText(minMessage, min), v.maxLength(max, maxMessage));

export const EmailSchema = v.pipe(
  v.optional(v.string('Please enter a valid email address'), ''),
  v.trim(),
  v.email('Please enter a valid email address'),
  v.maxLength(254, 'Email must be at most 254 characters'),
);

/** A person's name, as the contact and booking forms ask for it. */
export const NameSchema = text(
  2,
  'Name must be at least 2 characters',
  CONTACT_LIMITS.name,
  'Name must be at most 100 characters',
);

export const ContactMessageSchema = v.object({
  name: NameSchema,
  email: EmailSchema,
  subject: text(2, 'Subject is required', CONTACT_LIMITS.subject, 'Subject must be at most 200 characters'),
  message: text(
    10,
    'Message must be at least 10 characters',
    CONTACT_LIMITS.message,
    'Message must be at most 5,000 characters',
  ),
  /** Honeypot (D11): hidden from people, so only robots fill it in. */
  website: v.optional(v.string()),
});

export type ContactMessageInput = v.InferInput<typeof ContactMessageSchema>;
export type ContactMessage = v.InferOutput<typeof ContactMessageSchema>;

/** 201 of POST /api/contact */
export const ContactAcceptedSchema = v.object({ id: v.number(), message: v.string() });
export type ContactAccepted = v.InferOutput<typeof ContactAcceptedSchema>;
