import * as schema from '@app/db/schema';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accountsWithPassword } from '../../../testing/accounts';
import { movableClock, useTestApp } from '../../../testing/app';
import { runCli } from '../../../testing/cli';
import { enrol } from '../../../testing/two-factor';

const clock = movableClock();
const t = useTestApp({ clock });
const { signIn } = accountsWithPassword(t, 'correct horse battery');

const cli = (args: string[]) => runCli(t.databaseUrl, args, '', {});

describe('bun run cli reset-two-factor (an operator lets a locked-out person back in)', () => {
  it('turns two-factor sign-in off: the password alone signs in again, and the person can set it up anew', async () => {
    const { user, cookie } = await signIn();
    await enrol(t, cookie, clock);
    expect((await t.post('/api/auth/login', { email: user.email, password: 'correct horse battery' })).status).toBe(
      202,
    );

    const result = await cli(['reset-two-factor', '--email', user.email.toUpperCase()]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`Two-factor sign-in is now off for ${user.email}`);
    const left = await t.db.select().from(schema.recoveryCodes).where(eq(schema.recoveryCodes.userId, user.id));
    expect(left).toHaveLength(0);
    expect((await t.post('/api/auth/login', { email: user.email, password: 'correct horse battery' })).status).toBe(
      200,
    );
  });

  it('says so when nobody has the address, or nothing was on; usage mistakes exit 2', async () => {
    const missing = await cli(['reset-two-factor', '--email', 'nobody@example.com']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('No user has the address nobody@example.com');
    const { user } = await signIn();
    const nothing = await cli(['reset-two-factor', '--email', user.email]);
    expect(nothing.code).toBe(0);
    expect(nothing.stdout).toContain('had no two-factor sign-in');
    expect((await cli(['reset-two-factor'])).code).toBe(2);
    expect((await cli(['reset-two-factor', '--bogus'])).code).toBe(2);
    const help = await cli(['help', 'reset-two-factor']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: bun run cli reset-two-factor --email <address>');
  });
});
