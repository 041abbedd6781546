import { readdirSync, readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The product's server-side source (no tests, no test helpers), relative to the root. */
const sources = (...folders: string[]): string[] =>
  folders.flatMap((folder) =>
    readdirSync(`${ROOT}${folder}`).flatMap((name) => {
      const path = `${folder}/${name}`;
      if (statSync(`${ROOT}${path}`).isDirectory()) return name === 'node_modules' ? [] : sources(path);
      return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
    }),
  );

const SERVER = ['backend/src', 'workers/src', 'db/src', 'platform/src', 'scripts', 'bench'];
const read = (path: string) => readFileSync(`${ROOT}${path}`, 'utf8');
const matching = (pattern: RegExp, folders = SERVER) => sources(...folders).filter((path) => pattern.test(read(path)));

describe('the server platform is the one home of', () => {
  it('writing outbox_events (insert, update or delete, in SQL or through Drizzle)', () => {
    const writes =
      /(insert\s+into|update|delete\s+from)\s+outbox_events\b|\.(insert|update|delete)\(\s*(schema\.)?outboxEvents\b/i;
    // bench/ seeds already published events as its fixture, as tests do; it is no part of the product.
    expect(
      matching(
        writes,
        SERVER.filter((folder) => folder !== 'bench'),
      ),
    ).toEqual(['platform/src/outbox.ts']);
  });

  it('constructing a BullMQ Queue', () => {
    expect(matching(/\bnew Queue\b/)).toEqual(['platform/src/queues.ts']);
  });

  it('making a pino logger', () => {
    expect(matching(/\bpino\(/)).toEqual(['platform/src/logger.ts']);
  });

  it('the diagnostics_channel patch, which no entry point imports by hand (bunfig.toml preloads it)', () => {
    expect(matching(/diagnostics-channel/)).toEqual([]);
    expect(read('bunfig.toml')).toMatch(/^preload = \["\.\/platform\/src\/diagnostics-channel\.ts"\]$/m);
  });
});
