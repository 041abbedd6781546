import { describe, expect, it } from 'vitest';
import { accountsWithPassword } from '../../testing/accounts';
import { type TestApp, useTestApp, withTestApp } from '../../testing/app';
import { contactMessage } from '../../testing/contact';
import { rateLimitKey } from './rate-limit';

// Sign-in limits (D8, D34) against a crowd: requests sent together, not one after another.
const t = useTestApp();
const { newUser } = accountsWithPassword(t, 'correct horse battery');

const login = (app: TestApp, email: string, password: string, ip?: string) =>
  app.post('/api/auth/login', { email, password }, ip ? { 'x-forwarded-for': ip } : {});
const statuses = async (responses: Promise<Response>[]) => (await Promise.all(responses)).map((r) => r.status);
const contact = contactMessage();

describe('sign-in limits under parallel attempts', () => {
  it('checks at most 10 of 40 parallel attempts for one address, the right password among them; the rest get 429', async () => {
    const user = await newUser();
    const right = 20 + Math.floor(Math.random() * 20);
    const answers = await statuses(
      Array.from({ length: 40 }, (_, i) => login(t, user.email, i === right ? 'correct horse battery' : `wrong ${i}`)),
    );
    expect(answers.filter((s) => s !== 429).length).toBeLessThanOrEqual(10);
    expect(answers.filter((s) => s === 429).length).toBeGreaterThanOrEqual(30);
    expect(answers.every((s) => s === 401 || s === 429 || s === 200)).toBe(true);
  });

  it('checks at most 10 of a burst of 60 failures from a network address that has 90 already counted', async () => {
    const ip = '198.51.100.180';
    // 90 failures from this address already counted (each real one costs an Argon2 verification), then a burst.
    await t.deps.redis.set(rateLimitKey(t.queuePrefix, `login:ip:${ip}`), '90', 'PX', 900_000);
    const answers = await statuses(
      Array.from({ length: 60 }, (_, i) => login(t, `nobody-${i}@example.com`, 'wrong', ip)),
    );
    expect(answers.filter((s) => s !== 429).length).toBeLessThanOrEqual(10);
    expect(answers.filter((s) => s === 429).length).toBeGreaterThanOrEqual(50);
  });

  it('gives a successful sign-in its count back, even one sent in parallel with failures', async () => {
    const user = await newUser();
    const answers = await statuses([
      ...Array.from({ length: 5 }, (_, i) => login(t, user.email, `wrong ${i}`)),
      login(t, user.email, 'correct horse battery'),
    ]);
    expect(answers.sort()).toEqual([200, 401, 401, 401, 401, 401]);
    // 5 failures counted, the success not: 5 more failures are still checked, the 11th is refused.
    const more = await statuses(Array.from({ length: 6 }, (_, i) => login(t, user.email, `again ${i}`)));
    expect(more.filter((s) => s === 401)).toHaveLength(5);
    expect(more.filter((s) => s === 429)).toHaveLength(1);
  });

  it('lets exactly 5 of 20 parallel contact messages from one address through', async () => {
    const ip = '198.51.100.20';
    const answers = await statuses(
      Array.from({ length: 20 }, () => t.post('/api/contact', contact, { 'x-forwarded-for': ip })),
    );
    expect(answers.filter((s) => s === 201)).toHaveLength(5);
    expect(answers.filter((s) => s === 429)).toHaveLength(15);
  });
});

describe('the client address behind a proxy that appends to X-Forwarded-For', () => {
  it('is the entry the proxy added, so a client cannot pick its rate-limit key by writing the header', async () => {
    await withTestApp({ env: { TRUST_PROXY: 'true' } }, async (proxied) => {
      const answers = await statuses(
        Array.from({ length: 7 }, (_, i) =>
          proxied.post('/api/contact', contact, { 'x-forwarded-for': `203.0.113.${i}, 198.51.100.77` }),
        ),
      );
      expect(answers.filter((s) => s === 201)).toHaveLength(5);
      expect(answers.filter((s) => s === 429)).toHaveLength(2);
    });
  });

  it('counts the entry two places from the right behind two proxies', async () => {
    await withTestApp({ env: { TRUST_PROXY: '2' } }, async (proxied) => {
      const answers = await statuses(
        Array.from({ length: 6 }, (_, i) =>
          proxied.post('/api/contact', contact, { 'x-forwarded-for': `203.0.113.${i}, 198.51.100.78, 10.0.0.${i}` }),
        ),
      );
      expect(answers.filter((s) => s === 429)).toHaveLength(1);
    });
  });
});

describe('while Redis is unreachable', () => {
  it('still accepts requests, and still limits them in the process (D34)', async () => {
    await withTestApp({ redisUrl: 'redis://127.0.0.1:1' }, async (offline) => {
      const user = await accountsWithPassword(offline, 'correct horse battery').newUser();
      const answers = await statuses(Array.from({ length: 15 }, (_, i) => login(offline, user.email, `wrong ${i}`)));
      expect(answers.filter((s) => s === 401)).toHaveLength(10);
      expect(answers.filter((s) => s === 429)).toHaveLength(5);

      const ip = '198.51.100.99';
      const contacts = await statuses(
        Array.from({ length: 8 }, () => offline.post('/api/contact', contact, { 'x-forwarded-for': ip })),
      );
      expect(contacts.filter((s) => s === 201)).toHaveLength(5);
      expect(contacts.filter((s) => s === 429)).toHaveLength(3);
    });
  });
});
