import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSecretBox, SecretBoxError } from './secret-box';

const key = randomBytes(32).toString('base64');

describe('secret box (AES-256-GCM under APP_ENCRYPTION_KEY)', () => {
  it('opens what it sealed, with a new nonce each time, and never shows the plaintext', () => {
    const box = createSecretBox(key);
    const a = box.seal('client-secret-é-\u{1F600}', 'embed-connection:1');
    const b = box.seal('client-secret-é-\u{1F600}', 'embed-connection:1');
    expect(a).not.toBe(b);
    expect(a).not.toContain('client-secret');
    expect(a.startsWith('v1.')).toBe(true);
    expect(box.open(a, 'embed-connection:1')).toBe('client-secret-é-\u{1F600}');
  });

  it('refuses another key, another row, and any altered byte', () => {
    const box = createSecretBox(key);
    const sealed = box.seal('s3cret', 'embed-connection:1');
    expect(() => createSecretBox(randomBytes(32).toString('base64')).open(sealed, 'embed-connection:1')).toThrow(
      SecretBoxError,
    );
    expect(() => box.open(sealed, 'embed-connection:2')).toThrow(SecretBoxError);
    const raw = Buffer.from(sealed.slice(3), 'base64url');
    raw[raw.length - 20]! ^= 1;
    expect(() => box.open(`v1.${raw.toString('base64url')}`, 'embed-connection:1')).toThrow(SecretBoxError);
    expect(() => box.open('v1.', 'embed-connection:1')).toThrow(SecretBoxError);
    expect(() => box.open('plain', 'embed-connection:1')).toThrow(SecretBoxError);
  });

  it('takes only a 32-byte key', () => {
    expect(() => createSecretBox(randomBytes(16).toString('base64'))).toThrow(SecretBoxError);
  });
});
