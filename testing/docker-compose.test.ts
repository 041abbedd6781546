import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseEnv } from '@app/platform/env';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ApiEnvSchema, apiRequiredVariables } from '../backend/src/env';
import { assertStartable } from '../backend/src/startup-checks';
import { WorkersEnvSchema, workersRequiredVariables } from '../workers/src/env';

interface Service {
  image?: string;
  command?: string | string[];
  environment?: Record<string, string | number | boolean | null> | string[];
  depends_on?: string[] | Record<string, { condition?: string }>;
  healthcheck?: { test?: string | string[]; disable?: boolean };
  ports?: (string | number | { target: number; published?: number | string })[];
  restart?: string;
}

const root = new URL('../', import.meta.url);
// merge: true resolves the `<<: *anchor` merge keys the way Compose does.
const compose = parse(readFileSync(new URL('docker-compose.yml', root), 'utf8'), { merge: true }) as {
  services: Record<string, Service>;
};
const services = compose.services;

const service = (name: string): Service => {
  const found = services[name];
  if (!found) throw new Error(`docker-compose.yml has no service named ${name}`);
  return found;
};

/**
 * The value Compose hands the container when no variable is set in the shell or a .env file (`make up` on a fresh
 * checkout): `${VAR:-default}` and `${VAR-default}` give their default, `${VAR}` and `$VAR` give nothing, and
 * `${VAR:?message}` makes Compose refuse to start, which counts as nothing too.
 */
const withoutDotEnv = (value: string): string =>
  value.replace(
    /\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?-)([^}]*)|:?[?+][^}]*)?\}|\$[A-Za-z_][A-Za-z0-9_]*/g,
    (match, _name, defaultOperator, fallback) => (match === '$$' ? '$' : defaultOperator ? fallback : ''),
  );

/** A service's environment as the container sees it without a .env file; list and map syntax both. */
const environmentOf = (name: string): Record<string, string> => {
  const raw = service(name).environment ?? {};
  const entries = Array.isArray(raw)
    ? raw.map((line) => {
        const at = line.indexOf('=');
        return at === -1 ? [line, ''] : [line.slice(0, at), line.slice(at + 1)];
      })
    : Object.entries(raw).map(([key, value]) => [key, value === null ? '' : String(value)]);
  return Object.fromEntries(entries.map(([key, value]) => [key, withoutDotEnv(value ?? '').trim()]));
};

const unset = (name: string, variables: string[]): string[] => {
  const env = environmentOf(name);
  return variables.filter((variable) => !env[variable]);
};

const dependencyCondition = (name: string, on: string): string | undefined => {
  const dependsOn = service(name).depends_on;
  if (!dependsOn) return undefined;
  if (Array.isArray(dependsOn)) return dependsOn.includes(on) ? 'service_started' : undefined;
  return dependsOn[on]?.condition ?? (on in dependsOn ? 'service_started' : undefined);
};

const commandOf = (name: string): string => {
  const command = service(name).command ?? '';
  return Array.isArray(command) ? command.join(' ') : command;
};

describe('docker-compose.yml', () => {
  it('knows which variables the API and the workers require', () => {
    // Guards the checks below: an empty list would make them pass vacuously.
    expect(apiRequiredVariables).toEqual(expect.arrayContaining(['DATABASE_URL', 'REDIS_URL', 'APP_URL']));
    expect(workersRequiredVariables).toEqual(expect.arrayContaining(['DATABASE_URL', 'SMTP_URL', 'EMAIL_FROM']));
  });

  it('sets every variable the API requires on the api service', () => {
    expect(unset('api', apiRequiredVariables)).toEqual([]);
  });

  it('sets every variable the workers require on the workers service', () => {
    expect(unset('workers', workersRequiredVariables)).toEqual([]);
  });

  it('gives the migration its database', () => {
    expect(unset('migrate', ['DATABASE_URL'])).toEqual([]);
    expect(commandOf('migrate')).toBe('bun db/src/migrate.ts');
  });

  it("sets values that pass the API's and the workers' own configuration checks", () => {
    expect(() => parseEnv(ApiEnvSchema, environmentOf('api'))).not.toThrow();
    expect(() => parseEnv(WorkersEnvSchema, environmentOf('workers'))).not.toThrow();
  });

  it('gives the API and the workers the same database, Redis and queue prefix', () => {
    const api = environmentOf('api');
    const workers = environmentOf('workers');
    for (const variable of ['DATABASE_URL', 'REDIS_URL', 'QUEUE_PREFIX']) {
      expect(workers[variable], variable).toBe(api[variable]);
    }
    expect(environmentOf('migrate').DATABASE_URL).toBe(api.DATABASE_URL);
  });

  it('runs the API, the workers and the migration from the one app image', () => {
    const images = new Set(['migrate', 'api', 'workers'].map((name) => service(name).image));
    expect(images.size).toBe(1);
    expect(commandOf('workers')).toBe('bun workers/src/main.ts');
  });

  it('keeps Redis durable and never evicts queue keys', () => {
    const command = commandOf('redis');
    expect(command).toMatch(/--appendonly\s+yes\b/);
    expect(command).toMatch(/--maxmemory-policy\s+noeviction\b/);
  });

  it('starts the API and the workers only after the migration succeeded and Redis is healthy', () => {
    for (const name of ['api', 'workers']) {
      expect(dependencyCondition(name, 'migrate'), name).toBe('service_completed_successfully');
      expect(dependencyCondition(name, 'redis'), name).toBe('service_healthy');
    }
    expect(dependencyCondition('workers', 'mailpit')).toBe('service_healthy');
    expect(dependencyCondition('migrate', 'postgres')).toBe('service_healthy');
    expect(service('migrate').restart).toBe('no');
  });

  it('has a healthcheck on every long-running service', () => {
    const oneShot = new Set(
      Object.keys(services).flatMap((name) =>
        Object.keys(services).filter((on) => dependencyCondition(name, on) === 'service_completed_successfully'),
      ),
    );
    const longRunning = Object.keys(services).filter((name) => !oneShot.has(name));
    expect(longRunning).toEqual(expect.arrayContaining(['postgres', 'redis', 'mailpit', 'api', 'workers']));
    const missing = longRunning.filter((name) => {
      const healthcheck = service(name).healthcheck;
      const test = [healthcheck?.test ?? []].flat();
      return !healthcheck || healthcheck.disable === true || test.length === 0 || test[0] === 'NONE';
    });
    expect(missing).toEqual([]);
  });

  it('checks the workers on their own health port', () => {
    const port = environmentOf('workers').WORKERS_HEALTH_PORT || '3001';
    expect([service('workers').healthcheck?.test ?? []].flat().join(' ')).toContain(`:${port}/healthz`);
  });

  it("publishes the site on 3000 and the mail catcher's web inbox on 8025", () => {
    const targets = (name: string) =>
      (service(name).ports ?? []).map((port) =>
        typeof port === 'object' ? String(port.target) : String(port).split(':').at(-1)?.split('/')[0],
      );
    expect(targets('api')).toContain('3000');
    expect(targets('mailpit')).toContain('8025');
  });
});

