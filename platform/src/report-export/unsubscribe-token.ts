import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/**
 * The signed token of a subscription e-mail's unsubscribe link (issue 29, decision 054): which subscription and which
 * member, with an HMAC-SHA256 under a key derived from APP_ENCRYPTION_KEY (HKDF, its own purpose), so nobody can make
 * one for somebody else. It never expires (RFC 8058 one-click must keep working for an old e-mail) and only ever
 * unsubscribes: it signs nobody in and shows nothing but the report's name.
 */

const INFO = 'lucid-insight/subscription-unsubscribe/v1';

export interface UnsubscribeSigner {
  sign(subscriptionId: number, userId: number): string;
  /** The subscription and member a token names, or null when it is not one of ours. */
  verify(token: string): { subscriptionId: number; userId: number } | null;
}

export function createUnsubscribeSigner(base64Key: string): UnsubscribeSigner {
  const key = Buffer.from(hkdfSync('sha256', Buffer.from(base64Key, 'base64'), Buffer.alloc(0), INFO, 32));
  const mac = (payload: string) => createHmac('sha256', key).update(payload).digest();
  return {
    sign(subscriptionId, userId) {
      const payload = `${subscriptionId}.${userId}`;
      return `${payload}.${mac(payload).toString('base64url')}`;
    },
    verify(token) {
      const match = /^(\d{1,9})\.(\d{1,9})\.([A-Za-z0-9_-]{43})$/.exec(token);
      if (!match) return null;
      const expected = mac(`${match[1]}.${match[2]}`);
      const given = Buffer.from(match[3] as string, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      return { subscriptionId: Number(match[1]), userId: Number(match[2]) };
    },
  };
}
