import * as schema from '@app/db/schema';
import { createUser } from '@app/db/testing';
import type { ReceivedEmail } from '@app/testing';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../../backend/testing/app';
import { startWorkersProcess } from '../../../testing';

const cases = [
  {
    template: 'password-reset',
    event: 'password_reset.requested',
    path: '/reset-password',
    validate: '/api/auth/validate-reset-token/',
    use: (token: string) => ['/api/auth/reset-password', { token, newPassword: 'a new password 1' }] as const,
  },
  {
    template: 'user-invitation',
    event: 'user.invited',
    path: '/register',
    validate: '/api/auth/validate-registration-token/',
    use: (token: string) => ['/api/auth/complete-registration', { token, password: 'a new password 1' }] as const,
  },
] as const;

const linkToken = (message: ReceivedEmail, path: string) => {
  const match = new RegExp(`http://localhost:3000${path}\\?token=([A-Za-z0-9_-]+)`).exec(message.text);
  if (!match?.[1]) throw new Error(`no ${path} link in the e-mail`);
  return match[1];
};

describe('a worker killed between the SMTP server accepting an e-mail and recording it as sent', () => {
  it.each(cases)(
    'resends the $template e-mail with the same Message-ID, and both copies carry a link that works (once)',
    async ({ template, event, path, validate, use }) => {
      const t = await createTestApp();
      const workers = await startWorkersProcess(t);
      const { smtp } = workers;
      try {
        const user = await createUser(t.db);
        const hold = smtp.acceptAndHoldNext();
        const [stored] = await t.db
          .insert(schema.outboxEvents)
          .values({ type: event, payload: { userId: user.id } })
          .returning();
        // The message is delivered, but the worker has not had the server's 250 yet: killed now, it cannot record it.
        const firstCopy = await hold.accepted;
        await workers.kill();
        hold.release();
        const [pending] = await t.db.select().from(schema.emailDeliveries);
        expect(pending).toMatchObject({ status: 'pending', attempts: 1, messageId: firstCopy.messageId });

        workers.startAnother();
        await smtp.waitFor((messages) => messages.length >= 2, 30_000);
        const [a, b] = smtp.to(user.email);
        expect(a).toBe(firstCopy);
        // The same Message-ID (per event, template and recipient): the receiving end can tell it is the same e-mail.
        expect(a!.messageId).toMatch(new RegExp(`^<${stored!.id}\\.${template}\\.[0-9a-f]{16}@localhost>$`));
        expect(b!.messageId).toBe(a!.messageId);
        await expect
          .poll(async () => (await t.db.select().from(schema.emailDeliveries))[0], { timeout: 10_000 })
          .toMatchObject({ status: 'sent', attempts: 2, messageId: a!.messageId });

        // Both links work: the resend did not retire the first copy's token.
        const tokenA = linkToken(a!, path);
        const tokenB = linkToken(b!, path);
        for (const token of [tokenA, tokenB])
          expect(await (await t.get(`${validate}${token}`)).json()).toMatchObject({ valid: true });
        // Still one request, so one use: the first copy's link works, and then neither does.
        const [route, body] = use(tokenA);
        expect((await t.post(route, body)).status).toBe(200);
        for (const token of [tokenA, tokenB])
          expect(await (await t.get(`${validate}${token}`)).json()).toMatchObject({ valid: false });
        const [again, againBody] = use(tokenB);
        expect((await t.post(again, againBody)).status).toBe(400);
        const tokens = await t.db.select().from(schema.userTokens).where(eq(schema.userTokens.userId, user.id));
        expect(tokens.every((row) => row.usedAt !== null)).toBe(true);
      } finally {
        await workers.close();
        await t.close();
      }
    },
    60_000,
  );
});
