import { EventTypes } from '@app/contracts/server';
import { describe, expect, it } from 'vitest';
import { emailsForEvent } from './fan-out';

describe('the e-mails an event sends whatever its subject (from the definitions)', () => {
  it('sends each e-mail on the events its definition names, in the order they are defined', () => {
    expect(emailsForEvent(EventTypes.contactReceived)).toEqual(['contact-notification', 'contact-acknowledgement']);
    expect(emailsForEvent(EventTypes.userInvited)).toEqual(['user-invitation']);
    expect(emailsForEvent(EventTypes.passwordResetRequested)).toEqual(['password-reset']);
    expect(emailsForEvent(EventTypes.passwordResetRequestedByEmail)).toEqual(['password-reset']);
    expect(emailsForEvent(EventTypes.emailChangeRequested)).toEqual([
      'email-change-confirmation',
      'email-change-address-taken',
    ]);
    expect(emailsForEvent(EventTypes.emailChangeConfirmed)).toEqual(['email-changed-notice']);
  });

  it('leaves the booking e-mails to the fan-out, which looks at the booking first', () => {
    expect(emailsForEvent(EventTypes.bookingCreated)).toEqual([]);
    expect(emailsForEvent(EventTypes.bookingCancelled)).toEqual([]);
    expect(emailsForEvent(EventTypes.bookingRescheduled)).toEqual([]);
  });
});
