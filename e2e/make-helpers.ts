import { spawn } from 'node:child_process';

/**
 * The Makefile's commands run from a test (e2e/operator-commands, e2e/build-skip): never with `bun install` (the
 * shared working tree's dependencies are installed by whoever changes them, not under other running tests), and in
 * an environment with nothing of Vitest's or of a Make that started the tests.
 */

/** Tells Make its install step is done. */
export const NO_INSTALL = ['-o', 'node_modules/.make-install-stamp'];

/** This process's environment without Vitest's variables, Make's own (MAKEFLAGS, ...), NODE_ENV and `alsoLeftOut`. */
export function testlessEnv(alsoLeftOut: string[] = []): Record<string, string> {
  const leftOut = new Set(['NODE_ENV', 'MAKEFLAGS', 'MAKELEVEL', 'MFLAGS', ...alsoLeftOut]);
  return Object.fromEntries(
    Object.entries(process.env).filter(
      (entry): entry is [string, string] =>
        entry[1] !== undefined && !entry[0].startsWith('VITEST') && !leftOut.has(entry[0]),
    ),
  );
}

/** What a `make` gave: its exit code and what it wrote, on each stream and on both in the order it came. */
export interface MakeRun {
  code: number | null;
  stdout: string;
  stderr: string;
  output: string;
}

/** `make <args>`, its install step taken as done, in `cwd` with `env` as its whole environment and `stdin` piped in. */
export function runMake(
  args: string[],
  options: { cwd: string; env: Record<string, string>; stdin?: string },
): Promise<MakeRun> {
  return new Promise((resolve, reject) => {
    const child = spawn('make', [...NO_INSTALL, ...args], { cwd: options.cwd, env: options.env });
    const written = { stdout: '', stderr: '', output: '' };
    for (const stream of ['stdout', 'stderr'] as const)
      child[stream].on('data', (chunk) => {
        written[stream] += chunk;
        written.output += chunk;
      });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, ...written }));
    child.stdin.end(options.stdin ?? '');
  });
}
