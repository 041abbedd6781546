/**
 * The README's operator commands, run as an operator runs them on a machine without Bun on the PATH (Make brings
 * its own in .tools/), against the local PostgreSQL and Redis in databases made up for each test and dropped after.
 *
 * Every `make` here is given `-o node_modules/.make-install-stamp`: the dependencies of this shared working tree are
 * installed by whoever changes them, and a test must not run `bun install` under other running tests. Nothing here
 * builds the SPA (`make start` is run with `-o build` and serves the build named by E2E_STATIC_DIR) or touches
 * frontend/dist.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { accessSync, constants, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { withDatabase } from '@app/db/testing';
import { envExample as readEnvExample } from '@app/testing/env-example';
import postgres from 'postgres';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { freePorts, repoRoot } from './harness/product';
import { NO_INSTALL, runMake, testlessEnv } from './make-helpers';

const serverUrl = () => inject('databaseServerUrl');
const adminSql = () => postgres(withDatabase(serverUrl(), 'postgres'), { max: 1, onnotice: () => {} });

/** This process's PATH without any folder that holds a `bun`: a fresh machine with Node and Make only. */
const pathWithoutBun = process.env.PATH?.split(':')
  .filter((dir) => {
    try {
      accessSync(`${dir}/bun`, constants.X_OK);
      return false;
    } catch {
      return true;
    }
  })
  .join(':');

/**
 * Make brings its own Bun into .tools/ when the PATH has none (`make install`, which CI runs first). Where the tests
 * were started with a Bun on the PATH, .tools/ was never made: Make is then handed that Bun rather than installing one
 * under the other running tests.
 */
const BUN_OF_MAKE: Record<string, string> = existsSync(`${repoRoot}.tools/node_modules/.bin/bun`)
  ? {}
  : { BUN: process.execPath };

/** The environment of an operator's shell: no Bun on the PATH, nothing of Vitest's, no e-mail or SMTP settings. */
const shellEnv = (extra: Record<string, string>): Record<string, string> => ({
  ...testlessEnv(['TEST', 'EMAIL', 'SMTP_URL', 'STATIC_DIR']),
  ...envExample,
  PATH: pathWithoutBun ?? '/usr/bin:/bin',
  ...BUN_OF_MAKE,
  ...extra,
});

/**
 * The variables of .env.example, as `cp .env.example .env` (the README's first step) hands them to Bun: the tests
 * pass them in the environment instead of writing a .env into the shared working tree, and change only what must
 * differ here (the database's name, ports, the queue prefix).
 */
const envExample = readEnvExample(repoRoot);

/** `make <args>` from the repository root with `stdin` piped in. */
const make = (args: string[], env: Record<string, string>, stdin = '') =>
  runMake(args, { cwd: repoRoot, env: shellEnv(env), stdin });

const STACK = /^\s+at |\d+ \| /m;
const uniqueName = (what: string) => `test_${Date.now().toString(36)}_${what}_${randomBytes(3).toString('hex')}`;

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const step of cleanups.reverse()) await step().catch((error) => console.warn('cleanup failed:', error));
});

/** A database name that does not exist yet, dropped after the file whatever happens. */
function freshDatabase(): { name: string; url: string } {
  const name = uniqueName('ops');
  cleanups.push(async () => {
    const sql = adminSql();
    try {
      await sql.unsafe(`drop database if exists "${name}" with (force)`);
    } finally {
      await sql.end();
    }
  });
  return { name, url: withDatabase(serverUrl(), name) };
}

const databaseExists = async (name: string) => {
  const sql = adminSql();
  try {
    return (await sql`select 1 from pg_database where datname = ${name}`).length === 1;
  } finally {
    await sql.end();
  }
};

