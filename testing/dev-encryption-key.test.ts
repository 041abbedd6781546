/**
 * Decision 045: `make start` makes a development APP_ENCRYPTION_KEY the way it makes the database, keeps it in .env
 * so restarts open what earlier runs sealed, and makes nothing in production (where the API refuses to start).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadApiConfig } from '../backend/src/env';
import { ensureDevEncryptionKey } from '../scripts/dev-encryption-key';

const dir = mkdtempSync(join(tmpdir(), 'dev-encryption-key-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
const envFile = (text?: string) => {
  const file = join(dir, `env-${++n}`);
  if (text !== undefined) writeFileSync(file, text);
  return file;
};
const apiAccepts = (key: string) =>
  loadApiConfig({
    DATABASE_URL: 'postgres://localhost/app',
    REDIS_URL: 'redis://localhost:6379',
    APP_URL: 'http://localhost:3000',
    COMPANY_EMAIL: 'hello@lucid.example',
    APP_ENCRYPTION_KEY: key,
  }).APP_ENCRYPTION_KEY;

describe('the development encryption key', () => {
  it('is made once into a new .env, then read back on every later start', () => {
    const file = envFile();
    const first = ensureDevEncryptionKey({}, file);
    expect(first?.made).toBe(true);
    expect(Buffer.from(first!.key, 'base64')).toHaveLength(32);
    expect(apiAccepts(first!.key)).toBe(first!.key);
    expect(readFileSync(file, 'utf8')).toContain(`APP_ENCRYPTION_KEY=${first!.key}\n`);
    expect(ensureDevEncryptionKey({}, file)).toEqual({ key: first!.key, made: false });
  });

  it("fills the .env's empty line (as copied from .env.example) and keeps every other line", () => {
    const file = envFile('DATABASE_URL=postgres://x/y\nAPP_ENCRYPTION_KEY=\nSMTP_URL=\n');
    const made = ensureDevEncryptionKey({ APP_ENCRYPTION_KEY: '' }, file);
    expect(readFileSync(file, 'utf8')).toBe(
      `DATABASE_URL=postgres://x/y\nAPP_ENCRYPTION_KEY=${made!.key}\nSMTP_URL=\n`,
    );
  });

  it('uses a key the environment or .env already has, and makes none in production', () => {
    const given = Buffer.alloc(32, 1).toString('base64');
    const untouched = envFile('APP_ENCRYPTION_KEY=\n');
    expect(ensureDevEncryptionKey({ APP_ENCRYPTION_KEY: given }, untouched)).toEqual({ key: given, made: false });
    expect(readFileSync(untouched, 'utf8')).toBe('APP_ENCRYPTION_KEY=\n');
    expect(ensureDevEncryptionKey({}, envFile(`APP_ENCRYPTION_KEY="${given}"\n`))).toEqual({ key: given, made: false });
    const production = envFile();
    expect(ensureDevEncryptionKey({ NODE_ENV: 'production' }, production)).toBeUndefined();
    expect(existsSync(production)).toBe(false);
  });
});
