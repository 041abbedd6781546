import type { ReceivedEmail, TestSmtpServer } from '@app/testing/smtp';

/** An address no other test (nor an earlier run against the same database) has used. */
export const uniqueEmail = (who: string) => `${who}-${crypto.randomUUID().slice(0, 8)}@example.com`;

/** Waits (20 s at most) until `address` has received `count` e-mails whose subject matches; returns the last of them. */
export async function waitForEmail(
  smtp: TestSmtpServer,
  address: string,
  subject: RegExp,
  count = 1,
): Promise<ReceivedEmail> {
  const matching = () => smtp.to(address).filter((m) => subject.test(m.subject));
  await smtp.waitFor(() => matching().length >= count, 20_000);
  return matching()[count - 1]!;
}

/** The path and query of the first link to `path` with a token in an e-mail's text part (opened relative to the product). */
export function linkIn(email: ReceivedEmail, path: '/reset-password' | '/register' | '/confirm-email'): string {
  const match = email.text.match(new RegExp(`https?://[^\\s"'<>]+${path.replace('/', '\\/')}\\?token=[\\w.~%-]+`));
  if (!match) throw new Error(`No ${path}?token= link in the e-mail:\n${email.text}`);
  const url = new URL(match[0]);
  return `${url.pathname}${url.search}`;
}

const calendarPart = (email: ReceivedEmail) =>
  email.parsed.attachments.find((a) => a.contentType.startsWith('text/calendar'));

/** Waits (30 s at most) for the first e-mail to `address` with a calendar invite: the e-mail, and the invite's text. */
export async function waitForInvite(
  smtp: TestSmtpServer,
  address: string,
): Promise<{ email: ReceivedEmail; invite: string }> {
  const withInvite = () => smtp.to(address).find((m) => calendarPart(m) !== undefined);
  await smtp.waitFor(() => withInvite() !== undefined, 30_000);
  const email = withInvite()!;
  return { email, invite: calendarPart(email)!.content.toString('utf8') };
}
