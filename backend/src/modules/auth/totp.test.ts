import { generateHOTP } from '@oslojs/otp';
import { describe, expect, it } from 'vitest';
import { placeOf } from './account-security.service';
import { hashRecoveryCode, isTotpCode, matchingStep, newRecoveryCodes, newTotpKey, normalizeCode } from './totp';

describe('time-based codes', () => {
  const key = newTotpKey();
  const now = new Date('2026-11-26T07:00:10Z');
  const step = Math.floor(now.getTime() / 30_000);
  const code = (s: number) => generateHOTP(key, BigInt(s), 6);

  it('accepts the current step and one either side, and says which step matched', () => {
    expect(matchingStep(key, code(step), now)).toBe(step);
    expect(matchingStep(key, code(step - 1), now)).toBe(step - 1);
    expect(matchingStep(key, code(step + 1), now)).toBe(step + 1);
  });

  it('refuses codes two steps away and codes of another key', () => {
    expect(matchingStep(key, code(step - 2), now)).toBeNull();
    expect(matchingStep(key, code(step + 2), now)).toBeNull();
    expect(matchingStep(newTotpKey(), code(step), now)).toBeNull();
  });

  it('tells an app code from a recovery code after ignoring spaces and dashes', () => {
    expect(isTotpCode(normalizeCode(' 123 456 '))).toBe(true);
    expect(isTotpCode(normalizeCode('12345'))).toBe(false);
    expect(normalizeCode('ABCDE-FGHJK')).toBe('abcdefghjk');
  });
});

describe('recovery codes', () => {
  it('are ten different codes of 2 × 5 unambiguous characters, hashed the same however typed', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-hjkmnp-z02-9]{5}-[a-hjkmnp-z02-9]{5}$/);
    const first = codes[0] as string;
    expect(hashRecoveryCode(first.toUpperCase().replace('-', ' '))).toBe(hashRecoveryCode(first));
    expect(hashRecoveryCode(first)).not.toContain(first.replace('-', ''));
  });
});

describe('the approximate place of a session', () => {
  it.each([
    ['127.0.0.1', 'This computer'],
    ['::1', 'This computer'],
    ['::ffff:127.0.0.1', 'This computer'],
    ['10.1.2.3', 'Local network'],
    ['192.168.0.9', 'Local network'],
    ['172.20.1.1', 'Local network'],
    ['fd12:3456::1', 'Local network'],
    ['172.32.1.1', '172.32.1.1'],
    ['203.0.113.7', '203.0.113.7'],
    [null, 'Unknown'],
    ['unknown', 'Unknown'],
  ])('%s is %s', (ip, place) => {
    expect(placeOf(ip)).toBe(place);
  });
});
