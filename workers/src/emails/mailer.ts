import nodemailer from 'nodemailer';

export interface EmailAttachment {
  filename: string;
  content: string | Buffer;
  contentType: string;
}

interface OutgoingEmail {
  from: string;
  to: string;
  replyTo?: string;
  subject: string;
  html: string;
  text: string;
  /** Stable per event, template and recipient, so a receiving system can spot a duplicate. */
  messageId: string;
  headers?: Record<string, string>;
  attachments?: EmailAttachment[];
}

export interface Mailer {
  send(email: OutgoingEmail): Promise<{ messageId: string }>;
  close(): void;
}

/**
 * A calendar attachment (an invite or its cancellation) is also put beside the text and HTML as an alternative part:
 * Outlook and Exchange act on a `text/calendar; method=...` alternative, Gmail and Apple Mail on the attachment.
 */
function withCalendarParts(email: OutgoingEmail) {
  const calendars = (email.attachments ?? []).filter((a) => a.contentType.startsWith('text/calendar'));
  if (!calendars.length) return email;
  return { ...email, alternatives: calendars.map(({ contentType, content }) => ({ contentType, content })) };
}

/** A pooled SMTP transport: connections are reused across messages. */
export function createSmtpMailer(smtpUrl: string, options: { maxConnections?: number } = {}): Mailer {
  const url = new URL(smtpUrl);
  const transport = nodemailer.createTransport({
    host: url.hostname,
    port: Number(url.port || (url.protocol === 'smtps:' ? 465 : 25)),
    secure: url.protocol === 'smtps:',
    auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
    pool: true,
    maxConnections: options.maxConnections ?? 5,
    // Local catchers (mailpit, the test server) speak plain SMTP; a real relay upgrades with STARTTLS.
    ignoreTLS: url.searchParams.get('tls') === 'off',
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    async send(email) {
      const info = await transport.sendMail(withCalendarParts(email));
      return { messageId: info.messageId };
    },
    close: () => transport.close(),
  };
}
