import { generateToken, TOKEN_LIFETIMES } from '@app/contracts/server';
import type { Database } from '@app/db';
import type { LinkRequest, MintedLink, StoredEvent } from '../../emails/define-email';
import { findBooking, storeManageToken } from '../../repositories/bookings.repository';
import { storeEmailChangeToken } from '../../repositories/email-changes.repository';
import { issueUserToken } from '../../repositories/users.repository';

export interface LinkDeps {
  db: Database;
  appUrl: string;
}

/**
 * Mints the token of an e-mail's link (D7): only its hash is stored, the token itself goes only into the e-mail. The
 * send-email job calls this once it knows the e-mail has not gone out yet, so a retried job never retires a link that
 * already went out. Registration and reset tokens are bound to their request (the event's time, decision 016):
 * minting again for the same event keeps the first copy's link working.
 */
export async function mintLink(deps: LinkDeps, event: StoredEvent, request: LinkRequest): Promise<MintedLink> {
  const appUrl = deps.appUrl.replace(/\/$/, '');
  const token = generateToken();
  switch (request.kind) {
    case 'registration':
    case 'password-reset': {
      const [kind, path, lifetimeMs] =
        request.kind === 'registration'
          ? (['registration', '/register', TOKEN_LIFETIMES.registrationMs] as const)
          : (['password_reset', '/reset-password', TOKEN_LIFETIMES.passwordResetMs] as const);
      const expiresAt = new Date(Date.now() + lifetimeMs);
      await issueUserToken(deps.db, request.userId, kind, token, expiresAt, event.createdAt);
      return { url: `${appUrl}${path}?token=${token}`, expiresAt };
    }
    case 'email-change': {
      const expiresAt = new Date(Date.now() + TOKEN_LIFETIMES.emailChangeMs);
      await storeEmailChangeToken(deps.db, request.emailChangeId, token, expiresAt);
      return { url: `${appUrl}/confirm-email?token=${token}`, expiresAt };
    }
    case 'booking-manage': {
      // A token of this e-mail's own (issue 16): the cancel and reschedule links of every earlier e-mail keep working
      // until the meeting starts, when they all stop.
      await storeManageToken(deps.db, request.bookingId, token);
      const booking = await findBooking(deps.db, request.bookingId);
      return {
        url: `${appUrl}/booking/cancel?token=${token}`,
        rescheduleUrl: `${appUrl}/booking/reschedule?token=${token}`,
        expiresAt: booking?.startsAt ?? null,
      };
    }
  }
}
