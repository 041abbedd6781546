import { hashToken } from '@app/contracts';
import { connect, schema } from '@app/db';
import { createTestDatabase, createUser } from '@app/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { StoredEvent } from '../../emails/define-email';
import { emails } from '../../emails/index';
import { mintLink } from './links';

describe('links of e-mails: the content names them, the send-email job mints them', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let connection: ReturnType<typeof connect>;
  const ctx = () => ({ db: connection.db, appUrl: 'http://localhost:3000/', companyEmail: 'hello@lucid.test' });

  beforeAll(async () => {
    database = await createTestDatabase(inject('databaseServerUrl'));
    connection = connect(database.url, { max: 4 });
  });
  afterAll(async () => {
    await connection?.close();
    await database?.drop();
  });

  const tokensOf = (userId: number) =>
    connection.db.select().from(schema.userTokens).where(eq(schema.userTokens.userId, userId));
  const tokenOf = (url: string) => new URL(url).searchParams.get('token') ?? '';

  it('prepares an invitation without minting a token: the link is only asked for', async () => {
    const user = await createUser(connection.db);
    const event: StoredEvent = {
      id: crypto.randomUUID(),
      type: 'user.invited',
      payload: { userId: user.id },
      createdAt: new Date(),
    };
    const prepared = await emails['user-invitation'].prepare(ctx(), event);
    expect(prepared?.link).toEqual({ kind: 'registration', userId: user.id });
    expect(await tokensOf(user.id)).toEqual([]);
  });

  it('mints a reset link bound to its request: minted twice for one event, both links stay usable (decision 016)', async () => {
    const user = await createUser(connection.db);
    const event: StoredEvent = {
      id: crypto.randomUUID(),
      type: 'password_reset.requested',
      payload: { userId: user.id },
      createdAt: new Date(Date.now() - 60_000),
    };
    const first = await mintLink(ctx(), event, { kind: 'password-reset', userId: user.id });
    const second = await mintLink(ctx(), event, { kind: 'password-reset', userId: user.id });
    expect(first.url).toMatch(/^http:\/\/localhost:3000\/reset-password\?token=/);
    expect(first.expiresAt?.getTime()).toBeGreaterThan(Date.now());
    const rows = await tokensOf(user.id);
    expect(
      rows
        .filter((row) => row.usedAt === null)
        .map((row) => row.tokenHash)
        .sort(),
    ).toEqual([hashToken(tokenOf(first.url)), hashToken(tokenOf(second.url))].sort());
    expect(
      rows.every((row) => row.kind === 'password_reset' && row.createdAt.getTime() === event.createdAt.getTime()),
    ).toBe(true);
  });
});
