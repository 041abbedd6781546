import { COMPANY_NAME, EventPayloadSchemas } from '@app/contracts/server';
import * as v from 'valibot';
import { findEmailChange, findOtherUserWithEmail } from '../repositories/email-changes.repository';
import { defineEmail, type MessageContext, type StoredEvent } from './define-email';
import { formatDateTime, greetingVars } from './messages';
import { withBrand } from './organization-brand';

/** The request of an `email_change.requested` event, when it still waits for its link (not used or replaced). */
async function pendingChange(ctx: MessageContext, event: StoredEvent) {
  const { emailChangeId } = v.parse(EventPayloadSchemas['email_change.requested'], event.payload);
  const row = await findEmailChange(ctx.db, emailChangeId);
  if (!row || row.change.usedAt || !row.user.isActive) return null;
  return { ...row, holder: await findOtherUserWithEmail(ctx.db, row.change.newEmail, row.user.id) };
}

/** The confirmed change of an `email_change.confirmed` event. */
async function confirmedChange(ctx: MessageContext, event: StoredEvent) {
  const { emailChangeId } = v.parse(EventPayloadSchemas['email_change.confirmed'], event.payload);
  return findEmailChange(ctx.db, emailChangeId);
}

/**
 * The e-mails of a change of address (issues 12 and 32), by template. Each goes to an account holder and carries the
 * organizations of that account (issue 18): the asker's in the link (at the new address, still the same member) and in
 * the notice of the change; the holder's in the address-taken notice.
 */
export const accountEmails = {
  /** The link, to the new address, unless that address already has an account (then it gets the notice below). */
  'email-change-confirmation': defineEmail({
    template: 'email-change-confirmation',
    sentOn: ['email_change.requested'],
    variables: ['greetingName', 'email', 'newEmail', 'link', 'expiresAt'],
    load: (ctx, event) => withBrand(ctx, pendingChange(ctx, event), ({ user, holder }) => (holder ? null : user)),
    content: ({ change, user, holder, brand }, ctx) =>
      holder
        ? null
        : {
            to: change.newEmail,
            organization: brand,
            subject: `Confirm your new ${COMPANY_NAME} e-mail address`,
            preview: 'Open the link to start using this address for your account. It expires in 24 hours.',
            link: { kind: 'email-change', emailChangeId: change.id },
            vars: (link) => ({
              ...greetingVars(user),
              newEmail: change.newEmail,
              link: link.url,
              expiresAt: link.expiresAt ? formatDateTime(link.expiresAt, ctx.timeZone) : '-',
            }),
          },
  }),

  /** No link to an address that has an account: its owner is told, and nothing changes (no leak to the asker). */
  'email-change-address-taken': defineEmail({
    template: 'email-change-address-taken',
    sentOn: ['email_change.requested'],
    variables: ['greetingName', 'newEmail'],
    load: (ctx, event) => withBrand(ctx, pendingChange(ctx, event), ({ holder }) => holder),
    content: ({ change, holder, brand }) =>
      holder
        ? {
            to: holder.email,
            organization: brand,
            subject: `Someone tried to use your e-mail address at ${COMPANY_NAME}`,
            preview: 'Your account is unchanged. There is nothing you need to do.',
            vars: { greetingName: holder.firstName || holder.email, newEmail: change.newEmail },
          }
        : null,
  }),

  /** The old address is told once the change took effect. */
  'email-changed-notice': defineEmail({
    template: 'email-changed-notice',
    sentOn: ['email_change.confirmed'],
    variables: ['greetingName', 'email', 'newEmail', 'changedAt'],
    load: (ctx, event) => withBrand(ctx, confirmedChange(ctx, event), ({ user }) => user),
    content: ({ change, user, brand }, ctx) =>
      change.confirmedAt && change.previousEmail
        ? {
            to: change.previousEmail,
            organization: brand,
            subject: `Your ${COMPANY_NAME} e-mail address was changed`,
            preview: `Your account now uses ${change.newEmail}.`,
            vars: {
              greetingName: user.firstName || change.previousEmail,
              email: change.previousEmail,
              newEmail: change.newEmail,
              changedAt: formatDateTime(change.confirmedAt, ctx.timeZone),
            },
          }
        : null,
  }),
} as const;
