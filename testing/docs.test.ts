/**
 * What the README, docs/ and .env.example state that can be checked without running anything: the commands they give
 * exist and need no Bun on the PATH, the files they name exist, the alerts are valid for the metrics' types, and no
 * variable the API or the workers read is called unread. The commands themselves run in
 * e2e/operator-commands.e2e.test.ts.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ApiEnvSchema } from '../backend/src/env';
import { WorkersEnvSchema } from '../workers/src/env';

const root = new URL('../', import.meta.url).pathname;
const read = (file: string) => readFileSync(`${root}${file}`, 'utf8');
const docs = ['README.md', 'docs/architecture.md', 'docs/operations.md'];

const makeTargets = new Set(
  [...read('Makefile').matchAll(/^([a-z][\w-]*):/gm)].map((m) => m[1]).filter((t): t is string => Boolean(t)),
);

/** Every file below `dir` (relative to the root), without node_modules, build output and dot folders. */
function filesUnder(dir: string): string[] {
  return readdirSync(`${root}${dir}`, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith('.') || entry.name === 'node_modules' || entry.name.startsWith('dist')) return [];
    const path = `${dir}/${entry.name}`;
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}

describe('the commands the documentation gives', () => {
  it('names only make targets that the Makefile has', () => {
    for (const doc of docs) {
      const named = [...read(doc).matchAll(/`make ([a-z][\w-]*)/g)].map((m) => m[1]);
      expect(
        named.filter((target) => !makeTargets.has(target ?? '')),
        doc,
      ).toEqual([]);
    }
    expect(makeTargets).toContain('admin');
  });

  it('never puts a password on the command line (ps and the shell history see it)', () => {
    for (const file of [...docs, 'Makefile', 'Dockerfile', '.env.example', 'backend/src/cli.ts'])
      expect(read(file), file).not.toMatch(/--password\s+['"<.]/);
  });

  it('gives the README reader no command that needs Bun on the PATH: Bun only inside the Docker image', () => {
    const readme = read('README.md');
    const bunCommands = [...readme.matchAll(/(?:^|[`\s])(bun (?:run|x|db|backend|scripts|install)\b[^`\n]*)/gm)];
    for (const match of bunCommands) {
      const before = readme.slice(Math.max(0, (match.index ?? 0) - 40), match.index);
      expect(before, match[1]).toMatch(/docker compose exec \w+\s*$/);
    }
  });

  it('sets up the product without Docker in one block of commands that are all make targets or a copy of .env.example', () => {
    const readme = read('README.md');
    const section = readme.slice(readme.indexOf('## Run it without Docker'));
    const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
    const commands = block
      .split('\n')
      .map((line) => line.replace(/#.*$/, '').trim())
      .filter(Boolean);
    expect(commands[0]).toBe('cp .env.example .env');
    for (const command of commands.slice(1)) {
      expect(command).toMatch(/^make [a-z]/);
      expect(makeTargets).toContain(command.split(' ')[1]);
    }
    expect(commands).toEqual(expect.arrayContaining(['make start', 'make seed']));
  });
});

describe('docs/architecture.md', () => {
  const text = read('docs/architecture.md');

  it('names only files and folders that exist (relative to the root, to its row folder, or to docs/)', () => {
    // Every file and folder of the repository ("db/src/", "db/src/client.ts"), to match `modules/<domain>/` too.
    const paths = new Set(
      filesUnder('.').flatMap((file) => {
        const parts = file.slice(2).split('/');
        return parts.map((_, i) => parts.slice(0, i + 1).join('/') + (i < parts.length - 1 ? '/' : ''));
      }),
    );
    const toPattern = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/<[^>]+>/g, '[^/]+');
    const missing: string[] = [];
    for (const line of text.split('\n')) {
      const tokens = [...line.matchAll(/`([^`\s]+)`/g)].map((m) => m[1] ?? '');
      const folders = tokens.filter((t) => t.endsWith('/') && existsSync(`${root}${t}`));
      for (const token of tokens) {
        if (!/\.(ts|tsx|md|yml|yaml|json|sql|mjml)$|\/$/.test(token) || token.startsWith('/') || token.includes(':'))
          continue;
        const candidates = ['', ...folders, 'docs/'].map((base) => new RegExp(`^${toPattern(`${base}${token}`)}$`));
        if (![...paths].some((path) => candidates.some((candidate) => candidate.test(path)))) missing.push(token);
      }
    }
    expect(missing).toEqual([]);
  });

  it('links every decision record', () => {
    const records = readdirSync(`${root}docs/decisions`).filter((f) => f.endsWith('.md'));
    expect(records.length).toBeGreaterThan(10);
    expect(records.filter((record) => !text.includes(`decisions/${record}`))).toEqual([]);
  });

  it('does not claim there is no cache of our own (the public dashboard list is cached in each replica)', () => {
    expect(existsSync(`${root}backend/src/modules/dashboards/public-dashboards.cache.ts`)).toBe(true);
    expect(text).not.toMatch(/no (scheduler, queue or )?cache\s+of our own/);
    expect(text).toContain('public-dashboards.cache.ts');
  });
});

describe('docs/operations.md alerts', () => {
  /** Metric name → type, from the code that registers them (prom-client and our request histogram). */
  const metricTypes = new Map<string, string>();
  for (const file of [...filesUnder('backend/src'), ...filesUnder('workers/src'), ...filesUnder('platform/src')]) {
    if (!file.endsWith('.ts') || file.includes('.test.')) continue;
    for (const m of read(file).matchAll(
      /new (Gauge|Counter|Histogram|RequestHistogram)\(\s*(?:\{\s*name:\s*)?'(\w+)'/g,
    ))
      metricTypes.set(m[2] ?? '', m[1] === 'RequestHistogram' ? 'Histogram' : (m[1] ?? ''));
    // The workers' gauges read at each scrape are made by one function (workers/src/metrics.ts).
    for (const m of read(file).matchAll(/scrapedGauge\(\s*'(\w+)'/g)) metricTypes.set(m[1] ?? '', 'Gauge');
  }

  it('knows the type of every metric the guide lists', () => {
    const text = read('docs/operations.md');
    const listed = [...text.matchAll(/^\| `(\w+)[{`]/gm)].map((m) => m[1] ?? '');
    expect(listed.length).toBeGreaterThan(4);
    expect(listed.filter((name) => !metricTypes.has(name))).toEqual([]);
  });

  it('applies rate() and increase() only to counters and histograms, never to a gauge', () => {
    const text = read('docs/operations.md');
    const uses = [...text.matchAll(/\b(rate|increase|irate)\((\w+)/g)].map((m) => ({ fn: m[1], metric: m[2] ?? '' }));
    expect(uses.length).toBeGreaterThan(0);
    expect(uses.filter((use) => metricTypes.get(use.metric) === 'Gauge')).toEqual([]);
    expect(uses.filter((use) => !metricTypes.has(use.metric.replace(/_(bucket|sum|count)$/, '')))).toEqual([]);
  });
});

describe('.env.example', () => {
  const read_ = new Set([...Object.keys(ApiEnvSchema.entries), ...Object.keys(WorkersEnvSchema.entries)]);

  it('calls no variable that the API or the workers read "not read yet" or "from a later release"', () => {
    const lines = read('.env.example').split('\n');
    let section = '';
    let paragraph: string[] = [];
    const wronglyUnread: string[] = [];
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i] ?? '';
      if (/^# -{20,}/.test(line) && /^# /.test(lines[i + 1] ?? '') && /^# -{20,}/.test(lines[i + 2] ?? '')) {
        section = lines[i + 1] ?? '';
        i += 2;
        paragraph = [];
        continue;
      }
      if (line.trim() === '') {
        paragraph = [];
        continue;
      }
      const variable = /^#?\s*([A-Z][A-Z0-9_]+)=/.exec(line)?.[1];
      if (!variable) {
        paragraph.push(line);
        continue;
      }
      const said = `${section}\n${paragraph.join('\n')}`;
      if (read_.has(variable) && /not read|^# Used from a later release/im.test(said)) wronglyUnread.push(variable);
    }
    expect(wronglyUnread).toEqual([]);
  });
});
