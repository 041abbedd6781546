import { Gauge, type Registry } from 'prom-client';

/**
 * `build_info` (always 1): which release each replica runs, for dashboards and for alerts that must tell a rollout
 * from an outage. The image sets APP_VERSION and GIT_COMMIT at build time (Dockerfile build arguments); a process
 * started from a checkout reports `dev` and `unknown`. Never read from git at run time: the image has no repository.
 */
export function registerBuildInfo(
  registry: Registry,
  service: 'api' | 'workers',
  env: Record<string, string | undefined> = process.env,
): void {
  const gauge = new Gauge({
    name: 'build_info',
    help: 'The running release: version, commit, runtime and service (value 1)',
    labelNames: ['version', 'commit', 'runtime', 'service'],
    registers: [registry],
  });
  gauge.set(
    {
      version: env.APP_VERSION || 'dev',
      commit: env.GIT_COMMIT || 'unknown',
      runtime: typeof Bun === 'undefined' ? `node ${process.versions.node}` : `bun ${Bun.version}`,
      service,
    },
    1,
  );
}
