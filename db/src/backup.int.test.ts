/**
 * `make backup` / `make restore` (db/src/backup.ts): a migrated database with rows in every kind of table is dumped,
 * restored into another fresh database, and found equal there, row for row and sequence for sequence.
 */
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  addMembership,
  bareEnv,
  bun,
  createDashboard,
  createOrganization,
  createTestDatabase,
  createUser,
  linkDashboard,
  runCommand,
  type TestDatabase,
} from '@app/db/testing';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { backupDatabase, restoreDatabase } from './backup';
import { connect } from './client';
import { seed } from './seed';

const root = new URL('../../', import.meta.url).pathname;
const folder = mkdtempSync(join(tmpdir(), 'lucid-backup-'));
const databases: TestDatabase[] = [];

async function freshDatabase() {
  const database = await createTestDatabase(inject('databaseServerUrl'));
  databases.push(database);
  return database;
}

afterAll(async () => {
  await Promise.all(databases.map((database) => database.drop()));
  rmSync(folder, { recursive: true, force: true });
});

/** Rows in the tables of the public and drizzle schemas: users, messages, bookings, the outbox, embed connections... */
async function fill(url: string) {
  const handle = connect(url, { max: 1 });
  const { db, sql } = handle;
  try {
    await seed(db);
    const organization = await createOrganization(db, { name: 'Acme — “quotes”, ünïcode' });
    const user = await createUser(db, { email: 'ada@example.com', firstName: "O'Brien" });
    await addMembership(db, organization.id, user.id, 'Admin');
    const dashboard = await createDashboard(db, { description: 'line one\nline two\ttab' });
    await linkDashboard(db, organization.id, dashboard.id, { region: ['East'], nested: { a: 1 } });
    await sql`insert into contact_messages (name, email, subject, message, ip_address)
      values ('Ada', 'ada@example.com', 'Hello', ${'a long message '.repeat(200)}, '10.0.0.1')`;
    const [event] = await sql<{ id: string }[]>`insert into outbox_events (type, payload, request_id)
      values ('contact.received', ${JSON.stringify({ id: 1, text: 'x' })}::jsonb, 'req-1') returning id`;
    await sql`insert into email_deliveries (event_id, template, recipient, status, attempts, sent_at)
      values (${event?.id ?? ''}, 'contact-confirmation', 'ada@example.com', 'sent', 1, now())`;
    // A deleted row: the sequence stands past what is left, and must stay there after the restore.
    await sql`delete from contact_messages where id = (select max(id) from contact_messages)`;
    await sql`insert into contact_messages (name, email, subject, message) values ('Bob', 'bob@example.com', 'Hi', 'x')`;
  } finally {
    await handle.close();
  }
}

/** Every row of every table (as JSON text, sorted) and every sequence's position, of the public and drizzle schemas. */
async function contents(url: string) {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const tables = await sql<{ name: string }[]>`
      select format('%I.%I', table_schema, table_name) as name from information_schema.tables
      where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1`;
    const rows: Record<string, string[]> = {};
    for (const { name } of tables) {
      const result = await sql.unsafe<{ row: string }[]>(
        `select row_to_json(t)::text as row from ${name} t order by 1`,
      );
      rows[name] = result.map((r) => r.row);
    }
    const sequences = await sql<{ name: string }[]>`
      select format('%I.%I', sequence_schema, sequence_name) as name from information_schema.sequences
      where sequence_schema in ('public', 'drizzle') order by 1`;
    const positions: Record<string, unknown> = {};
    for (const { name } of sequences) {
      const [position] = await sql.unsafe(`select last_value::text, is_called from ${name}`);
      positions[name] = position;
    }
    return { rows, positions };
  } finally {
    await sql.end();
  }
}

