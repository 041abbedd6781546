import type { EmailJob, EmailTemplate, EventType } from '@app/contracts/server';
import type { Database } from '@app/db';
import type { EmailAttachment } from './mailer';

export interface MessageContext {
  db: Database;
  appUrl: string;
  companyEmail: string;
  timeZone?: string;
  /** MEETING_URL_TEMPLATE: the consultations' video call link (issue 16). */
  meetingUrlTemplate?: string | undefined;
}

/** What the e-mail's job says besides its event and template (a reminder's planned meeting start). */
export type EmailJobData = Pick<EmailJob, 'plannedStartsAt'>;

export interface StoredEvent {
  id: string;
  type: string;
  payload: unknown;
  createdAt: Date;
}

/**
 * A secret link the e-mail carries (D7). The content only names it; the send-email job mints its token once it knows
 * the e-mail has not gone out yet, so a retried job never retires a link that already went out (decision 016).
 */
export type LinkRequest =
  | { kind: 'registration'; userId: number }
  | { kind: 'password-reset'; userId: number }
  | { kind: 'email-change'; emailChangeId: number }
  /** A booking's cancel and reschedule links, one token for both (issue 16). */
  | { kind: 'booking-manage'; bookingId: number };

/** A minted link: the URL with its token, and when it stops working (null: it does not expire). */
export interface MintedLink {
  url: string;
  expiresAt: Date | null;
  /** A booking's reschedule link, beside its cancel link (`url`). */
  rescheduleUrl?: string;
}

/** The values of an e-mail's own template slots (the layout's are added by the sender: see `LAYOUT_VARIABLES`). */
type EmailVars<V extends string> = { readonly [K in V]: string };

/**
 * A client's organizations as they head the e-mails to their account (issue 18): the names shown (up to three), how
 * many more there are, and a logo's https address: only for a person in one organization whose logo mail can show.
 */
export interface OrganizationBrand {
  names: readonly string[];
  more: number;
  logoUrl: string | null;
}

interface Envelope {
  to: string;
  /** The organizations of the account it goes to, whose names (and logo) head the e-mail (issue 18); none by default. */
  organization?: OrganizationBrand | null;
  replyTo?: string;
  subject: string;
  preview: string;
  attachments?: EmailAttachment[];
}

/** Everything an e-mail needs but its body: who gets it, the subject, and the values of its template. */
export type PreparedEmail<V extends string = string> = Envelope &
  (
    | { link?: undefined; vars: EmailVars<V> }
    /** With a link: the values are formatted once the job has minted it. */
    | { link: LinkRequest; vars: (link: MintedLink) => EmailVars<V> }
  );

export interface EmailDefinition<V extends string = string, T extends EmailTemplate = EmailTemplate> {
  template: T;
  /**
   * The events that send this e-mail whatever their subject (the fan-out queues it for each). Booking e-mails have
   * none: the fan-out looks at the booking first (`jobs/domain-events/fan-out.ts`).
   */
  sentOn?: readonly EventType[];
  /** The slots the MJML and the text part use (besides the layout's): checked against both files at start-up. */
  variables: readonly V[];
  /** Loads what the e-mail is about and formats it; null when there is nothing (left) to send. */
  prepare(ctx: MessageContext, event: StoredEvent, job?: EmailJobData): Promise<PreparedEmail<V> | null>;
}

/**
 * Declares one e-mail: its template files (`templates/<template>.mjml` and `.txt`), the variables they use (checked
 * against both files when the workers start), and its content, typed by those variables: `load` reads what the
 * e-mail is about (null: it no longer exists), `content` only formats it (null: nothing to send in its state).
 */
export const defineEmail = <const T extends EmailTemplate, const V extends string, D>(definition: {
  template: T;
  sentOn?: readonly EventType[];
  variables: readonly V[];
  load(ctx: MessageContext, event: StoredEvent): Promise<D | null>;
  content(data: D, ctx: MessageContext, job: EmailJobData): PreparedEmail<NoInfer<V>> | null;
}): EmailDefinition<V, T> => ({
  template: definition.template,
  ...(definition.sentOn ? { sentOn: definition.sentOn } : {}),
  variables: definition.variables,
  async prepare(ctx, event, job = {}) {
    const data = await definition.load(ctx, event);
    return data === null ? null : definition.content(data, ctx, job);
  },
});

/** The slots the shared layout (and every e-mail) may use: supplied by the sender, never declared per e-mail. */
export const LAYOUT_VARIABLES = [
  'appUrl',
  'appHost',
  'companyName',
  'companyEmail',
  'subject',
  'preview',
  // The client's organizations in the header (issue 18): empty unless the e-mail goes to one of their members.
  'organizationBanner',
  'organizationLine',
] as const;
