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
import { closeSync, existsSync, mkdirSync, openSync, readSync, renameSync, rmSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

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
  mkdirSync(dirname(path), { recursive: true });
  const partial = `${path}.partial`;
  try {
    await run('pg_dump', ['--format=custom', '--no-password', `--file=${partial}`, `--dbname=${uri}`], env);
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

/**
 * Restores a dump made by backupDatabase into the database of `url`: every object of the dump is dropped (when it
 * exists) and created again with the dump's rows, in one transaction, so a restore that fails changes nothing.
 * Objects are owned by the role of `url` (--no-owner). Stop the API and the workers first.
 */
export async function restoreDatabase(url: string, file: string): Promise<void> {
  const { uri, env } = libpqConnection(url);
  if (!existsSync(file)) throw new BackupError(`${file} does not exist.`);
  if (!isCustomDump(file))
    throw new BackupError(`${file} is not a dump made by make backup (pg_dump --format=custom).`);
  await run(
    'pg_restore',
    ['--clean', '--if-exists', '--no-owner', '--single-transaction', '--no-password', `--dbname=${uri}`, file],
    env,
  );
}

const usage = [
  'Usage: make backup [BACKUP_FILE=backups/name.dump]   dumps the database of DATABASE_URL',
  '       make restore FILE=backups/lucid-....dump      replaces the database of DATABASE_URL with the dump',
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
      await restoreDatabase(url, file);
      console.log(
        `Restored ${file} into the database of DATABASE_URL. Run \`make migrate\` if the dump is older than this release.`,
      );
    }
  } catch (error) {
    console.error(error instanceof BackupError ? error.message : `Could not ${command}: ${error}`);
    process.exit(1);
  }
}