describe('the Compose stack as production (make up)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'compose-secrets-'));
  const file = join(dir, '.env.compose');
  const makeSecrets = () =>
    spawnSync('make', ['--no-print-directory', 'compose-secrets', `COMPOSE_SECRETS=${file}`], {
      cwd: new URL('../', import.meta.url).pathname,
      encoding: 'utf8',
      env: { ...process.env, MAKEFLAGS: '', MAKELEVEL: '' },
    });
  const readSecrets = () =>
    Object.fromEntries(
      readFileSync(file, 'utf8')
        .split('\n')
        .filter((line) => /^[A-Z_]+=/.test(line))
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    );

  it('makes its secrets once, readable by their owner only, and never replaces them', () => {
    expect(makeSecrets().status).toBe(0);
    const first = readSecrets();
    expect(first.METRICS_TOKEN).toMatch(/^[0-9a-f]{48}$/);
    expect(Buffer.from(first.APP_ENCRYPTION_KEY ?? '', 'base64')).toHaveLength(32);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(makeSecrets().status).toBe(0);
    expect(readSecrets()).toEqual(first);
  });

  it('starts the API in production with them, and the workers too', () => {
    expect(service('api').environment).toMatchObject({ NODE_ENV: '${NODE_ENV:-production}' });
    const envFiles = (service('api') as { env_file?: { path: string; required?: boolean }[] }).env_file ?? [];
    expect(envFiles).toContainEqual({ path: '.env.compose', required: false });
    if (!statSafe(file)) makeSecrets();
    const apiEnv = { ...readSecrets(), ...environmentOf('api') };
    expect(apiEnv.NODE_ENV).toBe('production');
    // The environment wins over env_file in Compose: nothing there may blank the generated secrets.
    expect(environmentOf('api').METRICS_TOKEN).toBeUndefined();
    expect(environmentOf('api').APP_ENCRYPTION_KEY).toBeUndefined();
    expect(() => assertStartable(parseEnv(ApiEnvSchema, apiEnv), apiEnv)).not.toThrow();
    expect(() => parseEnv(WorkersEnvSchema, { ...readSecrets(), ...environmentOf('workers') })).not.toThrow();
  });

  it('publishes the mail catcher on this machine only: its inbox holds reset and invitation links', () => {
    for (const port of service('mailpit').ports ?? []) expect(String(port)).toMatch(/^127\.0\.0\.1:/);
  });
});

const statSafe = (path: string) => {
  try {
    return statSync(path);
  } catch {
    return null;
  }
};

describe('.env.example', () => {
  it('documents every variable the API and the workers read', () => {
    const example = readFileSync(new URL('.env.example', root), 'utf8');
    const documented = new Set([...example.matchAll(/^#?\s*([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]));
    const read = [...Object.keys(ApiEnvSchema.entries), ...Object.keys(WorkersEnvSchema.entries), 'LOG_LEVEL'];
    expect(read.filter((variable) => !documented.has(variable))).toEqual([]);
  });
});

describe('Dockerfile', () => {
  const dockerfile = readFileSync(new URL('Dockerfile', root), 'utf8');

  it("copies every workspace's package.json before installing, so the lockfile installs whole", () => {
    const { workspaces } = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as { workspaces: string[] };
    const copied = new Set([...dockerfile.matchAll(/^COPY\s+([\w./-]+)\/package\.json\s/gm)].map((match) => match[1]));
    expect(workspaces.length).toBeGreaterThan(0);
    expect(workspaces.filter((workspace) => !copied.has(workspace))).toEqual([]);
  });

  it('runs as the non-root bun user and starts the API by default', () => {
    const runtime = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
    expect(runtime).toMatch(/^USER bun$/m);
    expect(runtime).toMatch(/^CMD \["bun", "backend\/src\/server\.ts"\]$/m);
    expect(runtime).toMatch(/^HEALTHCHECK /m);
  });
});
