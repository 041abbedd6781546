import { existsSync } from 'node:fs';
import * as schema from '@app/db/schema';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/app';
import { bun, root, runCli } from '../testing/cli';

const t = useTestApp();

const cli = (args: string[], stdin = '', env: Record<string, string | undefined> = {}) =>
  runCli(t.databaseUrl, args, stdin, env);

/** A stack trace's frames ("    at main (…/cli.ts:12:3)") or Bun's source excerpt of a crash. */
const STACK = /^\s+at |error: .*\n.*\^|\d+ \| /m;

const userByEmail = async (email: string) =>
  (await t.db.select().from(schema.users).where(eq(schema.users.email, email)))[0];

describe('bun run cli: help for every command', () => {
  it.each([[['--help']], [['-h']], [['help']]])('%j prints the list of commands and exits 0', async (args) => {
    const result = await cli(args);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Usage: bun run cli <command>');
    expect(result.stdout).toContain('create-admin');
    expect(result.all).not.toMatch(STACK);
  });

  it.each([
    [['create-admin', '--help']],
    [['create-admin', '-h']],
    [['help', 'create-admin']],
    [['create-admin', '--email', 'someone@example.com', '--help']],
  ])('%j prints the command help (options, where the password comes from) and exits 0', async (args) => {
    const result = await cli(args);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Usage: bun run cli create-admin --email <address>');
    expect(result.stdout).toContain('make admin EMAIL=<address>');
    expect(result.stdout).toContain('standard input');
    expect(result.all).not.toMatch(STACK);
    // Help never creates anyone, nor waits for a password.
    expect(await userByEmail('someone@example.com')).toBeUndefined();
  });

  it('answers usage mistakes with one line and the help, exit 2, never a stack trace', async () => {
    for (const args of [
      [],
      ['make-coffee'],
      ['help', 'make-coffee'],
      ['create-admin'],
      ['create-admin', '--bogus'],
      ['create-admin', '--email'],
      ['create-admin', '--email', 'not an address'],
      ['create-admin', '--email', 'a@example.com', 'extra'],
    ]) {
      const result = await cli(args, 'a long passphrase\n');
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr, args.join(' ')).toContain('Usage:');
      expect(result.all, args.join(' ')).not.toMatch(STACK);
    }
  });
});

describe('bun run cli create-admin: the password never on the command line', () => {
  it('refuses --password (ps and the shell history see it) and changes nothing', async () => {
    const result = await cli(['create-admin', '--email', 'argv@example.com', '--password', 'a long passphrase']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--password is not accepted');
    expect(await userByEmail('argv@example.com')).toBeUndefined();
  });

  it('takes the password from the first line of standard input and prints nothing of it', async () => {
    const password = 'a piped passphrase with spaces';
    const result = await cli(['create-admin', '--email', 'piped@example.com'], `${password}\nignored second line\n`);
    expect(result.stdout).toContain('Administrator piped@example.com created');
    expect(result.code).toBe(0);
    expect(result.all).not.toContain(password);
    const user = await userByEmail('piped@example.com');
    expect(user).toMatchObject({ isAdmin: true, isActive: true });
    expect(await Bun.password.verify(password, user!.passwordHash!)).toBe(true);
  });

  it('accepts Windows line ends and a last line without one', async () => {
    expect((await cli(['create-admin', '--email', 'crlf@example.com'], 'crlf passphrase\r\n')).code).toBe(0);
    expect(await Bun.password.verify('crlf passphrase', (await userByEmail('crlf@example.com'))!.passwordHash!)).toBe(
      true,
    );
    expect((await cli(['create-admin', '--email', 'noeol@example.com'], 'no end of line')).code).toBe(0);
  });

  it('says what to do when standard input is empty, and creates no one', async () => {
    const result = await cli(['create-admin', '--email', 'empty@example.com'], '');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('No password on standard input');
    expect(await userByEmail('empty@example.com')).toBeUndefined();
  });

  it('refuses a password outside 8 to 128 characters with the reason (hostile input too)', async () => {
    for (const [stdin, reason] of [
      ['short\n', 'at least 8 characters'],
      [`${'p'.repeat(129)}\n`, 'at most 128 characters'],
    ] as const) {
      const result = await cli(['create-admin', '--email', 'bad@example.com'], stdin);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(reason);
      expect(result.all).not.toMatch(STACK);
    }
    // NUL bytes and a lone surrogate's bytes: stored as given or refused, never a crash.
    const odd = await cli(['create-admin', '--email', 'odd@example.com'], 'nul\u0000 in the middle\n');
    expect([0, 1]).toContain(odd.code);
    expect(odd.all).not.toMatch(STACK);
    expect(await userByEmail('bad@example.com')).toBeUndefined();
  });

  it('names the missing database variable in one line', async () => {
    const result = await cli(['create-admin', '--email', 'nodb@example.com'], 'a long passphrase\n', {
      DATABASE_URL: undefined,
    });
    expect(result.code).toBe(2);
    // `bun run` itself prints the command it runs ("$ bun backend/src/cli.ts ..."); the CLI adds one line.
    expect(result.stderr.split('\n').filter((line) => line && !line.startsWith('$ '))).toEqual([
      'DATABASE_URL is required (the PostgreSQL database to create the administrator in).',
    ]);
  });
});

// The terminal prompt, through a real pseudo-terminal (util-linux `script`): typed characters are never echoed.
describe.skipIf(!existsSync('/usr/bin/script'))('bun run cli create-admin in a terminal', () => {
  const inTerminal = async (email: string, typed: string[]) => {
    const command = `${bun} run cli create-admin --email ${email}`;
    const proc = Bun.spawn(['/usr/bin/script', '-qec', command, '/dev/null'], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: t.databaseUrl },
      stdin: 'pipe',
      stdout: 'pipe',
      stderr: 'pipe',
    });
    const output = new Response(proc.stdout).text();
    for (const chunk of typed) {
      // Let the prompt come up (raw mode set) before the keys arrive, as a person would.
      await new Promise((r) => setTimeout(r, 1500));
      proc.stdin.write(chunk);
      proc.stdin.flush();
    }
    const code = await proc.exited;
    proc.stdin.end();
    return { code, output: await output };
  };

  it('asks twice without echoing what is typed, then creates the administrator', async () => {
    const password = 'typed in the dark 42';
    const result = await inTerminal('tty@example.com', [`${password}\r`, `${password}\r`]);
    expect(result.output).toContain('Password (8 to 128 characters, not shown):');
    expect(result.output).toContain('The same password again:');
    expect(result.output).not.toContain('typed in the dark');
    expect(result.output).toContain('Administrator tty@example.com created');
    expect(result.code).toBe(0);
    expect(await Bun.password.verify(password, (await userByEmail('tty@example.com'))!.passwordHash!)).toBe(true);
  }, 30_000);

  it('changes nothing when the two entries differ', async () => {
    const result = await inTerminal('typo@example.com', ['first try 12345\r', 'second try 12345\r']);
    expect(result.output).toContain('The two passwords differ');
    expect(result.output).not.toContain('try 12345');
    expect(result.code).toBe(1);
    expect(await userByEmail('typo@example.com')).toBeUndefined();
  }, 30_000);
});
