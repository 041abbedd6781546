/**
 * `make build` skips the SPA build when its inputs are unchanged by content (issue 30), and never skips one whose
 * inputs changed. Run on a copy of the frontend in a temporary tree (the Makefile, the build script, the manifests;
 * node_modules, contracts and platform linked to this working tree's), so frontend/dist and the sources of the shared
 * working tree are left alone; `make` is given `-o node_modules/.make-install-stamp`, so nothing is installed.
 */
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from './harness/product';
import { runMake, testlessEnv } from './make-helpers';

const tree = mkdtempSync(join(tmpdir(), 'build-skip-'));
afterAll(() => rmSync(tree, { recursive: true, force: true }));

for (const file of ['Makefile', 'package.json', 'bun.lock', 'tsconfig.json', 'bunfig.toml'])
  cpSync(repoRoot + file, join(tree, file));
mkdirSync(join(tree, 'scripts'));
cpSync(`${repoRoot}scripts/build-frontend.ts`, join(tree, 'scripts/build-frontend.ts'));
cpSync(`${repoRoot}frontend`, join(tree, 'frontend'), {
  recursive: true,
  filter: (source) => !/\/frontend\/(dist|node_modules|\.dist-inputs-sha256)(\/|$)/.test(source),
});
for (const linked of ['node_modules', 'contracts', 'platform']) symlinkSync(repoRoot + linked, join(tree, linked));

const hero = join(tree, 'frontend/src/features/marketing/components/hero-section.tsx');
const index = join(tree, 'frontend/dist/index.html');
const stamp = join(tree, 'frontend/.dist-inputs-sha256');

/** `make <args>` in the temporary tree, with this process's Bun. */
const make = (args: string[]) => runMake(args, { cwd: tree, env: { ...testlessEnv(), BUN: process.execPath } });

/** Every file of the copied frontend given a new modification time, as a checkout or a copy gives them. */
function touchAll(dir: string) {
  const later = new Date(Date.now() + 60_000);
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true }))
    if (entry.isFile()) utimesSync(join(entry.parentPath, entry.name), later, later);
}

describe('make build', () => {
  it('builds once, skips while nothing changed (whatever the dates), and builds again when one source file changed', {
    timeout: 600_000,
  }, async () => {
    const first = await make(['build']);
    expect(first.code, first.output).toBe(0);
    expect(first.output).toContain('built in');
    expect(existsSync(stamp)).toBe(true);
    const builtAt = statSync(index).mtimeMs;

    const second = await make(['build']);
    expect(second.code, second.output).toBe(0);
    expect(second.output).toContain('frontend/dist is up to date');
    expect(second.output).not.toContain('built in');
    touchAll(join(tree, 'frontend/src'));
    const touched = await make(['build']);
    expect(touched.output).toContain('frontend/dist is up to date');
    expect(statSync(index).mtimeMs).toBe(builtAt);

    // A build that fails leaves no hash behind: the next one is not skipped.
    const source = readFileSync(hero, 'utf8');
    writeFileSync(hero, `${source}\nexport const broken = ;\n`);
    const failed = await make(['build']);
    expect(failed.code).not.toBe(0);
    expect(existsSync(stamp)).toBe(false);

    // One source file changed: built again, and the change is in the page.
    const marker = `Dashboards, rebuilt ${Date.now().toString(36)}`;
    writeFileSync(hero, source.replace('PowerBI &amp; Looker Studio dashboards', marker));
    const changed = await make(['build']);
    expect(changed.code, changed.output).toBe(0);
    expect(changed.output).toContain('built in');
    expect(readFileSync(index, 'utf8')).toContain(marker);
    const again = await make(['build']);
    expect(again.output).toContain('frontend/dist is up to date');
  });
});
