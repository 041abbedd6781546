import { tmpdir } from 'node:os';
import { useTestDatabase, withDatabase } from '@app/db/testing';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { assertMigrated, runMigrations, UnmigratedDatabaseError } from './migrate';

const root = new URL('../../', import.meta.url).pathname;
const bun = process.execPath.endsWith('bun') ? process.execPath : 'bun';
const serverUrl = () => inject('databaseServerUrl');

let emptyUrl: string;
let emptyName: string;
beforeAll(async () => {
  emptyName = `empty_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = postgres(withDatabase(serverUrl(), 'postgres'), { max: 1 });
  await admin.unsafe(`create database "${emptyName}"`);
  await admin.end();
  emptyUrl = withDatabase(serverUrl(), emptyName);
});
afterAll(async () => {
  const admin = postgres(withDatabase(serverUrl(), 'postgres'), { max: 1 });
  await admin.unsafe(`drop database if exists "${emptyName}" with (force)`);
  await admin.end();
});

describe('an unmigrated database', () => {
  it('is refused with a message that says what to run', async () => {
    const sql = postgres(emptyUrl, { max: 1 });
    await expect(assertMigrated(sql)).rejects.toThrow(UnmigratedDatabaseError);
    await expect(assertMigrated(sql)).rejects.toThrow(/0 of \d+ migrations applied\. Run `make migrate`/);
    await sql.end();
  });

  it.each([
    ['API', 'backend/src/server.ts'],
    ['workers', 'workers/src/main.ts'],
  ])('stops the %s from starting, with that message', async (_, entry) => {
    const proc = Bun.spawn([bun, entry], {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: emptyUrl,
        REDIS_URL: inject('redisUrl'),
        APP_URL: 'http://localhost:3000',
        COMPANY_EMAIL: 'hello@example.com',
        SMTP_URL: 'smtp://127.0.0.1:2525',
        EMAIL_FROM: 'x@example.com',
        PORT: '0',
        WORKERS_HEALTH_PORT: '0',
      },
      stdout: 'pipe',
      stderr: 'pipe',
    });
    expect(await proc.exited).toBe(1);
    expect(await new Response(proc.stderr).text()).toContain('The database is not migrated');
  });

  it('is accepted once migrated, and migrating again changes nothing', async () => {
    await runMigrations(emptyUrl);
    await runMigrations(emptyUrl);
    const sql = postgres(emptyUrl, { max: 1 });
    await expect(assertMigrated(sql)).resolves.toBeUndefined();
    await sql.end();
  });
});

describe('starting with a bad configuration', () => {
  it('names every missing variable in one clear message', async () => {
    // Started from an empty folder so that no .env file fills in what the environment lacks.
    const proc = Bun.spawn([bun, `${root}backend/src/server.ts`], {
      cwd: tmpdir(),
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp' },
      stdout: 'pipe',
      stderr: 'pipe',
    });
    expect(await proc.exited).toBe(1);
    const stderr = await new Response(proc.stderr).text();
    for (const name of ['DATABASE_URL', 'REDIS_URL', 'APP_URL', 'COMPANY_EMAIL'])
      expect(stderr).toContain(`${name} is required`);
  });
});

describe('users', () => {
  const database = useTestDatabase(1);

  it('have unique e-mail addresses, compared case-insensitively', async () => {
    const { sql } = database;
    await sql`insert into users (email) values ('Ada@Example.com')`;
    await expect(sql`insert into users (email) values ('ada@example.COM')`).rejects.toThrow(/users_email_lower_unique/);
  });

  it('join organizations as Member unless told otherwise', async () => {
    const { sql } = database;
    const [org] = await sql`insert into organizations (name) values ('Acme') returning id`;
    const [user] = await sql`insert into users (email) values ('member@example.com') returning id`;
    await sql`insert into memberships (organization_id, user_id) values (${org!.id}, ${user!.id})`;
    const [membership] = await sql`select role from memberships`;
    expect(membership?.role).toBe('Member');
  });
});
