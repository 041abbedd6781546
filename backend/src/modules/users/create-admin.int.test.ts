import * as schema from '@app/db/schema';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../testing/app';
import { runCli } from '../../../testing/cli';
import { createAdmin } from './create-admin.service';

const t = useTestApp();

/** The CLI with `stdin` piped in: the password's only way in besides a terminal prompt. */
const cli = (args: string[], stdin = '') => runCli(t.databaseUrl, args, stdin);

describe('bun run cli create-admin', () => {
  it('creates an administrator whose password is stored only as an Argon2id hash', async () => {
    const result = await cli(['create-admin', '--email', 'Boss@Example.com'], 'a long passphrase\n');
    expect(result.stdout).toContain('Administrator Boss@Example.com created');
    expect(result.code).toBe(0);
    const [user] = await t.db.select().from(schema.users).where(eq(schema.users.email, 'Boss@Example.com'));
    expect(user).toMatchObject({ isAdmin: true, isActive: true, accountSetupComplete: true });
    expect(user?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await Bun.password.verify('a long passphrase', user!.passwordHash!)).toBe(true);
  });

  it('refuses passwords outside 8 to 128 characters and bad addresses, with the reason', async () => {
    const short = await cli(['create-admin', '--email', 'x@example.com'], 'short\n');
    expect(short.code).toBe(1);
    expect(short.stderr).toContain('Password must be at least 8 characters long');
    await expect(createAdmin(t.db, { email: 'x@example.com', password: 'p'.repeat(129) })).rejects.toThrow(
      'Password must be at most 128 characters long',
    );
    await expect(createAdmin(t.db, { email: 'nope', password: 'long enough' })).rejects.toThrow(
      'Please enter a valid email address',
    );
    const usage = await cli(['make-coffee']);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('Usage:');
  });

  it('makes an existing user (any letter case) an administrator instead of creating a second one', async () => {
    const result = await createAdmin(t.db, { email: 'boss@example.com', password: 'another passphrase' });
    expect(result.created).toBe(false);
    const users = await t.db.select().from(schema.users);
    expect(users).toHaveLength(1);
  });
});
