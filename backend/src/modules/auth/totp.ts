import { timingSafeEqual } from 'node:crypto';
import { hashToken } from '@app/contracts/server';
import { encodeBase32NoPadding } from '@oslojs/encoding';
import { createTOTPKeyURI, generateHOTP } from '@oslojs/otp';
import { renderSVG } from 'uqr';

/**
 * Time-based one-time codes (RFC 6238, what every authenticator app makes): SHA-1, 6 digits, 30-second steps, a key
 * of 20 random bytes. Decision 035.
 */
const PERIOD_SECONDS = 30;
const DIGITS = 6;
const ISSUER = 'Lucid Insight';

export const newTotpKey = (): Uint8Array => crypto.getRandomValues(new Uint8Array(20));

/** The 30-second step a moment falls in. */
const stepAt = (now: Date): number => Math.floor(now.getTime() / (PERIOD_SECONDS * 1000));

/** What the person's app is given: the key as text to type, the `otpauth://` URI and that URI as a QR code. */
export function enrolmentOf(key: Uint8Array, accountName: string) {
  const otpauthUri = createTOTPKeyURI(ISSUER, accountName, key, PERIOD_SECONDS, DIGITS);
  const svg = renderSVG(otpauthUri, { border: 2 });
  return {
    manualKey: encodeBase32NoPadding(key).replace(/(.{4})(?=.)/g, '$1 '),
    otpauthUri,
    qrCodeDataUrl: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
  };
}

const sameText = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));

/**
 * The step whose code this is, among the current step and one either side (a clock a little off, a code typed as
 * it changed), or null. Every candidate is computed, so the time taken does not tell which one matched.
 */
export function matchingStep(key: Uint8Array, code: string, now: Date): number | null {
  const current = stepAt(now);
  let found: number | null = null;
  for (const step of [current - 1, current, current + 1]) {
    if (sameText(generateHOTP(key, BigInt(step), DIGITS), code) && found === null) found = step;
  }
  return found;
}

/** What was typed, as a code: spaces and dashes go, letters are compared in lower case. */
export const normalizeCode = (typed: string) => typed.replace(/[\s-]/g, '').toLowerCase();

/** Six digits are an authenticator code; anything else is tried as a recovery code. */
export const isTotpCode = (code: string) => /^\d{6}$/.test(code);

// 32 letters and digits without i, l, o, 1 (easily mistaken): each byte picks one without bias.
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz023456789';

/** Ten recovery codes of ten characters (50 bits each), shown as `xxxxx-xxxxx`. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: 10 }, () => {
    const bytes = crypto.getRandomValues(new Uint8Array(10));
    const text = Array.from(bytes, (b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]).join('');
    return `${text.slice(0, 5)}-${text.slice(5)}`;
  });
}

/** Recovery codes are stored as the SHA-256 of their normalized form. */
export const hashRecoveryCode = (code: string) => hashToken(`recovery:${normalizeCode(code)}`);
