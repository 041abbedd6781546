/**
 * The checks `make lint` adds (decision 028), run on small trees in a temporary folder: dependency-cruiser with the
 * repository's rules and its TypeScript 5 hook, and the long-file check.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const root = new URL('../', import.meta.url).pathname;
const folders: string[] = [];

async function tree(files: Record<string, string>): Promise<string> {
  const folder = mkdtempSync(join(tmpdir(), 'lint-rules-'));
  folders.push(folder);
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(folder, path)), { recursive: true });
    writeFileSync(join(folder, path), text);
  }
  return folder;
}

afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function run(cmd: string[], cwd: string) {
  const result = Bun.spawnSync({ cmd, cwd, stdout: 'pipe', stderr: 'pipe' });
  return { exitCode: result.exitCode, output: `${result.stdout.toString()}${result.stderr.toString()}` };
}

// `make lint` runs dependency-cruiser under Node; under `bun --bun` the PATH's first `node` is Bun itself.
const node = Bun.which('node', { PATH: (process.env.PATH ?? '').replace(/[^:]*\/bun-node-[^:]*:?/g, '') }) ?? 'node';

const cruise = (cwd: string, hook = true, folder = 'backend', config = 'dependency-cruiser.cjs') =>
  run(
    [
      node,
      ...(hook ? ['--import', `${root}tools/lint/typescript-5.mjs`] : []),
      `${root}node_modules/dependency-cruiser/bin/dependency-cruise.mjs`,
      '--config',
      `${root}tools/lint/${config}`,
      '--output-type',
      'err',
      folder,
    ],
    cwd,
  );

const longFiles = (cwd: string) => run([process.execPath, `${root}tools/lint/long-files.ts`], cwd);

describe('dependency-cruiser in make lint', () => {
  const tsconfig = JSON.stringify({ compilerOptions: { module: 'Preserve', moduleResolution: 'bundler' } });

  it('finds an import cycle made only of type imports (TypeScript 5 through the hook)', async () => {
    const cwd = await tree({
      'tsconfig.json': tsconfig,
      'backend/src/a.ts': "import type { B } from './b';\nexport type A = { b?: B };\n",
      'backend/src/b.ts': "import type { A } from './a';\nexport type B = { a?: A };\n",
    });
    const withHook = cruise(cwd);
    expect(withHook.exitCode).toBe(1);
    expect(withHook.output).toContain('no-circular: backend/src/a.ts');
    // Without the hook dependency-cruiser would find TypeScript 7, which it cannot use, and see no cycle at all.
    expect(cruise(cwd, false).output).not.toContain('no-circular');
  }, 60_000);

  it("refuses a module or the app reaching past another module's index.ts, but lets a test do it", async () => {
    const cwd = await tree({
      'tsconfig.json': tsconfig,
      'backend/src/modules/users/users.service.ts': 'export const invite = () => 1;\n',
      'backend/src/modules/users/index.ts': "export { invite } from './users.service';\n",
      'backend/src/modules/auth/auth.routes.ts':
        "import { invite } from '../users/users.service';\nexport const r = invite;\n",
      'backend/src/modules/auth/auth.service.ts': "import { invite } from '../users';\nexport const s = invite;\n",
      'backend/src/modules/auth/auth.int.test.ts': "import { invite } from '../users/users.service';\ninvite();\n",
      'backend/src/cli.ts': "import { invite } from './modules/users/users.service';\ninvite();\n",
    });
    const { exitCode, output } = cruise(cwd);
    expect(exitCode).toBe(2);
    expect(output).toContain('modules-meet-through-their-index: backend/src/modules/auth/auth.routes.ts');
    expect(output).toContain('the-app-uses-modules-through-their-index: backend/src/cli.ts');
    expect(output).not.toMatch(/auth\.int\.test\.ts|auth\.service\.ts/);
  }, 60_000);

  it('refuses a cycle of modules that no cycle of files shows, and leaves tests out of the module graph', async () => {
    const cwd = await tree({
      'tsconfig.json': tsconfig,
      // users → auth through one file, auth → users through another: no file-level cycle.
      'backend/src/modules/users/users.service.ts': "import { end } from '../auth';\nexport const remove = end;\n",
      'backend/src/modules/users/users.repository.ts': 'export const find = () => 1;\n',
      'backend/src/modules/users/index.ts':
        "export { find } from './users.repository';\nexport { remove } from './users.service';\n",
      'backend/src/modules/auth/sessions.ts': 'export const end = () => 1;\n',
      'backend/src/modules/auth/auth.service.ts':
        "import { find } from '../users/users.repository';\nexport const a = find;\n",
      'backend/src/modules/auth/index.ts': "export { end } from './sessions';\n",
      // Only a test closes this one.
      'backend/src/modules/audit/audit.ts': "import { find } from '../users';\nexport const x = find;\n",
      'backend/src/modules/users/audit.int.test.ts': "import { x } from '../audit/audit';\nx();\n",
    });
    expect(cruise(cwd).output).not.toContain('no-circular');
    const { exitCode, output } = cruise(cwd, true, 'backend', 'module-graph.cjs');
    expect(exitCode).toBeGreaterThan(0);
    expect(output).toMatch(/no-module-cycles: backend\/src\/modules\/(users|auth) →/);
    expect(output).not.toContain('modules/audit');
  }, 60_000);

  it('lets only repositories, the outbox and tests import the tables, and anyone import their types', async () => {
    const tables = "import * as schema from '../../../../db/src/schema';\nexport const t = schema;\n";
    const cwd = await tree({
      'tsconfig.json': tsconfig,
      'db/src/schema/index.ts': 'export const users = { name: "users" };\nexport type User = { id: number };\n',
      'backend/src/modules/users/users.service.ts': tables,
      'backend/src/modules/users/users.repository.ts': tables,
      'backend/src/modules/users/users.int.test.ts': tables,
      'backend/src/modules/users/users.routes.ts':
        "import type { User } from '../../../../db/src/schema';\nexport type Answer = User;\n",
    });
    const { exitCode, output } = cruise(cwd);
    expect(exitCode).toBe(1);
    expect(output).toContain('only-repositories-touch-tables: backend/src/modules/users/users.service.ts');
    expect(output).not.toMatch(/users\.(repository|int\.test|routes)\.ts/);
  }, 60_000);
});

describe('the browser layers in make lint', () => {
  const tsconfig = JSON.stringify({
    compilerOptions: { module: 'Preserve', moduleResolution: 'bundler', jsx: 'preserve' },
  });

  it('refuses a shared layer that reaches a feature, even through a re-export, and lets app/ assemble features', async () => {
    const cwd = await tree({
      'tsconfig.json': tsconfig,
      'frontend/src/features/auth/user.ts': 'export const useUser = () => null;\n',
      'frontend/src/components/ui/index.ts': "export { useUser } from '../../features/auth/user';\n",
      'frontend/src/components/layout/header.tsx': "import { useUser } from '../ui';\nexport const H = useUser;\n",
      'frontend/src/lib/hooks.ts': "import { useUser } from '../features/auth/user';\nexport const u = useUser;\n",
      'frontend/src/app/layout/root.tsx':
        "import { useUser } from '../../features/auth/user';\nexport const R = useUser;\n",
    });
    const { exitCode, output } = cruise(cwd, true, 'frontend');
    expect(exitCode).toBe(3); // dependency-cruiser exits with the number of violations
    expect(output).toContain('shared-layers-reach-no-feature: frontend/src/components/layout/header.tsx');
    expect(output).toContain('shared-layers-reach-no-feature: frontend/src/components/ui/index.ts');
    expect(output).toContain('shared-layers-reach-no-feature: frontend/src/lib/hooks.ts');
    expect(output).not.toContain('app/layout/root.tsx');
  }, 60_000);
});

describe('the copy-paste detector in make lint', () => {
  const copies = (...extra: string[]) => run([process.execPath, `${root}tools/lint/copies.ts`, ...extra], root);

  /** A block of code jscpd finds again wherever it is pasted: `n` makes each block its own. */
  const block = (n: number) =>
    Array.from(
      { length: 12 },
      (_, i) => `export function step${n}x${i}(items: number[], limit: number): number[] {
  return items.filter((item) => item > limit * ${i}).map((item) => item * ${n} + ${i});
}`,
    ).join('\n');

  it('passes the tree at its committed ceiling and fails once a copy takes it over', async () => {
    const clean = copies();
    expect(clean.exitCode, clean.output).toBe(0);
    const [, found, ceiling] = clean.output.match(/(\d+) copied blocks of code \(at most (\d+)/) ?? [];
    // Enough pasted pairs to go over the ceiling, however far under it the tree is today.
    const pairs = Number(ceiling) - Number(found) + 1;
    const files: Record<string, string> = {};
    for (let n = 0; n < pairs; n++) {
      files[`planted/original-${n}.ts`] = `${block(n)}\n`;
      files[`planted/pasted-${n}.ts`] = `// pasted\n${block(n)}\n`;
    }
    const planted = await tree(files);
    const failing = copies(join(planted, 'planted'));
    expect(failing.exitCode).toBe(1);
    expect(failing.output).toContain(`${Number(ceiling) + 1} copied blocks of code (at most ${ceiling}`);
    expect(failing.output).toMatch(/planted\/(original|pasted)-0\.ts:\d+-\d+ ~ .*planted\/(original|pasted)-0\.ts/);
  }, 60_000);
});

describe('the long-file check in make lint', () => {
  const lines = (count: number) => Array.from({ length: count }, (_, i) => `export const v${i} = ${i};`).join('\n');

  it('names a src file over 250 lines that does not say why, and passes one that does', async () => {
    const cwd = await tree({
      'pkg/src/long.ts': `${lines(251)}\n`,
      'pkg/src/explained.ts': `// Long file: one table of constants that belong together.\n${lines(300)}\n`,
      'pkg/src/short.ts': `${lines(250)}\n`,
      'pkg/src/long.test.ts': `${lines(400)}\n`,
    });
    const failing = longFiles(cwd);
    expect(failing.exitCode).toBe(1);
    expect(failing.output).toContain('pkg/src/long.ts (251)');
    expect(failing.output).not.toMatch(/explained\.ts|short\.ts|long\.test\.ts/);

    writeFileSync(
      join(cwd, 'pkg/src/long.ts'),
      `/** Long file: generated-like list kept in one place. */\n${lines(251)}\n`,
    );
    expect(longFiles(cwd).exitCode).toBe(0);
  });
});
