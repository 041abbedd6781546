import { describe, expect, it } from 'vitest';
import { createUnsubscribeSigner } from './unsubscribe-token';

const signer = createUnsubscribeSigner(Buffer.alloc(32, 7).toString('base64'));

describe('unsubscribe tokens', () => {
  it('names the subscription and member it was signed for', () => {
    expect(signer.verify(signer.sign(12, 345))).toEqual({ subscriptionId: 12, userId: 345 });
  });

  it('refuses a token altered to name someone else, or signed with another key', () => {
    const token = signer.sign(12, 345);
    expect(signer.verify(token.replace('12.345', '12.346'))).toBeNull();
    const other = createUnsubscribeSigner(Buffer.alloc(32, 8).toString('base64'));
    expect(other.verify(token)).toBeNull();
  });

  it('refuses anything else without throwing', () => {
    for (const text of ['', 'x', '1.2', '1.2.', `${'9'.repeat(20)}.1.${'a'.repeat(43)}`, '1.2.\u0000', '\ud800'])
      expect(signer.verify(text)).toBeNull();
  });
});
