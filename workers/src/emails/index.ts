import type { EmailTemplate } from '@app/contracts';
import { emailChangeAddressTaken, emailChangeConfirmation, emailChangedNotice } from './account-messages';
import type { EmailDefinition } from './define-email';
import {
  bookingCancelled,
  bookingCancelledNotification,
  bookingConfirmation,
  bookingNotification,
  bookingReminder,
  contactAcknowledgement,
  contactNotification,
  passwordReset,
  userInvitation,
} from './messages';

/** Every e-mail the product sends, by template: the type says when one is missing or filed under another name. */
export const emails = {
  'contact-notification': contactNotification,
  'contact-acknowledgement': contactAcknowledgement,
  'user-invitation': userInvitation,
  'password-reset': passwordReset,
  'booking-confirmation': bookingConfirmation,
  'booking-notification': bookingNotification,
  'booking-reminder': bookingReminder,
  'booking-cancelled': bookingCancelled,
  'booking-cancelled-notification': bookingCancelledNotification,
  'email-change-confirmation': emailChangeConfirmation,
  'email-change-address-taken': emailChangeAddressTaken,
  'email-changed-notice': emailChangedNotice,
} satisfies { [T in EmailTemplate]: EmailDefinition<string, T> };

export const emailDefinitions: readonly EmailDefinition[] = Object.values(emails);
