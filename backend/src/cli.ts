import { parseArgs } from 'node:util';
import { assertMigrated, connect } from '@app/db';
import { createAdmin } from './modules/users/create-admin.service';

const usage = `Usage:
  bun run cli create-admin --email <address> --password <password>

Commands:
  create-admin   Create an administrator (or make an existing user one). Password: 8 to 128 characters.`;

async function main(argv: string[]) {
  const [command, ...rest] = argv;
  if (command !== 'create-admin') {
    console.error(command ? `Unknown command: ${command}\n\n${usage}` : usage);
    return 2;
  }
  const { values } = parseArgs({
    args: rest,
    options: { email: { type: 'string' }, password: { type: 'string' } },
    strict: true,
  });
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error('DATABASE_URL is required.');
    return 2;
  }
  const handle = connect(url, { max: 1, applicationName: 'lucid-insight-cli' });
  try {
    await assertMigrated(handle.sql);
    const result = await createAdmin(handle.db, { email: values.email, password: values.password });
    console.log(
      result.created
        ? `Administrator ${values.email} created (id ${result.id}).`
        : `User ${values.email} is now an administrator with the new password (id ${result.id}).`,
    );
    return 0;
  } catch (error) {
    console.error((error as Error).message);
    return 1;
  } finally {
    await handle.close();
  }
}

process.exit(await main(process.argv.slice(2)));
