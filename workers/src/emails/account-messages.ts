import { COMPANY_NAME, EventPayloadSchemas, generateToken, TOKEN_LIFETIMES } from '@app/contracts';
import * as v from 'valibot';
import {
  findEmailChange,
  findOtherUserWithEmail,
  storeEmailChangeToken,
} from '../repositories/email-changes.repository';
// Types only: messages.ts includes these builders, so a value imported from it would be a cycle at load time.
import type { MessageContext, PreparedEmail, StoredEvent } from './messages';
import type { TemplateVars } from './render';

const formatDateTime = (date: Date, timeZone = 'UTC') =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeStyle: 'short', timeZone }).format(date);

/** The request of an `email_change.requested` event, when it still waits for its link (not used or replaced). */
async function pendingChange(ctx: MessageContext, event: StoredEvent) {
  const { emailChangeId } = v.parse(EventPayloadSchemas['email_change.requested'], event.payload);
  const row = await findEmailChange(ctx.db, emailChangeId);
  if (!row || row.change.usedAt || !row.user.isActive) return null;
  return { ...row, holder: await findOtherUserWithEmail(ctx.db, row.change.newEmail, row.user.id) };
}

/** Mints the confirmation token (D7): only its hash is stored, the token itself goes only into the e-mail. */
const confirmationLink = (ctx: MessageContext, emailChangeId: number) => async (): Promise<TemplateVars> => {
  const token = generateToken();
  const expiresAt = new Date(Date.now() + TOKEN_LIFETIMES.emailChangeMs);
  await storeEmailChangeToken(ctx.db, emailChangeId, token, expiresAt);
  return {
    link: `${ctx.appUrl.replace(/\/$/, '')}/confirm-email?token=${token}`,
    expiresAt: formatDateTime(expiresAt, ctx.timeZone),
  };
};

type Builder = (ctx: MessageContext, event: StoredEvent) => Promise<PreparedEmail | null>;

/** The e-mails of a change of address (issues 12 and 32). */
export const accountBuilders = {
  /** The link, to the new address, unless that address already has an account (then it gets the notice below). */
  'email-change-confirmation': async (ctx, event) => {
    const data = await pendingChange(ctx, event);
    if (!data || data.holder) return null;
    return {
      to: data.change.newEmail,
      subject: `Confirm your new ${COMPANY_NAME} e-mail address`,
      preview: 'Open the link to start using this address for your account. It expires in 24 hours.',
      vars: {
        greetingName: data.user.firstName || data.user.email,
        email: data.user.email,
        newEmail: data.change.newEmail,
      },
      secretVars: confirmationLink(ctx, data.change.id),
    };
  },
  /** No link to an address that has an account: its owner is told, and nothing changes (no leak to the asker). */
  'email-change-address-taken': async (ctx, event) => {
    const data = await pendingChange(ctx, event);
    if (!data?.holder) return null;
    return {
      to: data.holder.email,
      subject: `Someone tried to use your e-mail address at ${COMPANY_NAME}`,
      preview: 'Your account is unchanged. There is nothing you need to do.',
      vars: {
        greetingName: data.holder.firstName || data.holder.email,
        email: data.holder.email,
        newEmail: data.change.newEmail,
      },
    };
  },
  /** The old address is told once the change took effect. */
  'email-changed-notice': async (ctx, event) => {
    const { emailChangeId } = v.parse(EventPayloadSchemas['email_change.confirmed'], event.payload);
    const row = await findEmailChange(ctx.db, emailChangeId);
    if (!row?.change.confirmedAt || !row.change.previousEmail) return null;
    return {
      to: row.change.previousEmail,
      subject: `Your ${COMPANY_NAME} e-mail address was changed`,
      preview: `Your account now uses ${row.change.newEmail}.`,
      vars: {
        greetingName: row.user.firstName || row.change.previousEmail,
        email: row.change.previousEmail,
        newEmail: row.change.newEmail,
        changedAt: formatDateTime(row.change.confirmedAt, ctx.timeZone),
      },
    };
  },
} satisfies Record<'email-change-confirmation' | 'email-change-address-taken' | 'email-changed-notice', Builder>;
