import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { migrate } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { connect } from './client';

export const migrationsFolder = fileURLToPath(new URL('../migrations', import.meta.url));

interface Journal {
  entries: { idx: number; tag: string; when: number }[];
}

const journal = (): Journal => JSON.parse(readFileSync(`${migrationsFolder}/meta/_journal.json`, 'utf8'));

/** Applies every committed migration that the database does not have yet. */
export async function runMigrations(url: string): Promise<void> {
  const handle = connect(url, { max: 1, applicationName: 'lucid-insight-migrate' });
  try {
    await migrate(handle.db, { migrationsFolder });
  } finally {
    await handle.close();
  }
}

export class UnmigratedDatabaseError extends Error {
  constructor(applied: number, expected: number) {
    super(
      `The database is not migrated: ${applied} of ${expected} migrations applied. Run \`make migrate\` (or \`bun run --cwd db migrate\`) first.`,
    );
    this.name = 'UnmigratedDatabaseError';
  }
}

/** Refuses to go on when the database lacks a committed migration: the API and workers call it at start. */
export async function assertMigrated(sql: postgres.Sql): Promise<void> {
  const expected = journal().entries;
  const last = expected.at(-1);
  let applied: { created_at: string }[] = [];
  try {
    applied = await sql`select created_at from drizzle.__drizzle_migrations order by created_at`;
  } catch (error) {
    if ((error as { code?: string }).code !== '42P01' && (error as { code?: string }).code !== '3F000') throw error;
  }
  const newest = applied.length ? Number(applied.at(-1)?.created_at) : 0;
  if (last && newest < last.when) throw new UnmigratedDatabaseError(applied.length, expected.length);
}

if (import.meta.main) {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error('DATABASE_URL is required to migrate the database.');
    process.exit(1);
  }
  await runMigrations(url);
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  await assertMigrated(sql);
  await sql.end();
  console.log(`Database migrated (${journal().entries.length} migrations).`);
}
