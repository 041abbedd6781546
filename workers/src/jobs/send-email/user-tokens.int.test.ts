import { hashToken } from '@app/contracts/server';
import * as schema from '@app/db/schema';
import { createUser, useTestDatabase } from '@app/db/testing';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { StoredEvent } from '../../emails/define-email';
import { emails } from '../../emails/index';
import { issueUserToken } from '../../repositories/users.repository';
import { mintLink } from './links';

describe('tokens minted for e-mailed links, per request', () => {
  const connection = useTestDatabase();

  const expires = () => new Date(Date.now() + 3600_000);
  // Token hashes are unique across users: each test's tokens get a prefix of their own.
  let tokenPrefix = '';
  const tok = (name: string) => `${tokenPrefix}${name}`;
  const issue = (userId: number, kind: 'registration' | 'password_reset', name: string, requestedAt: Date) =>
    issueUserToken(connection.db, userId, kind, tok(name), expires(), requestedAt);
  beforeEach(() => {
    tokenPrefix = `${crypto.randomUUID()}-`;
  });
  const usable = async (userId: number) =>
    (await connection.db.select().from(schema.userTokens).where(eq(schema.userTokens.userId, userId)))
      .filter((row) => row.usedAt === null)
      .map((row) => row.tokenHash)
      .sort();

  it('retires at once a link asked for before the password was last changed (decision 045)', async () => {
    const user = await createUser(connection.db, { passwordHash: 'old' });
    const askedAt = new Date(Date.now() - 60_000);
    // The password changes after the request and before the worker mints its link.
    await connection.db.update(schema.users).set({ passwordHash: 'new' }).where(eq(schema.users.id, user.id));
    await issue(user.id, 'password_reset', 'stale', askedAt);
    expect(await usable(user.id)).toEqual([]);
    await issue(user.id, 'password_reset', 'fresh', new Date(Date.now() + 1000));
    expect(await usable(user.id)).toEqual([hashToken(tok('fresh'))]);
  });

  it('keeps both tokens of one request (an e-mail resent), and retires them for a newer request', async () => {
    const user = await createUser(connection.db);
    const request = new Date(Date.now() - 60_000);
    await issue(user.id, 'password_reset', 'first-copy', request);
    await issue(user.id, 'password_reset', 'second-copy', request);
    expect(await usable(user.id)).toEqual([hashToken(tok('first-copy')), hashToken(tok('second-copy'))].sort());

    await issue(user.id, 'password_reset', 'newer', new Date(request.getTime() + 1));
    expect(await usable(user.id)).toEqual([hashToken(tok('newer'))]);
  });

  it('retires at once the token of a request older than one already served (newest only, whatever the order)', async () => {
    const user = await createUser(connection.db);
    const older = new Date(Date.now() - 60_000);
    const newer = new Date(Date.now() - 30_000);
    await issue(user.id, 'registration', 'newer', newer);
    await issue(user.id, 'registration', 'older', older);
    expect(await usable(user.id)).toEqual([hashToken(tok('newer'))]);
  });

  it('leaves exactly the newest request usable when requests are served in parallel', async () => {
    const user = await createUser(connection.db);
    const base = Date.now() - 60_000;
    await Promise.all(
      Array.from({ length: 8 }, (_, i) => issue(user.id, 'password_reset', `parallel-${i}`, new Date(base + i))),
    );
    expect(await usable(user.id)).toEqual([hashToken(tok('parallel-7'))]);
  });

  it('keeps tokens of the other kind', async () => {
    const user = await createUser(connection.db);
    const at = new Date(Date.now() - 1000);
    await issue(user.id, 'registration', 'invite', at);
    await issue(user.id, 'password_reset', 'reset', new Date(at.getTime() + 1));
    expect(await usable(user.id)).toEqual([hashToken(tok('invite')), hashToken(tok('reset'))].sort());
  });

  // The content of an e-mail only names its link; the send-email job mints it once the e-mail is known not to be sent.
  const ctx = () => ({ db: connection.db, appUrl: 'http://localhost:3000/', companyEmail: 'hello@lucid.test' });
  const eventOf = (type: string, userId: number, createdAt = new Date()): StoredEvent => ({
    id: crypto.randomUUID(),
    type,
    payload: { userId },
    createdAt,
  });

  it('prepares an invitation without minting a token: the content only asks for the link', async () => {
    const user = await createUser(connection.db);
    const prepared = await emails['user-invitation'].prepare(ctx(), eventOf('user.invited', user.id));
    expect(prepared?.link).toEqual({ kind: 'registration', userId: user.id });
    expect(await usable(user.id)).toEqual([]);
  });

  it('mints a reset link bound to its request: minted twice for one event, both links stay usable', async () => {
    const user = await createUser(connection.db);
    const event = eventOf('password_reset.requested', user.id, new Date(Date.now() - 60_000));
    const links = [
      await mintLink(ctx(), event, { kind: 'password-reset', userId: user.id }),
      await mintLink(ctx(), event, { kind: 'password-reset', userId: user.id }),
    ];
    expect(links[0]?.url).toMatch(/^http:\/\/localhost:3000\/reset-password\?token=/);
    expect(links[0]?.expiresAt?.getTime()).toBeGreaterThan(Date.now());
    const hashes = links.map((link) => hashToken(new URL(link.url).searchParams.get('token') ?? ''));
    expect(await usable(user.id)).toEqual(hashes.sort());
  });
});
