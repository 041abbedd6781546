/**
 * `make up` on a machine without a Docker engine (no docker command, or one whose daemon does not answer) says so in
 * one line and points to the way without Docker, instead of Compose's own errors.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../', import.meta.url));

/** This process's PATH without any folder that holds a `docker`. */
const pathWithoutDocker = (process.env.PATH ?? '')
  .split(':')
  .filter((dir) => {
    try {
      accessSync(join(dir, 'docker'), constants.X_OK);
      return false;
    } catch {
      return true;
    }
  })
  .join(':');

// A docker command whose engine is away: `docker info` fails as it does when the daemon is not running.
const fakeDockerDir = mkdtempSync(join(tmpdir(), 'no-docker-engine-'));
writeFileSync(join(fakeDockerDir, 'docker'), '#!/bin/sh\necho "Cannot connect to the Docker daemon" >&2\nexit 1\n', {
  mode: 0o755,
});
// An engine that answers, with only Compose v1 beside it: `docker compose` is not a command there.
const composeV1Dir = mkdtempSync(join(tmpdir(), 'compose-v1-'));
writeFileSync(
  join(composeV1Dir, 'docker'),
  '#!/bin/sh\n[ "$1" = info ] && exit 0\necho "docker: \'compose\' is not a docker command." >&2\nexit 1\n',
  { mode: 0o755 },
);
afterAll(() => {
  rmSync(fakeDockerDir, { recursive: true, force: true });
  rmSync(composeV1Dir, { recursive: true, force: true });
});

const makeUp = (path: string) =>
  spawnSync('make', ['--no-print-directory', 'up'], {
    cwd: root,
    encoding: 'utf8',
    // Run as a make of its own: under `make test` the parent's MAKEFLAGS and MAKELEVEL would make this one `make[1]`.
    env: { ...process.env, PATH: path, MAKEFLAGS: '', MAKELEVEL: '' },
  });

describe('make up without a Docker engine', () => {
  it.each([
    ['no docker command', pathWithoutDocker],
    ['a docker command whose engine does not answer', `${fakeDockerDir}:${pathWithoutDocker}`],
  ])('with %s, says so in one line and points to make start', (_case, path) => {
    const result = makeUp(path);
    expect(result.status).not.toBe(0);
    const ours = result.stderr.split('\n').filter((line) => line && !/^make(\[\d+\])?: \*\*\*/.test(line));
    expect(ours).toHaveLength(1);
    expect(ours[0]).toMatch(/Docker engine/);
    expect(ours[0]).toContain('make start');
    expect(result.stdout).toBe('');
  });
});

describe('make up with Compose v1 only', () => {
  it('says Compose v2 is needed in one line, before making or starting anything', () => {
    const result = makeUp(`${composeV1Dir}:${pathWithoutDocker}`);
    expect(result.status).not.toBe(0);
    const ours = result.stderr.split('\n').filter((line) => line && !/^make(\[\d+\])?: \*\*\*/.test(line));
    expect(ours).toEqual([expect.stringMatching(/needs Docker Compose v2 .*cannot wait/)]);
    expect(result.stdout).toBe('');
  });
});
