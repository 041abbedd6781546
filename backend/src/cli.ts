import { parseArgs } from 'node:util';
import { EmailSchema } from '@app/contracts';
import { assertMigrated, connect } from '@app/db';
import * as v from 'valibot';
import { resetTwoFactorCommand, resetTwoFactorUsage } from './modules/auth';
import { createAdmin } from './modules/users';

/**
 * The operator's command line: `bun run cli <command>` (Bun on the PATH) or the Make targets that wrap it
 * (`make admin EMAIL=...`). Exit codes: 0 done, 1 failed, 2 wrong usage. A password is never an argument: `ps` and
 * the shell history would see it.
 */

const usage = `Usage: bun run cli <command> [options]
       bun run cli <command> --help

Commands:
  create-admin   Create an administrator, or make an existing user one with a new password.
  reset-two-factor
                 Turn two-factor sign-in off for a person locked out of it (lost app and recovery codes).
  help           Show this help, or a command's: bun run cli help create-admin

Without Bun on the PATH: make admin EMAIL=you@example.com (see make help).`;

const createAdminUsage = `Usage: bun run cli create-admin --email <address>
       make admin EMAIL=<address>

Creates an administrator, or makes an existing user an administrator with the new password.

Options:
  --email <address>   the administrator's e-mail address (required)
  -h, --help          show this help

The password (8 to 128 characters) is never taken from the command line, where ps and the shell history would see
it. In a terminal it is asked for twice, without echo. Otherwise the first line of standard input is the password:
  printf '%s\\n' "$ADMIN_PASSWORD" | bun run cli create-admin --email you@example.com

Environment: DATABASE_URL (PostgreSQL, migrated: make migrate).`;

const commands: Record<string, { usage: string; run: (args: string[]) => Promise<number> }> = {
  'create-admin': { usage: createAdminUsage, run: createAdminCommand },
  'reset-two-factor': {
    usage: resetTwoFactorUsage,
    run: (args) => resetTwoFactorCommand(args, (message) => new UsageError(message)),
  },
};

class UsageError extends Error {}

async function createAdminCommand(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: { email: { type: 'string' }, password: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    strict: true,
    allowPositionals: false,
  });
  if (values.help) {
    console.log(createAdminUsage);
    return 0;
  }
  if (values.password !== undefined)
    throw new UsageError(
      '--password is not accepted: ps and the shell history would see it. Type the password at the prompt, or pipe it on standard input.',
    );
  if (!values.email) throw new UsageError('--email is required.');
  const email = v.safeParse(EmailSchema, values.email);
  if (!email.success) throw new UsageError(`--email: ${email.issues[0].message}`);
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error('DATABASE_URL is required (the PostgreSQL database to create the administrator in).');
    return 2;
  }

  const password = await readPassword();
  if (password === null) return 1;

  const handle = connect(url, { max: 1, applicationName: 'lucid-insight-cli' });
  try {
    await assertMigrated(handle.sql);
    const result = await createAdmin(handle.db, { email: email.output, password });
    console.log(
      result.created
        ? `Administrator ${email.output} created (id ${result.id}).`
        : `User ${email.output} is now an administrator with the new password (id ${result.id}).`,
    );
    return 0;
  } catch (error) {
    console.error((error as Error).message);
    return 1;
  } finally {
    await handle.close();
  }
}

/** The password from a hidden prompt (a terminal), else the first line of standard input; null after a message. */
async function readPassword(): Promise<string | null> {
  if (process.stdin.isTTY) {
    const first = await hiddenPrompt('Password (8 to 128 characters, not shown): ');
    if (first === null) return null;
    const second = await hiddenPrompt('The same password again: ');
    if (second === null) return null;
    if (first !== second) {
      console.error('The two passwords differ; nothing was changed.');
      return null;
    }
    return first;
  }
  const input = await new Response(Bun.stdin.stream()).text();
  const line = input.split(/\r?\n/, 1)[0] ?? '';
  if (!line) {
    console.error(
      'No password on standard input: pipe it as the first line, or run the command in a terminal to be asked.',
    );
    return null;
  }
  return line;
}

/** Reads one line from the terminal in raw mode without echoing it; Ctrl-C or Ctrl-D give null. */
function hiddenPrompt(prompt: string): Promise<string | null> {
  const stdin = process.stdin;
  process.stderr.write(prompt);
  return new Promise((resolve) => {
    let value = '';
    const finish = (result: string | null) => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      process.stderr.write('\n');
      if (result === null) console.error('Cancelled; nothing was changed.');
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      for (const char of chunk.toString('utf8')) {
        if (char === '\r' || char === '\n') return finish(value);
        if (char === '\u0003' || (char === '\u0004' && value === '')) return finish(null);
        if (char === '\u007f' || char === '\b') value = [...value].slice(0, -1).join('');
        else if (char >= ' ') value += char;
      }
    };
    stdin.setRawMode(true);
    stdin.resume();
    stdin.on('data', onData);
  });
}

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined || command === 'help' || command === '--help' || command === '-h') {
    const topic = command === 'help' ? rest[0] : undefined;
    if (topic === undefined) {
      // Nothing asked for is a usage error (exit 2, on stderr); asking for help is not.
      if (command === undefined) console.error(usage);
      else console.log(usage);
      return command === undefined ? 2 : 0;
    }
    const known = commands[topic];
    if (!known) {
      console.error(`Unknown command: ${topic}\n\n${usage}`);
      return 2;
    }
    console.log(known.usage);
    return 0;
  }
  const found = commands[command];
  if (!found) {
    console.error(`Unknown command: ${command}\n\n${usage}`);
    return 2;
  }
  try {
    return await found.run(rest);
  } catch (error) {
    // parseArgs' TypeError (an unknown option, a missing value) and our own usage errors: one line and the help.
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      console.error(`${(error as Error).message}\n\n${found.usage}`);
      return 2;
    }
    throw error;
  }
}

if (import.meta.main) process.exit(await main(process.argv.slice(2)));
