import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import * as v from 'valibot';

/**
 * Seals secrets at rest (issue 14, decision 030) with AES-256-GCM under APP_ENCRYPTION_KEY: a fresh 12-byte nonce per
 * value, the 16-byte tag checked on opening, and what the value belongs to (`context`, e.g. `embed-connection:3`) bound
 * in as additional data, so a sealed value copied onto another row does not open. Format: `v1.` + base64url of
 * nonce ‖ ciphertext ‖ tag.
 */
export interface SecretBox {
  seal(plaintext: string, context: string): string;
  open(sealed: string, context: string): string;
}

const VERSION = 'v1.';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

export class SecretBoxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretBoxError';
  }
}

/** The box for a base64 key of 32 bytes (as env.ts checks APP_ENCRYPTION_KEY). */
export function createSecretBox(base64Key: string): SecretBox {
  const key = Buffer.from(base64Key, 'base64');
  if (key.length !== 32) throw new SecretBoxError('APP_ENCRYPTION_KEY must be 32 bytes in base64');
  return {
    seal(plaintext, context) {
      const nonce = randomBytes(NONCE_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, nonce);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return VERSION + Buffer.concat([nonce, body, cipher.getAuthTag()]).toString('base64url');
    },
    open(sealed, context) {
      if (!sealed.startsWith(VERSION)) throw new SecretBoxError('Not a sealed value');
      const raw = Buffer.from(sealed.slice(VERSION.length), 'base64url');
      if (raw.length < NONCE_BYTES + TAG_BYTES) throw new SecretBoxError('Not a sealed value');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, NONCE_BYTES));
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES));
      try {
        return Buffer.concat([
          decipher.update(raw.subarray(NONCE_BYTES, raw.length - TAG_BYTES)),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        throw new SecretBoxError('The secret does not open with APP_ENCRYPTION_KEY (another key, or altered)');
      }
    },
  };
}

/**
 * APP_ENCRYPTION_KEY, for the API and the workers: 32 random bytes in base64 (`openssl rand -base64 32`). It seals the
 * secrets of embed connections (decision 030); the workers open a Looker Studio connection's key with it (issue 28).
 */
export const envEncryptionKey = v.optional(
  v.pipe(
    v.string(),
    v.check(
      (value) => /^[A-Za-z0-9+/_-]+={0,2}$/.test(value) && Buffer.from(value, 'base64').length === 32,
      'must be 32 random bytes in base64 (openssl rand -base64 32)',
    ),
  ),
);
