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

/** How many migrations are committed (drizzle-kit's journal lists each). */
export const committedMigrationCount = () => journal().entries.length;

/** The SQL of the committed migration whose tag ends with `name`: tests replay one over rows of their own. */
export function migrationSql(name: string): string {
  const entry = journal().entries.find((e) => e.tag.endsWith(name));
  if (!entry) throw new Error(`No migration in the journal ends with '${name}'`);
  return readFileSync(`${migrationsFolder}/${entry.tag}.sql`, 'utf8');
}

/**
 * The key of the PostgreSQL advisory lock that migration runs take: the ASCII bytes of "LucidMig" as one signed 64-bit
 * number (0x4c756369644d6967). Advisory locks are scoped to a database, so runs against other databases never wait for
 * each other; nothing else in the product takes this key.
 */
const MIGRATION_LOCK_KEY = 0x4c756369644d6967n.toString();

/** Counts the migrations the database records (0 before the first run: no `drizzle` schema or table yet). */
async function appliedCount(sql: postgres.Sql): Promise<number> {
  try {
    const [row] = await sql<{ count: number }[]>`select count(*)::int as count from drizzle.__drizzle_migrations`;
    return row?.count ?? 0;
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === '42P01' || code === '3F000') return 0;
    throw error;
  }
}

interface MigrationRun {
  /** Migrations this run applied (0 when another run, or an earlier one, had applied them all). */
  applied: number;
  /** Migrations the database records now. */
  total: number;
}

/**
 * Applies every committed migration that the database does not have yet, under a session-level advisory lock
 * (MIGRATION_LOCK_KEY) held on a connection of its own: runs started together (the Kubernetes Job retried, two
 * replicas' init steps, `make migrate` twice) queue on the lock, the first applies the migrations and the others then
 * find nothing to do. The lock is released at the end, on failure too, and by PostgreSQL if the process dies.
 * Session-level locks need a real session: run migrations against PostgreSQL itself, not through PgBouncer in
 * transaction mode.
 */
export async function runMigrations(url: string, options: { onWait?: () => void } = {}): Promise<MigrationRun> {
  // Reserved and never recycled by the pool, so the session that holds the lock lives as long as the run.
  const lockPool = postgres(url, {
    max: 1,
    idle_timeout: 0,
    max_lifetime: 0,
    onnotice: () => {},
    connection: { application_name: 'lucid-insight-migrate-lock' },
  });
  try {
    const lock = await lockPool.reserve();
    try {
      const [free] = await lock<
        { locked: boolean }[]
      >`select pg_try_advisory_lock(${MIGRATION_LOCK_KEY}::bigint) as locked`;
      if (!free?.locked) {
        options.onWait?.();
        await lock`select pg_advisory_lock(${MIGRATION_LOCK_KEY}::bigint)`;
      }
      const handle = connect(url, { max: 1, applicationName: 'lucid-insight-migrate' });
      try {
        const before = await appliedCount(handle.sql);
        await migrate(handle.db, { migrationsFolder });
        const total = await appliedCount(handle.sql);
        return { applied: total - before, total };
      } finally {
        await handle.close();
      }
    } finally {
      await lock`select pg_advisory_unlock(${MIGRATION_LOCK_KEY}::bigint)`.catch(() => {});
      lock.release();
    }
  } finally {
    await lockPool.end({ timeout: 5 });
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
  const run = await runMigrations(url, {
    onWait: () => console.log('Another migration run holds the migration lock: waiting for it to finish.'),
  });
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  await assertMigrated(sql);
  await sql.end();
  // "Database migrated (N migrations)" is what operators and e2e/operator-commands.e2e.test.ts look for.
  console.log(
    `Database migrated (${run.total} migrations): ${run.applied ? `this run applied ${run.applied}` : 'nothing to apply'}.`,
  );
}
