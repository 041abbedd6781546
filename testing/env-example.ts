import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The variables of the repository's `.env.example`, as `cp .env.example .env` (the README's first step) hands them to
 * Bun: `NAME=value` lines, a value's surrounding double quotes dropped. The operator-command tests and the start-time
 * bench run the product with them (issue 27: each had its own copy of this reading).
 */
export function envExample(repositoryRoot: string): Record<string, string> {
  return Object.fromEntries(
    readFileSync(join(repositoryRoot, '.env.example'), 'utf8')
      .split('\n')
      .map((line) => /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line))
      .filter((m): m is RegExpExecArray => m !== null)
      .map((m) => [m[1] ?? '', (m[2] ?? '').replace(/^"(.*)"$/, '$1')]),
  );
}
