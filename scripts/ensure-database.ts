/**
 * Makes sure the database that DATABASE_URL names exists before the migrations run (`make migrate`, and so
 * `make start`, `make dev`, `make seed`, `make admin`): on a fresh machine `lucid_dev` does not exist yet. It is
 * created when the role may create databases; otherwise, and for every other reason PostgreSQL cannot be used
 * (down, wrong password), one line says what to do, instead of a stack trace.
 */
import postgres from 'postgres';

export class DatabaseSetupError extends Error {
  override name = 'DatabaseSetupError';
}

interface PgError {
  code?: string;
  message?: string;
}

const quoteIdentifier = (name: string) => `"${name.replaceAll('"', '""')}"`;
/** A word a shell passes through as it is (the suggested command must work pasted as printed). */
const shellWord = (word: string) => (/^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`);

/** The database, role, host and port a URL names, as PostgreSQL defaults them. */
export function describeUrl(url: string) {
  const u = new URL(url);
  const user = decodeURIComponent(u.username) || process.env.PGUSER || process.env.USER || 'postgres';
  const database = decodeURIComponent(u.pathname.replace(/^\//, '')) || user;
  return { database, user, host: u.hostname || '127.0.0.1', port: u.port || '5432' };
}

/** One line for an error that stops PostgreSQL from being used at all, or undefined for anything else. */
function connectionProblem(error: PgError, url: string): string | undefined {
  const { host, port, user } = describeUrl(url);
  switch (error.code) {
    case 'ECONNREFUSED':
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'ETIMEDOUT':
    case 'CONNECT_TIMEOUT':
    case 'EHOSTUNREACH':
      return `Cannot reach PostgreSQL at ${host}:${port} (${error.code}): start it, or point DATABASE_URL (in .env) at a running server.`;
    case '28P01':
    case '28000':
      return `PostgreSQL refused the role "${user}" at ${host}:${port} (${error.message}): check the user and password in DATABASE_URL.`;
    default:
      return undefined;
  }
}

const open = (url: string) => postgres(url, { max: 1, connect_timeout: 10, onnotice: () => {} });

/**
 * Connects to the database of `url`; when it does not exist, creates it from the server's `postgres` database
 * (or `template1`). Resolves to whether it created it; rejects with a one-line DatabaseSetupError otherwise.
 */
export async function ensureDatabase(url: string): Promise<{ created: boolean; database: string }> {
  const { database, user, host, port } = describeUrl(url);
  const target = open(url);
  try {
    await target`select 1`;
    return { created: false, database };
  } catch (error) {
    const problem = connectionProblem(error as PgError, url);
    if (problem) throw new DatabaseSetupError(problem);
    if ((error as PgError).code !== '3D000') throw error;
  } finally {
    await target.end({ timeout: 1 });
  }

  let lastError: unknown;
  for (const maintenance of ['postgres', 'template1']) {
    const u = new URL(url);
    u.pathname = `/${maintenance}`;
    const admin = open(u.toString());
    try {
      await admin.unsafe(`create database ${quoteIdentifier(database)}`);
      return { created: true, database };
    } catch (error) {
      const code = (error as PgError).code;
      if (code === '42P04') return { created: false, database }; // created meanwhile by someone else
      if (code === '42501')
        throw new DatabaseSetupError(
          `The database "${database}" does not exist and the role "${user}" may not create databases. ` +
            `Create it once as a PostgreSQL superuser: createdb -h ${host} -p ${port} -O ${shellWord(user)} ${shellWord(database)}`,
        );
      if (code === '3D000') {
        lastError = error;
        continue; // no `postgres` database on this server: try template1
      }
      const problem = connectionProblem(error as PgError, url);
      throw new DatabaseSetupError(
        problem ?? `Could not create the database "${database}": ${(error as PgError).message ?? error}`,
      );
    } finally {
      await admin.end({ timeout: 1 });
    }
  }
  throw new DatabaseSetupError(
    `The database "${database}" does not exist, and neither does a "postgres" or "template1" database to create it from (${(lastError as PgError)?.message}).`,
  );
}

if (import.meta.main) {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error('DATABASE_URL is not set: copy .env.example to .env (or export DATABASE_URL=postgres://...).');
    process.exit(1);
  }
  try {
    const { created, database } = await ensureDatabase(url);
    if (created) console.log(`Created the database "${database}".`);
  } catch (error) {
    console.error(error instanceof DatabaseSetupError ? error.message : `Could not use the database: ${error}`);
    process.exit(1);
  }
}
