import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './env';

/** Runs `bun x --bun vite build` in `cwd` into `outDir` (bounded to 5 minutes); throws with its output on failure. */
export async function viteBuild(cwd: string, outDir: string, extra: string[] = []): Promise<void> {
  const proc = Bun.spawn(
    [process.execPath, 'x', '--bun', 'vite', 'build', '--outDir', outDir, '--emptyOutDir', ...extra],
    {
      cwd,
      env: { ...process.env, NODE_ENV: 'production' },
      stdout: 'pipe',
      stderr: 'pipe',
    },
  );
  const timer = setTimeout(() => proc.kill('SIGKILL'), 300_000);
  const [out, err, code] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ]);
  clearTimeout(timer);
  if (code !== 0) throw new Error(`vite build in ${cwd} failed (${code}): ${(err || out).slice(-1500)}`);
}

let site: Promise<string> | undefined;
let siteRoot: string | undefined;

/**
 * The product's SPA built once per run (with source maps, to tell which modules each chunk holds) into a temporary
 * folder, so frontend/dist is left alone.
 */
export function builtSite(): Promise<string> {
  site ??= (async () => {
    siteRoot = mkdtempSync(join(tmpdir(), 'bench-site-'));
    const outDir = join(siteRoot, 'dist');
    await viteBuild(join(ROOT, 'frontend'), outDir, ['--sourcemap']);
    return outDir;
  })();
  return site;
}

export function removeBuiltSite() {
  if (siteRoot) rmSync(siteRoot, { recursive: true, force: true });
}