describe('a backup restored into another database', () => {
  let source: TestDatabase;
  let dump: string;

  beforeAll(async () => {
    source = await freshDatabase();
    await fill(source.url);
    dump = await backupDatabase(source.url, join(folder, 'round-trip.dump'));
  });

  it('keeps every row of every table, and every sequence where it was', async () => {
    const target = await freshDatabase(); // migrated, empty: the restore drops and recreates what the dump holds
    await restoreDatabase(target.url, dump);
    const before = await contents(source.url);
    const after = await contents(target.url);
    const filled = Object.entries(before.rows).filter(([, rows]) => rows.length > 0);
    expect(filled.map(([table]) => table)).toEqual(
      expect.arrayContaining([
        'drizzle.__drizzle_migrations',
        'public.contact_messages',
        'public.dashboards',
        'public.email_deliveries',
        'public.memberships',
        'public.organization_dashboards',
        'public.organizations',
        'public.outbox_events',
        'public.users',
      ]),
    );
    expect(after).toEqual(before);
  });

  it('replaces what the database held, and can be restored again over itself', async () => {
    const target = await freshDatabase();
    const sql = postgres(target.url, { max: 1, onnotice: () => {} });
    await sql`insert into contact_messages (name, email, subject, message) values ('Gone', 'g@example.com', 's', 'm')`;
    await sql.end();
    await restoreDatabase(target.url, dump);
    await restoreDatabase(target.url, dump);
    expect(await contents(target.url)).toEqual(await contents(source.url));
  });
});