describe('the operator commands of the README, without Bun on the PATH', () => {
  it('runs in a shell whose PATH has no bun', () => {
    expect(pathWithoutBun).toBeTruthy();
    expect(pathWithoutBun?.split(':').some((dir) => existsSync(`${dir}/bun`))).toBe(false);
  });

  it('make help lists every make command the README and the operations guide name', async () => {
    const help = await make(['help'], {});
    expect(help.code).toBe(0);
    const listed = new Set([...help.stdout.matchAll(/^ {2}make (\S+)/gm)].map((m) => m[1]));
    const docs = ['README.md', 'docs/operations.md'].map((file) => readFileSync(`${repoRoot}${file}`, 'utf8')).join();
    const named = new Set([...docs.matchAll(/`make ([a-z][\w-]*)/g)].map((m) => m[1]));
    expect(named.size).toBeGreaterThan(5);
    expect([...named].filter((target) => !listed.has(target))).toEqual([]);
    expect(listed).toContain('admin');
  });

  it('every command of the CLI has a make target that runs it with $(BUN), and the docs use those targets', async () => {
    const cli = readFileSync(`${repoRoot}backend/src/cli.ts`, 'utf8');
    const block = /^const commands:.*= \{$([\s\S]*?)^\};/m.exec(cli)?.[1] ?? '';
    const commands = [...block.matchAll(/^ {2}'?([a-z][\w-]*)'?: /gm)].map((m) => m[1]);
    expect(commands).toEqual(expect.arrayContaining(['create-admin', 'reset-two-factor']));
    const makefile = readFileSync(`${repoRoot}Makefile`, 'utf8');
    for (const command of commands)
      expect(makefile, command).toMatch(new RegExp(`^\\t@\\$\\(BUN\\) backend/src/cli\\.ts ${command} `, 'm'));
    // Outside a container (docker compose exec, kubectl exec), an operator's shell may have no Bun: make it is.
    const docs = ['README.md', 'docs/operations.md']
      .map((file) => readFileSync(`${repoRoot}${file}`, 'utf8'))
      .join('\n');
    const bare = docs.split('\n').filter((line) => /bun run cli/.test(line) && !/exec\b[^`]*bun run cli/.test(line));
    expect(bare).toEqual([]);
  });

  it('make migrate creates a missing database, make admin takes the password on stdin, make seed loads the samples', async () => {
    const db = freshDatabase();
    expect(await databaseExists(db.name)).toBe(false);

    const migrate = await make(['migrate'], { DATABASE_URL: db.url });
    expect(migrate.stderr).not.toMatch(STACK);
    expect(migrate.stdout).toContain(`Created the database "${db.name}".`);
    expect(migrate.stdout).toMatch(/Database migrated \(\d+ migrations\)/);
    expect(migrate.code).toBe(0);

    const password = 'a password from stdin 42';
    const admin = await make(['admin', 'EMAIL=you@example.com'], { DATABASE_URL: db.url }, `${password}\n`);
    expect(admin.stderr).not.toMatch(STACK);
    expect(admin.stdout).toContain('Administrator you@example.com created');
    expect(admin.code).toBe(0);
    expect(admin.stdout + admin.stderr).not.toContain(password);

    // The CLI's other command, through its make target.
    const reset = await make(['reset-two-factor', 'EMAIL=you@example.com'], { DATABASE_URL: db.url });
    expect(reset.stderr).not.toMatch(STACK);
    expect(reset.stdout).toContain('you@example.com (id ');
    expect(reset.stdout).toContain('had no two-factor sign-in; nothing was changed.');
    expect(reset.code).toBe(0);

    const seed = await make(['seed'], { DATABASE_URL: db.url });
    expect(seed.stdout).toContain('Seeded 5 public sample dashboards and the demo organization.');
    expect(seed.code).toBe(0);
    // Again: nothing to create, nothing duplicated.
    expect((await make(['seed'], { DATABASE_URL: db.url })).code).toBe(0);

    const sql = postgres(db.url, { max: 1, onnotice: () => {} });
    try {
      const [user] = await sql<{ password_hash: string; is_admin: boolean }[]>`
        select password_hash, is_admin from users where email = 'you@example.com'`;
      expect(user?.is_admin).toBe(true);
      expect(await Bun.password.verify(password, user!.password_hash)).toBe(true);
      const [{ count }] = (await sql`select count(*)::int as count from dashboards where is_public`) as [
        { count: number },
      ];
      expect(count).toBe(5);
    } finally {
      await sql.end();
    }
  }, 120_000);

  it('make admin without EMAIL= says how to call it and changes nothing (an EMAIL in the environment is not taken)', async () => {
    const db = freshDatabase();
    const result = await make(
      ['admin'],
      { DATABASE_URL: db.url, EMAIL: 'from.the.shell@example.com' },
      'pw pw pw pw\n',
    );
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain('Usage: make admin EMAIL=you@example.com');
    expect(await databaseExists(db.name)).toBe(false);
  });

  it('make migrate says in one line what to run when the role may not create the missing database', async () => {
    const role = uniqueName('role');
    const sql = adminSql();
    try {
      await sql.unsafe(`create role "${role}" login nocreatedb`);
    } finally {
      await sql.end();
    }
    cleanups.push(async () => {
      const admin = adminSql();
      try {
        await admin.unsafe(`drop role if exists "${role}"`);
      } finally {
        await admin.end();
      }
    });
    const db = freshDatabase();
    const url = new URL(db.url);
    url.username = role;
    url.password = '';

    const result = await make(['migrate'], { DATABASE_URL: url.toString() });
    expect(result.code).not.toBe(0);
    expect(result.stderr).not.toMatch(STACK);
    const lines = result.stderr.split('\n').filter((line) => line && !line.startsWith('make: ***'));
    expect(lines).toEqual([
      `The database "${db.name}" does not exist and the role "${role}" may not create databases. ` +
        `Create it once as a PostgreSQL superuser: createdb -h ${url.hostname} -p ${url.port || '5432'} -O ${role} ${db.name}`,
    ]);
    expect(result.stdout).not.toContain('db/src/migrate.ts');
    expect(await databaseExists(db.name)).toBe(false);
  });
});

describe('make start without SMTP_URL: the development mail catcher', () => {
  let child: ChildProcess | undefined;
  let output = '';
  afterAll(async () => {
    if (child?.pid === undefined || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child?.once('exit', resolve));
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {}
    await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {}
  });

  it('with .env.example as it is: creates the database, starts, and shows the e-mails of a contact message in its inbox page', async () => {
    expect(envExample.SMTP_URL).toBe('');
    expect(envExample.COMPANY_EMAIL).toBe('hello@lucid-insight.test');
    const db = freshDatabase();
    const [port, healthPort, inboxPort, smtpPort] = (await freePorts(4)) as [number, number, number, number];
    const mailDir = mkdtempSync(join(tmpdir(), 'ops-mail-'));
    cleanups.push(async () => rmSync(mailDir, { recursive: true, force: true }));
    const baseUrl = `http://127.0.0.1:${port}`;
    const staticDir = process.env.E2E_STATIC_DIR ?? 'frontend/dist';
    child = spawn('make', [...NO_INSTALL, '-o', 'build', 'start'], {
      cwd: repoRoot,
      detached: true,
      env: shellEnv({
        DATABASE_URL: db.url,
        REDIS_URL: inject('redisUrl'),
        APP_URL: baseUrl,
        PORT: String(port),
        WORKERS_HEALTH_PORT: String(healthPort),
        MAIL_CATCHER_PORT: String(inboxPort),
        MAIL_CATCHER_SMTP_PORT: String(smtpPort),
        MAIL_CATCHER_DIR: mailDir,
        QUEUE_PREFIX: `ops-${randomBytes(4).toString('hex')}`,
        STATIC_DIR: new URL(staticDir, `file://${repoRoot}`).pathname,
        LOG_LEVEL: 'warn',
      }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      output += chunk;
    });

    const ok = async (url: string) => {
      try {
        const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
        await response.body?.cancel();
        return response.ok;
      } catch {
        return false;
      }
    };
    const deadline = Date.now() + 90_000;
    while (!((await ok(`${baseUrl}/readyz`)) && (await ok(`http://127.0.0.1:${healthPort}/readyz`)))) {
      if (child.exitCode !== null || Date.now() > deadline)
        throw new Error(`make start did not become ready (exit ${child.exitCode}). Output:\n${output}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(output).toContain(`Created the database "${db.name}".`);
    expect(output).toContain(`Inbox: http://127.0.0.1:${inboxPort}`);
    expect(output).toContain(`development mail catcher (smtp://127.0.0.1:${smtpPort}?tls=off)`);

    const visitor = `visitor-${randomBytes(3).toString('hex')}@example.com`;
    const contact = await fetch(`${baseUrl}/api/contact`, {
      method: 'POST',
      headers: { origin: baseUrl, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Ada <b>Visitor</b>',
        email: visitor,
        subject: 'Seen in the dev inbox',
        message: 'Hello from the operator test.',
      }),
    });
    expect(contact.status).toBe(201);

    // Both e-mails (the visitor's copy and the company's notification) arrive in the inbox page.
    const inboxUrl = `http://127.0.0.1:${inboxPort}/`;
    let inbox = '';
    const until = Date.now() + 30_000;
    while (Date.now() < until) {
      inbox = await (await fetch(inboxUrl)).text();
      if (inbox.includes(visitor) && inbox.includes('hello@lucid-insight.test')) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(inbox).toContain(visitor);
    expect(inbox).toContain('hello@lucid-insight.test');
    expect(inbox).toContain('<h1>Development inbox</h1>');

    const messages = (await (await fetch(`${inboxUrl}api/messages`)).json()) as {
      id: number;
      to: string[];
      text: string;
    }[];
    const notification = messages.find((m) => m.to.includes('hello@lucid-insight.test'));
    expect(notification?.text).toContain('Hello from the operator test.');
    const page = await fetch(`${inboxUrl}messages/${notification?.id}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await page.text();
    expect(html).toContain('Hello from the operator test.');
    // What the visitor typed is shown as text, never as markup of the inbox page.
    expect(html).not.toContain('<b>Visitor</b>');
    expect((await fetch(`${inboxUrl}messages/999999`)).status).toBe(404);
    // Kept in the folder it was given, for the next start.
    expect(readdirSync(mailDir).filter((name) => name.endsWith('.json')).length).toBeGreaterThanOrEqual(2);
  }, 150_000);
});
