import { sha256 } from '@oslojs/crypto/sha2';
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding';

/**
 * Secret tokens (sessions, invitations, password resets): 160 random bits, sent to one person only; the database
 * keeps only their SHA-256, so a stolen table lets nobody in. The API checks them and the workers mint invitation
 * and reset tokens (D7), so both must hash the same way.
 */
export function generateToken(): string {
  const bytes = new Uint8Array(20);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

export function hashToken(token: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(token)));
}

export const TOKEN_LIFETIMES = {
  /** D5 */
  registrationMs: 72 * 3600_000,
  /** D6 */
  passwordResetMs: 3600_000,
  /** Issue 12: the link that confirms a new e-mail address. */
  emailChangeMs: 24 * 3600_000,
  /** D3 */
  sessionMs: 30 * 24 * 3600_000,
  /** D3: a session is extended when less than this remains. */
  sessionRenewWithinMs: 15 * 24 * 3600_000,
} as const;