describe('bun db/src/backup.ts (make backup, make restore)', () => {
  const cli = (args: string[], env: Record<string, string>, cwd = root) =>
    runCommand([bun, `${root}db/src/backup.ts`, ...args], { cwd, env: bareEnv(env) });

  it('writes backups/lucid-<time>.dump by default, prints its path, and restores it from FILE', async () => {
    const source = await freshDatabase();
    await fill(source.url);
    const cwd = mkdtempSync(join(folder, 'cwd-'));
    const backup = await cli(['backup', ''], { DATABASE_URL: source.url }, cwd);
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    const [file] = readdirSync(join(cwd, 'backups'));
    expect(file).toMatch(/^lucid-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.dump$/);
    expect(backup.stdout).toBe(`Backup written to ${join(cwd, 'backups', file ?? '')}\n`);

    const target = await freshDatabase();
    const restore = await cli(['restore', join(cwd, 'backups', file ?? '')], { DATABASE_URL: target.url });
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    expect(await contents(target.url)).toEqual(await contents(source.url));
  });

  it('takes BACKUP_FILE, and never overwrites a file', async () => {
    const source = await freshDatabase();
    const file = join(folder, 'named.dump');
    const first = await cli(['backup', ''], { DATABASE_URL: source.url, BACKUP_FILE: file });
    expect(first).toMatchObject({ code: 0, stdout: `Backup written to ${file}\n` });
    const again = await cli(['backup', ''], { DATABASE_URL: source.url, BACKUP_FILE: file });
    expect(again.code).toBe(1);
    expect(again.stderr).toBe(`${file} exists already: choose another BACKUP_FILE.\n`);
  });

  it('refuses a restore without FILE, of a missing file or of a file that is not a dump, changing nothing', async () => {
    const target = await freshDatabase();
    const before = await contents(target.url);
    const none = await cli(['restore', ''], { DATABASE_URL: target.url });
    expect(none.code).toBe(1);
    expect(none.stderr).toMatch(/^make restore needs the dump to restore\.\nUsage: [\s\S]*make restore FILE=/);
    const missing = await cli(['restore', join(folder, 'nope.dump')], { DATABASE_URL: target.url });
    expect(missing).toMatchObject({ code: 1, stderr: `${join(folder, 'nope.dump')} does not exist.\n` });
    const text = join(folder, 'not-a-dump.sql');
    writeFileSync(text, 'drop table users;');
    const notDump = await cli(['restore', text], { DATABASE_URL: target.url });
    expect(notDump.code).toBe(1);
    expect(notDump.stderr).toContain('is not a dump made by make backup');
    expect(await contents(target.url)).toEqual(before);
  });

  it('is what make backup and make restore run, with BACKUP_FILE and FILE', async () => {
    const dryRun = async (args: string[]) => {
      const proc = Bun.spawn(['make', '--no-print-directory', '-n', ...args], {
        cwd: root,
        stdout: 'pipe',
        stderr: 'pipe',
      });
      await proc.exited;
      return new Response(proc.stdout).text();
    };
    expect(await dryRun(['backup', 'BACKUP_FILE=backups/named.dump'])).toMatch(
      /db\/src\/backup\.ts backup "backups\/named\.dump"$/m,
    );
    expect(await dryRun(['restore', 'FILE=backups/x.dump'])).toMatch(
      /db\/src\/backup\.ts restore "backups\/x\.dump"$/m,
    );
  });

  it('writes dumps that only their owner can read (they hold personal data and password hashes)', async () => {
    const source = await freshDatabase();
    const cwd = mkdtempSync(join(folder, 'mode-'));
    // The usual umask (022) would leave a new file readable by everyone.
    const result = await cli(['backup', ''], { DATABASE_URL: source.url }, cwd);
    expect(result.code).toBe(0);
    const [file] = readdirSync(join(cwd, 'backups'));
    expect(statSync(join(cwd, 'backups', file ?? '')).mode & 0o777).toBe(0o600);
    expect(statSync(join(cwd, 'backups')).mode & 0o777).toBe(0o700);
  });

  it('refuses to restore while the API or the workers are connected, names them, and FORCE=1 restores anyway', async () => {
    const source = await freshDatabase();
    await fill(source.url);
    const dump = await backupDatabase(source.url, join(folder, 'busy.dump'));
    const target = await freshDatabase();
    const before = await contents(target.url);
    const api = postgres(target.url, { max: 2, connection: { application_name: 'lucid-insight-api' } });
    const workers = postgres(target.url, { max: 1, connection: { application_name: 'lucid-insight-workers' } });
    try {
      await Promise.all([api`select 1`, api`select pg_sleep(0.05)`, workers`select 1`]);
      const refused = await cli(['restore', dump], { DATABASE_URL: target.url });
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('Refusing to restore: the API (2 connections) and the workers (1 connections)');
      expect(refused.stderr).toContain('FORCE=1');
      expect(await contents(target.url)).toEqual(before);

      await workers.end();
      const apiOnly = await cli(['restore', dump], { DATABASE_URL: target.url });
      expect(apiOnly.stderr).toContain('Refusing to restore: the API (2 connections) is connected');

      const forced = await cli(['restore', dump], { DATABASE_URL: target.url, FORCE: '1' });
      expect(forced).toMatchObject({ code: 0, stderr: '' });
      expect(await contents(target.url)).toEqual(await contents(source.url));
    } finally {
      await api.end();
      await workers.end();
    }
  });

  it('fails in one line without a stack trace when PostgreSQL cannot be reached, leaving no file behind', async () => {
    const file = join(folder, 'unreachable.dump');
    const result = await cli(['backup', file], { DATABASE_URL: 'postgres://nobody:secret-pw@127.0.0.1:1/none' });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^pg_dump failed \(exit code 1\): .*connection/);
    expect(result.stderr).not.toContain('secret-pw');
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(existsSync(file) || existsSync(`${file}.partial`)).toBe(false);
  });

  it('says which client version to install when pg_dump is older than the server', async () => {
    // A stand-in pg_dump that answers as pg_dump 15 does before a PostgreSQL 17 server.
    const bin = join(folder, 'old-bin');
    mkdirSync(bin, { recursive: true });
    writeFileSync(
      join(bin, 'pg_dump'),
      '#!/bin/sh\necho "pg_dump: error: aborting because of server version mismatch" >&2\n' +
        'echo "pg_dump: detail: server version: 17.2; pg_dump version: 15.20 (Debian 15.20-0+deb12u1)" >&2\nexit 1\n',
    );
    chmodSync(join(bin, 'pg_dump'), 0o755);
    const result = await cli(['backup', join(folder, 'old.dump')], {
      DATABASE_URL: inject('databaseServerUrl'),
      PATH: `${bin}:${process.env.PATH ?? ''}`,
    });
    expect(result).toMatchObject({
      code: 1,
      stderr:
        'pg_dump 15.20 is older than the PostgreSQL server (17.2): install the client tools of version 17 or newer.\n',
    });
  });
});
