import { parseArgs } from 'node:util';
import { assertMigrated, connect } from '@app/db';
import { findUserByEmail } from '../users';
import { resetTwoFactor } from './two-factor.service';

export const resetTwoFactorUsage = `Usage: bun run cli reset-two-factor --email <address>

Turns two-factor sign-in off for one person who lost their authenticator app and their recovery codes (decision
035): their key and recovery codes are deleted, so they sign in with their password alone and can set up a new app
from the account page. When administrators must use two-factor sign-in, an administrator is sent to set it up again
at their next sign-in. Check who is asking before you run it: it is the way around the second factor.

Options:
  --email <address>   the person's e-mail address (required)
  -h, --help          show this help

Environment: DATABASE_URL (PostgreSQL, migrated: make migrate).`;

/** `bun run cli reset-two-factor --email ...`: 0 done, 1 no such person (or a failure), 2 wrong usage. */
export async function resetTwoFactorCommand(args: string[], usageError: (message: string) => Error): Promise<number> {
  const { values } = parseArgs({
    args,
    options: { email: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    strict: true,
    allowPositionals: false,
  });
  if (values.help) {
    console.log(resetTwoFactorUsage);
    return 0;
  }
  if (!values.email?.trim()) throw usageError('--email is required.');
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error('DATABASE_URL is required (the PostgreSQL database of the person).');
    return 2;
  }
  const handle = connect(url, { max: 1, applicationName: 'lucid-insight-cli' });
  try {
    await assertMigrated(handle.sql);
    const user = await findUserByEmail(handle.db, values.email.trim());
    if (!user) {
      console.error(`No user has the address ${values.email.trim()}; nothing was changed.`);
      return 1;
    }
    const reset = await resetTwoFactor(handle.db, user.id);
    console.log(
      reset
        ? `Two-factor sign-in is now off for ${user.email} (id ${user.id}); they sign in with their password and can set it up again.`
        : `${user.email} (id ${user.id}) had no two-factor sign-in; nothing was changed.`,
    );
    return 0;
  } finally {
    await handle.close();
  }
}
