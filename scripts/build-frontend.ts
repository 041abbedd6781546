/**
 * `make build`: builds the SPA into frontend/dist, unless the build's inputs are the same, by content, as those of the
 * build already there (issue 30). The inputs are hashed: the frontend's files (sources, public files, index.html,
 * Vite config and plugins, .env files), the contracts it imports, the manifests and lock file that decide the
 * installed packages, the TypeScript and Bun settings, this script, the Bun version, the environment Vite reads
 * (NODE_ENV, VITE_*), and the year (the prerendered footer shows it). The hash is written beside frontend/dist once a
 * build succeeds, and removed before one starts: a failed or interrupted build is never taken for a good one.
 * `FORCE=1` builds anyway. Dates are never compared: a checkout, a copy or a touch changes nothing, an edit always
 * rebuilds.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

const root = new URL('../', import.meta.url).pathname;
const frontend = join(root, 'frontend');
const dist = join(frontend, 'dist');
/** Beside frontend/dist, not in it: the build empties dist, and nothing in dist is served that was not built. */
export const STAMP = join(frontend, '.dist-inputs-sha256');

/** Folders and files under frontend/ and contracts/ that are not inputs of the build. */
const notInput = (path: string) =>
  /(^|\/)(node_modules|dist|dist-[^/]*|coverage)(\/|$)/.test(path) ||
  // Written by the router plugin from src/routes, which is hashed.
  path === 'frontend/src/routeTree.gen.ts' ||
  path === relative(root, STAMP) ||
  /\.test\.tsx?$/.test(path);

function filesUnder(dir: string): string[] {
  return readdirSync(join(root, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .filter((path) => !notInput(path));
}

/** The hash of everything the build's output depends on (see above). */
export function buildInputsHash(env: Record<string, string | undefined> = process.env): string {
  const files = [
    ...filesUnder('frontend'),
    ...filesUnder('contracts'),
    'package.json',
    'bun.lock',
    'tsconfig.json',
    'bunfig.toml',
    'scripts/build-frontend.ts',
  ]
    .filter((path) => existsSync(join(root, path)))
    .sort();
  const hash = createHash('sha256');
  for (const path of files) {
    hash.update(`file\0${path}\0`);
    hash.update(readFileSync(join(root, path)));
    hash.update('\0');
  }
  const viteEnv = Object.keys(env)
    .filter((name) => name === 'NODE_ENV' || name.startsWith('VITE_'))
    .sort()
    .map((name) => `${name}=${env[name]}`);
  hash.update(`env\0${viteEnv.join('\0')}\0bun\0${Bun.version}\0year\0${new Date().getUTCFullYear()}`);
  return hash.digest('hex');
}

if (import.meta.main) {
  const started = performance.now();
  const inputs = buildInputsHash();
  const built = existsSync(STAMP) ? readFileSync(STAMP, 'utf8').trim() : null;
  if (process.env.FORCE !== '1' && built === inputs && existsSync(join(dist, 'index.html'))) {
    const ms = Math.round(performance.now() - started);
    console.log(`frontend/dist is up to date: its inputs are unchanged (${inputs.slice(0, 12)}, checked in ${ms} ms)`);
    process.exit(0);
  }
  rmSync(STAMP, { force: true });
  const build = Bun.spawn([process.execPath, 'x', '--bun', 'vite', 'build'], {
    cwd: frontend,
    stdio: ['inherit', 'inherit', 'inherit'],
  });
  const code = await build.exited;
  if (code !== 0) process.exit(code || 1);
  writeFileSync(STAMP, `${inputs}\n`);
}
