/**
 * A development APP_ENCRYPTION_KEY (decision 045), made the way `make start` makes the database and the mail catcher:
 * outside production, when the environment has none, the key in `.env` is used, or 32 random bytes are made once and
 * written there (`.env` is git-ignored), so every later start opens what earlier ones sealed. Production makes
 * nothing: the API refuses to start without a key of the operator's (backend/src/startup-checks.ts).
 *
 * `make start` and `make dev` call it from scripts/start.ts. (`make up` runs as production, with a key of its own made
 * once into `.env.compose`.)
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

const LINE = /^[ \t]*(?:export[ \t]+)?APP_ENCRYPTION_KEY[ \t]*=[ \t]*(.*?)[ \t]*$/m;

/** The key in the text of an env file, without quotes; '' when the line is missing or empty. */
const keyIn = (text: string) => (text.match(LINE)?.[1] ?? '').replace(/^(['"])(.*)\1$/, '$2');

/**
 * The key to use and whether it was made now: the environment's, else the env file's, else a new one written there.
 * Undefined in production without one (nothing is made there).
 */
export function ensureDevEncryptionKey(
  env: Record<string, string | undefined>,
  envFile: string,
): { key: string; made: boolean } | undefined {
  if (env.APP_ENCRYPTION_KEY?.trim()) return { key: env.APP_ENCRYPTION_KEY.trim(), made: false };
  if (env.NODE_ENV === 'production') return undefined;
  const text = existsSync(envFile) ? readFileSync(envFile, 'utf8') : '';
  const stored = keyIn(text);
  if (stored) return { key: stored, made: false };
  const key = randomBytes(32).toString('base64');
  const line = `APP_ENCRYPTION_KEY=${key}`;
  const written = LINE.test(text)
    ? text.replace(LINE, line)
    : `${text}${text && !text.endsWith('\n') ? '\n' : ''}# Made by make start for development (decision 045): keep it, what it sealed opens only with it.\n${line}\n`;
  writeFileSync(envFile, written, { mode: 0o600 });
  return { key, made: true };
}

export const madeKeyMessage = (envFile: string) =>
  `APP_ENCRYPTION_KEY was not set: made a development key and kept it in ${envFile} (what it seals opens only with it; production needs a key of its own).`;

if (import.meta.main) {
  const envFile = new URL('../.env', import.meta.url).pathname;
  const result = ensureDevEncryptionKey(process.env, envFile);
  if (result?.made) console.log(madeKeyMessage('.env'));
}
