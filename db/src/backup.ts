/**
 * `make backup` and `make restore`: the whole database of DATABASE_URL in pg_dump's custom format, and back.
 *
 *   bun db/src/backup.ts backup [file]   writes BACKUP_FILE, or backups/lucid-<UTC time>.dump; prints its path
 *   bun db/src/backup.ts restore <file>  replaces what the dump holds in the database (--clean --if-exists --no-owner)
 *
 * pg_dump and pg_restore come from the PATH and must be of the server's major version or newer. The password never
 * goes on a command line (ps would show it): it is handed to them in PGPASSWORD.
 */
import { spawn } from 'node:child_process';
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, readSync, renameSync, rmSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import postgres from 'postgres';

class BackupError extends Error {
  override name = 'BackupError';
}

/** The URL without its password (a libpq connection URI), and the password for PGPASSWORD. */
function libpqConnection(url: string): { uri: string; env: Record<string, string> } {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new BackupError('DATABASE_URL is not a URL: it must look like postgres://user:password@host:5432/database.');
  }
  if (parsed.protocol !== 'postgres:' && parsed.protocol !== 'postgresql:')
    throw new BackupError('DATABASE_URL must be a postgres:// or postgresql:// URL.');
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { uri: parsed.toString(), env: password ? { PGPASSWORD: password } : {} };
}

/** Runs a PostgreSQL client tool; rejects with its own error output, or a clear line when it is missing or too old. */
function run(tool: string, args: string[], env: Record<string, string>): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(tool, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', (error: NodeJS.ErrnoException) =>
      fail(
        new BackupError(
          error.code === 'ENOENT'
            ? `${tool} is not installed: install the PostgreSQL client tools of the server's major version (Debian/Ubuntu: postgresql-client).`
            : `${tool} could not start: ${error.message}`,
        ),
      ),
    );
    child.on('close', (code) => {
      if (code === 0) return done();
      const mismatch = /server version: ([\d.]+); \S+ version: ([\d.]+)/.exec(stderr);
      fail(
        new BackupError(
          mismatch
            ? `${tool} ${mismatch[2]} is older than the PostgreSQL server (${mismatch[1]}): install the client tools of version ${mismatch[1]?.split('.')[0]} or newer.`
            : `${tool} failed (exit code ${code}): ${stderr.trim()}`,
        ),
      );
    });
  });
}

/** backups/lucid-2026-01-31T02-00-00Z.dump, from the current directory. */
const defaultBackupFile = (now = new Date()) =>
  `backups/lucid-${now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-')}.dump`;

/**
 * Dumps the database of `url` into `file` (default backups/lucid-<time>.dump) and resolves to its path. Written under
 * a temporary name and renamed once pg_dump succeeded, so a file with the final name is always a whole dump; an
 * existing file is never overwritten.
 */
export async function backupDatabase(url: string, file = defaultBackupFile()): Promise<string> {
  const { uri, env } = libpqConnection(url);
  const path = resolve(file);
  if (existsSync(path)) throw new BackupError(`${file} exists already: choose another BACKUP_FILE.`);
  // A dump holds personal data and password hashes: only its owner may read it, whatever the umask says.
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const partial = `${path}.partial`;
  try {
    // Made first with mode 0600: pg_dump then writes into it (opening an existing file keeps its mode).
    closeSync(openSync(partial, 'wx', 0o600));
    chmodSync(partial, 0o600);
    await run('pg_dump', ['--format=custom', '--no-password', `--file=${partial}`, `--dbname=${uri}`], env);
    chmodSync(partial, 0o600);
    renameSync(partial, path);
  } finally {
    rmSync(partial, { force: true });
  }
  return path;
}

/** Whether `file` starts as pg_dump's custom format does ("PGDMP"). */
function isCustomDump(file: string): boolean {
  const fd = openSync(file, 'r');
  try {
    const head = Buffer.alloc(5);
    readSync(fd, head, 0, 5, 0);
    return head.toString('latin1') === 'PGDMP';
  } finally {
    closeSync(fd);
  }
}

/** The product's own processes (their application_name) connected to the database of `url`, by name and count. */
async function connectedProcesses(url: string): Promise<Map<string, number>> {
  const sql = postgres(url, { max: 1, onnotice: () => {}, connection: { application_name: 'lucid-insight-restore' } });
  try {
    const rows = await sql<{ name: string; count: number }[]>`
      select application_name as name, count(*)::int as count from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid()
        and application_name in ('lucid-insight-api', 'lucid-insight-workers')
      group by application_name`;
    return new Map(rows.map((row) => [row.name, row.count]));
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/**
 * Restoring under a running API or workers replaces tables while they write to them: what they write in between is
 * lost or mixed into the restored data. Refused unless `force` (FORCE=1), with who is connected.
 */
async function assertNobodyConnected(url: string): Promise<void> {
  const connected = await connectedProcesses(url).catch(() => new Map<string, number>());
  if (connected.size === 0) return;
  const who = [...connected]
    .map(([name, count]) => `${name === 'lucid-insight-api' ? 'the API' : 'the workers'} (${count} connections)`)
    .join(' and ');
  throw new BackupError(
    `Refusing to restore: ${who} ${connected.size > 1 ? 'are' : 'is'} connected to this database, and would write into it while it is replaced. Stop them first (make down, or stop make start), then run make restore again; FORCE=1 restores anyway.`,
  );
}

/**
 * Restores a dump made by backupDatabase into the database of `url`: every object of the dump is dropped (when it
 * exists) and created again with the dump's rows, in one transaction, so a restore that fails changes nothing.
 * Objects are owned by the role of `url` (--no-owner). Stop the API and the workers first.
 */
export async function restoreDatabase(url: string, file: string, options: { force?: boolean } = {}): Promise<void> {
  const { uri, env } = libpqConnection(url);
  if (!existsSync(file)) throw new BackupError(`${file} does not exist.`);
  if (!isCustomDump(file))
    throw new BackupError(`${file} is not a dump made by make backup (pg_dump --format=custom).`);
  if (!options.force) await assertNobodyConnected(url);
  await run(
    'pg_restore',
    ['--clean', '--if-exists', '--no-owner', '--single-transaction', '--no-password', `--dbname=${uri}`, file],
    env,
  );
}

const usage = [
  'Usage: make backup [BACKUP_FILE=backups/name.dump]   dumps the database of DATABASE_URL',
  '       make restore FILE=backups/lucid-....dump      replaces the database of DATABASE_URL with the dump',
  '                                                     (refused while the API or the workers are connected; FORCE=1)',
].join('\n');

if (import.meta.main) {
  const [command, file] = process.argv.slice(2);
  const url = process.env.DATABASE_URL;
  try {
    if (command !== 'backup' && command !== 'restore') throw new BackupError(usage);
    if (command === 'restore' && !file) throw new BackupError(`make restore needs the dump to restore.\n${usage}`);
    if (!url) throw new BackupError('DATABASE_URL is not set: copy .env.example to .env, or export DATABASE_URL.');
    if (command === 'backup') {
      const path = await backupDatabase(url, file || process.env.BACKUP_FILE || undefined);
      console.log(`Backup written to ${path}`);
    } else if (file) {
      await restoreDatabase(url, file, { force: process.env.FORCE === '1' });
      console.log(
        `Restored ${file} into the database of DATABASE_URL. Run \`make migrate\` if the dump is older than this release.`,
      );
    }
  } catch (error) {
    console.error(error instanceof BackupError ? error.message : `Could not ${command}: ${error}`);
    process.exit(1);
  }
}
