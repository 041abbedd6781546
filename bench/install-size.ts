/**
 * Issue 30: the production install, made as the Dockerfile makes it: the `manifests` stage's COPY lines copied into a
 * temporary folder, then the `prod-deps` stage's RUN lines run there (Bun from this process). Prints the size of
 * node_modules (`du -sm`, as the issue measured it; goal: at most 100 MB) and of @opentelemetry in it, and checks that
 * the install still holds everything the API and the workers import (Bun bundles both entry points from it: a package
 * the install lost fails the bundle). TypeScript is left out of the bundle: @elysiajs/openapi and cosmiconfig (under
 * MJML's minifier) load it only for what the product never asks of them (types read from source, a .ts config file).
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { ROOT } from './lib/env';
import { type Figure, figure } from './lib/report';

const GOAL_MB = 100;

/** A stage's instructions of one kind (continuation lines joined), from `FROM ... AS <stage>` to the next FROM. */
function stageInstructions(dockerfile: string, stage: string, kind: 'COPY' | 'RUN'): string[] {
  const lines = dockerfile.replace(/\\\n/g, ' ').split('\n');
  const start = lines.findIndex((line) => new RegExp(`^FROM\\s+\\S+\\s+AS\\s+${stage}\\s*$`, 'i').test(line));
  if (start < 0) throw new Error(`the Dockerfile has no stage ${stage}`);
  const end = lines.findIndex((line, i) => i > start && /^FROM\s/i.test(line));
  return lines
    .slice(start + 1, end < 0 ? undefined : end)
    .filter((line) => line.startsWith(`${kind} `))
    .map((line) => line.slice(kind.length + 1).trim());
}

async function sh(command: string, cwd: string): Promise<string> {
  const proc = Bun.spawn(['bash', '-c', command], {
    cwd,
    env: { ...process.env, PATH: `${dirname(process.execPath)}:${process.env.PATH ?? ''}` },
    stdout: 'pipe',
    stderr: 'pipe',
  });
  const [out, err, code] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ]);
  if (code !== 0) throw new Error(`${command.slice(0, 200)} failed (${code}): ${(err || out).slice(-1500)}`);
  return out;
}

const megabytes = async (path: string, cwd: string) => Number((await sh(`du -sm ${path}`, cwd)).split(/\s/)[0]);

export async function installSize(): Promise<Figure[]> {
  const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
  const dir = mkdtempSync(join(tmpdir(), 'bench-install-'));
  try {
    // The manifests stage, with COPY's rules: into a destination ending in / a file keeps its name and a folder's
    // contents are copied; otherwise the source becomes the destination.
    for (const copy of stageInstructions(dockerfile, 'manifests', 'COPY')) {
      const parts = copy.split(/\s+/);
      const destination = parts.pop() ?? './';
      for (const source of parts) {
        const from = join(ROOT, source);
        const into = destination.endsWith('/');
        const target =
          into && statSync(from).isFile() ? join(dir, destination, basename(source)) : join(dir, destination);
        mkdirSync(dirname(target), { recursive: true });
        cpSync(from, target, { recursive: true });
      }
    }
    const started = performance.now();
    for (const run of stageInstructions(dockerfile, 'prod-deps', 'RUN')) await sh(run, dir);
    const seconds = (performance.now() - started) / 1000;
    const total = await megabytes('node_modules', dir);
    const telemetry = await megabytes('node_modules/@opentelemetry', dir);
    // The sources beside the install, as the runtime stage copies them, and both entry points bundled from it.
    for (const workspace of ['contracts', 'db', 'platform', 'backend', 'workers'])
      cpSync(join(ROOT, workspace), join(dir, workspace), {
        recursive: true,
        filter: (source) => !source.includes('/node_modules'),
      });
    let resolves = true;
    let note = '';
    try {
      await sh(
        'bun build backend/src/server.ts workers/src/main.ts db/src/migrate.ts --target=bun --outdir=.bundle-check --external typescript',
        dir,
      );
    } catch (error) {
      resolves = false;
      note = String(error).slice(0, 600);
    }
    return [
      figure(
        "30 production install (the Dockerfile's): node_modules",
        `${total} MB`,
        `<= ${GOAL_MB} MB`,
        total <= GOAL_MB,
        `@opentelemetry ${telemetry} MB; installed and pruned in ${seconds.toFixed(1)} s`,
      ),
      figure(
        '30 production install holds what the API and workers import',
        resolves ? 'yes' : 'no',
        'yes',
        resolves,
        note || undefined,
      ),
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
