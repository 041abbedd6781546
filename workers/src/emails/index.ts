import type { EmailTemplate } from '@app/contracts/server';
import { accountEmails } from './account-messages';
import { moveEmails } from './booking-moves';
import type { EmailDefinition } from './define-email';
import { messageEmails } from './messages';
import { reportSubscriptionEmail } from './report-subscription';
import { usageDigestEmail } from './usage-digest';

/** Every e-mail the product sends, by template: the type says when one is missing or filed under another name. */
export const emails = {
  ...messageEmails,
  ...moveEmails,
  ...accountEmails,
  ...usageDigestEmail,
  ...reportSubscriptionEmail,
} satisfies {
  [T in EmailTemplate]: EmailDefinition<string, T>;
};

export const emailDefinitions: readonly EmailDefinition[] = Object.values(emails);
