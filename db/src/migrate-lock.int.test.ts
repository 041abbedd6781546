/**
 * Migration runs started together against one database (a retried Kubernetes Job, two operators' `make migrate`):
 * they queue on an advisory lock, one applies the migrations, the others find nothing to do, and all succeed.
 */
import { randomBytes } from 'node:crypto';
import { bareEnv, bun, ensureTemplateDatabase, runCommand, withDatabase } from '@app/db/testing';
import postgres from 'postgres';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { assertMigrated, committedMigrationCount, runMigrations } from './migrate';

const root = new URL('../../', import.meta.url).pathname;
const serverUrl = () => inject('databaseServerUrl');
const migrationCount = committedMigrationCount();

const created: string[] = [];
const admin = () => postgres(withDatabase(serverUrl(), 'postgres'), { max: 1, onnotice: () => {} });

/** A new database with nothing in it (not copied from the migrated template). */
async function emptyDatabase(): Promise<{ name: string; url: string }> {
  const name = `empty_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const sql = admin();
  await sql.unsafe(`create database "${name}"`);
  await sql.end();
  created.push(name);
  return { name, url: withDatabase(serverUrl(), name) };
}

afterAll(async () => {
  const sql = admin();
  for (const name of created) await sql.unsafe(`drop database if exists "${name}" with (force)`);
  await sql.end();
});

/** Tables, columns, indexes and constraints of the public schema: what the migrations build. */
async function schemaOf(url: string) {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const columns = await sql`
      select table_name, column_name, data_type, is_nullable, column_default
      from information_schema.columns where table_schema = 'public' order by table_name, column_name`;
    const indexes =
      await sql`select indexname, indexdef from pg_indexes where schemaname = 'public' order by indexname`;
    const constraints = await sql`
      select conname, pg_get_constraintdef(oid) as definition from pg_constraint
      where connamespace = 'public'::regnamespace order by conname`;
    return { columns: [...columns], indexes: [...indexes], constraints: [...constraints] };
  } finally {
    await sql.end();
  }
}

/** The migrations the database records: each once. */
async function recordedMigrations(url: string) {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    return await sql<{ hash: string; created_at: string }[]>`
      select hash, created_at from drizzle.__drizzle_migrations order by created_at`;
  } finally {
    await sql.end();
  }
}

/** Advisory locks held or awaited in a database (granted or not). */
async function advisoryLocks(name: string) {
  const sql = admin();
  try {
    return await sql<{ granted: boolean }[]>`
      select l.granted from pg_locks l join pg_database d on d.oid = l.database
      where l.locktype = 'advisory' and d.datname = ${name}`;
  } finally {
    await sql.end();
  }
}

async function expectCompleteSchema(url: string) {
  const recorded = await recordedMigrations(url);
  expect(recorded).toHaveLength(migrationCount);
  expect(new Set(recorded.map((row) => row.hash)).size).toBe(migrationCount);
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  await expect(assertMigrated(sql)).resolves.toBeUndefined();
  await sql.end();
  const template = withDatabase(serverUrl(), await ensureTemplateDatabase(serverUrl()));
  expect(await schemaOf(url)).toEqual(await schemaOf(template));
}

describe('migration runs started together', () => {
  it('five `bun db/src/migrate.ts` processes on a fresh database all exit 0, and exactly one applies the migrations', async () => {
    const { name, url } = await emptyDatabase();
    const runs = await Promise.all(
      Array.from({ length: 5 }, () =>
        runCommand([bun, 'db/src/migrate.ts'], { cwd: root, env: bareEnv({ DATABASE_URL: url }) }),
      ),
    );
    for (const run of runs) expect(run, run.stderr).toMatchObject({ code: 0, stderr: '' });
    const applied = runs.filter((run) =>
      run.stdout.includes(`Database migrated (${migrationCount} migrations): this run applied ${migrationCount}.`),
    );
    const idle = runs.filter((run) =>
      run.stdout.includes(`Database migrated (${migrationCount} migrations): nothing to apply.`),
    );
    expect(applied).toHaveLength(1);
    expect(idle).toHaveLength(4);
    await expectCompleteSchema(url);
    expect(await advisoryLocks(name)).toEqual([]);
  }, 90_000);

  it('wait while another run holds the lock, then one applies everything and the others nothing', async () => {
    const { name, url } = await emptyDatabase();
    // Hold the lock as a running migration would, from a session of our own.
    const holder = postgres(url, { max: 1, onnotice: () => {} });
    await holder`select pg_advisory_lock(${0x4c756369644d6967n.toString()}::bigint)`;
    let waiting = 0;
    const runs = Array.from({ length: 3 }, () => runMigrations(url, { onWait: () => waiting++ }));
    await expect
      .poll(async () => (await advisoryLocks(name)).filter((lock) => !lock.granted).length, { timeout: 10_000 })
      .toBe(3);
    expect(waiting).toBe(3);
    // Nothing was applied while the lock was held.
    const probe = postgres(url, { max: 1, onnotice: () => {} });
    expect(await probe`select 1 from pg_namespace where nspname = 'drizzle'`).toHaveLength(0);
    await probe.end();

    await holder`select pg_advisory_unlock(${0x4c756369644d6967n.toString()}::bigint)`;
    await holder.end();
    const results = await Promise.all(runs);
    expect(results.map((run) => run.applied).sort()).toEqual([0, 0, migrationCount]);
    expect(results.every((run) => run.total === migrationCount)).toBe(true);
    await expectCompleteSchema(url);
    expect(await advisoryLocks(name)).toEqual([]);
  });

  it('release the lock when a migration fails, so the next run is not stuck behind it', async () => {
    const { name, url } = await emptyDatabase();
    const sql = postgres(url, { max: 1, onnotice: () => {} });
    // A table in the way of the first migration.
    await sql`create table contact_messages (id int)`;
    await expect(runMigrations(url)).rejects.toThrow(/contact_messages/);
    expect(await advisoryLocks(name)).toEqual([]);
    await sql`drop table contact_messages`;
    await sql.end();
    await expect(runMigrations(url)).resolves.toEqual({ applied: migrationCount, total: migrationCount });
    await expectCompleteSchema(url);
  });
});
