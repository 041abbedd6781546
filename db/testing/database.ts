import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import postgres from 'postgres';
import { inject } from 'vitest';
import { connect } from '../src/client';
import { migrationsFolder, runMigrations } from '../src/migrate';
import { useFixture } from './fixture';

/** The same server, another database. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

const adminSql = (serverUrl: string) => postgres(withDatabase(serverUrl, 'postgres'), { max: 1, onnotice: () => {} });

/** Name of the template database: changes whenever the committed migrations change. */
function templateName(): string {
  const journal = readFileSync(`${migrationsFolder}/meta/_journal.json`, 'utf8');
  return `app_template_${createHash('sha256').update(journal).digest('hex').slice(0, 12)}`;
}

/**
 * Creates (once) a migrated template database; each test file then copies it, which takes milliseconds.
 * Built under a temporary name and renamed, so a half-built template is never used.
 */
export async function ensureTemplateDatabase(serverUrl: string): Promise<string> {
  const name = templateName();
  const sql = adminSql(serverUrl);
  try {
    const [exists] = await sql`select 1 from pg_database where datname = ${name}`;
    if (exists) return name;
    const building = `${name}_build_${randomBytes(4).toString('hex')}`;
    await sql.unsafe(`create database "${building}"`);
    await runMigrations(withDatabase(serverUrl, building));
    try {
      await sql.unsafe(`alter database "${building}" rename to "${name}"`);
    } catch (error) {
      // Another process won the race: use its template.
      await sql.unsafe(`drop database if exists "${building}"`);
      if ((error as { code?: string }).code !== '42P04') throw error;
    }
    return name;
  } finally {
    await sql.end();
  }
}

export interface TestDatabase {
  url: string;
  name: string;
  drop: () => Promise<void>;
}

/** A fresh, migrated database of its own for one test file. */
export async function createTestDatabase(serverUrl: string): Promise<TestDatabase> {
  const template = await ensureTemplateDatabase(serverUrl);
  const name = `test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const sql = adminSql(serverUrl);
  try {
    // Copying a template fails while another session is connected to it; retry briefly.
    for (let attempt = 0; ; attempt++) {
      try {
        await sql.unsafe(`create database "${name}" template "${template}"`);
        break;
      } catch (error) {
        if ((error as { code?: string }).code !== '55006' || attempt > 20) throw error;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  } finally {
    await sql.end();
  }
  return {
    url: withDatabase(serverUrl, name),
    name,
    drop: async () => {
      const admin = adminSql(serverUrl);
      try {
        await admin.unsafe(`drop database if exists "${name}" with (force)`);
      } finally {
        await admin.end();
      }
    },
  };
}

/** A fresh database of the test server with a connection (of `max`) to it; `close` ends the connection and drops it. */
export async function startTestDatabase(max = 4) {
  const database = await createTestDatabase(inject('databaseServerUrl'));
  const { db, sql, close } = connect(database.url, { max });
  return {
    url: database.url,
    db,
    sql,
    async close() {
      await close();
      await database.drop();
    },
  };
}

/** A fresh database for the tests of one file (or describe block), dropped after them. */
export const useTestDatabase = (max = 4) =>
  useFixture(
    () => startTestDatabase(max),
    (database) => database.close(),
  );

/** Removes test databases left by earlier runs (older than an hour). */
export async function dropStaleTestDatabases(serverUrl: string): Promise<void> {
  const sql = adminSql(serverUrl);
  try {
    const rows = await sql<{ datname: string }[]>`select datname from pg_database where datname like 'test\\_%'`;
    const hourAgo = Date.now() - 3600_000;
    for (const { datname } of rows) {
      const created = Number.parseInt(datname.split('_')[1] ?? '', 36);
      if (Number.isFinite(created) && created < hourAgo)
        await sql.unsafe(`drop database if exists "${datname}" with (force)`);
    }
  } finally {
    await sql.end();
  }
}
