/**
 * Strict validation of rendered Kubernetes objects: each object becomes an object literal typed with its kind's
 * interface (kubernetes-models, generated from the Kubernetes OpenAPI schemas and the CRDs'), and TypeScript checks
 * them. An object literal may only name known properties, at every depth, so a misspelled field (`readinesProbe`)
 * fails here, where the models' own validators accept unknown fields as the API server's lenient mode does.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where each kind's interface comes from: `module#Interface`. */
const kindTypes: Record<string, string> = {
  'apps/v1/Deployment': 'kubernetes-models/apps/v1/Deployment#IDeployment',
  'apps/v1/StatefulSet': 'kubernetes-models/apps/v1/StatefulSet#IStatefulSet',
  'autoscaling/v2/HorizontalPodAutoscaler':
    'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler#IHorizontalPodAutoscaler',
  'batch/v1/Job': 'kubernetes-models/batch/v1/Job#IJob',
  'batch/v1/CronJob': 'kubernetes-models/batch/v1/CronJob#ICronJob',
  'networking.k8s.io/v1/Ingress': 'kubernetes-models/networking.k8s.io/v1/Ingress#IIngress',
  'networking.k8s.io/v1/NetworkPolicy': 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy#INetworkPolicy',
  'policy/v1/PodDisruptionBudget': 'kubernetes-models/policy/v1/PodDisruptionBudget#IPodDisruptionBudget',
  'v1/ConfigMap': 'kubernetes-models/v1/ConfigMap#IConfigMap',
  'v1/Namespace': 'kubernetes-models/v1/Namespace#INamespace',
  'v1/PersistentVolumeClaim': 'kubernetes-models/v1/PersistentVolumeClaim#IPersistentVolumeClaim',
  'v1/Secret': 'kubernetes-models/v1/Secret#ISecret',
  'v1/Service': 'kubernetes-models/v1/Service#IService',
  'keda.sh/v1alpha1/ScaledObject': '@kubernetes-models/keda/keda.sh/v1alpha1/ScaledObject#IScaledObject',
  'monitoring.coreos.com/v1/PodMonitor':
    '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1/PodMonitor#IPodMonitor',
  'monitoring.coreos.com/v1/PrometheusRule':
    '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1/PrometheusRule#IPrometheusRule',
};

const root = fileURLToPath(new URL('../', import.meta.url));

/**
 * The compiler itself: TypeScript 7's native executable, run directly. Its `tsc` wrapper is a `#!/usr/bin/env node`
 * script that finds the executable and runs it, which adds a process, a PATH lookup and a Node start to every check
 * (under `bun --bun` that `node` is a temporary shim), each one more way for a loaded CI machine to fail it.
 */
function compiler(): string {
  try {
    const manifest = createRequire(root).resolve(
      `@typescript/typescript-${process.platform}-${process.arch}/package.json`,
    );
    const executable = `${dirname(manifest)}/lib/tsc`;
    if (existsSync(executable)) return executable;
  } catch {
    // Not installed for this platform: the wrapper below says why.
  }
  return `${root}node_modules/.bin/tsc`;
}

/**
 * Runs the compiler over the project in dir, single-threaded (a machine short of threads still runs it), its output
 * written to a file rather than a pipe: a spawnSync pipe read in a process busy with other tests' sockets and children
 * can come back empty, and a check that cannot see the compiler's answer proves nothing.
 */
function compile(dir: string): { status: number | null; signal: string | null; output: string; error?: Error } {
  const file = `${dir}/tsc-output.txt`;
  const fd = openSync(file, 'w');
  try {
    const tsc = spawnSync(compiler(), ['-p', dir, '--singleThreaded', '--pretty', 'false'], {
      cwd: root,
      stdio: ['ignore', fd, fd],
      timeout: 180_000,
      env: { ...process.env, GOMAXPROCS: '2' },
    });
    return { status: tsc.status, signal: tsc.signal, error: tsc.error, output: readFileSync(file, 'utf8') };
  } finally {
    closeSync(fd);
  }
}

/** The compiler's whole output of the last check, for a test's message when it finds less than it should. */
export let lastOutput = '';

/** Every problem TypeScript finds in the objects (one line each), or what kind no interface is known for. */
export function strictProblems(objects: { apiVersion: string; kind: string; metadata: { name: string } }[]): string[] {
  const unknown = objects
    .filter((object) => !kindTypes[`${object.apiVersion}/${object.kind}`])
    .map((object) => `${object.apiVersion} ${object.kind} ${object.metadata.name}: no schema known to this test`);
  if (unknown.length) return unknown;
  // Inside the repository, so that the packages resolve from its node_modules, but not inside node_modules itself,
  // where a compiler may take the file for a library's and leave it unchecked. Git ignores it (.gitignore).
  const dir = `${root}.kubernetes-strict-${process.pid}-${Math.random().toString(36).slice(2)}`;
  mkdirSync(dir, { recursive: true });
  try {
    const imports = new Map<string, string>();
    const lines = objects.map((object, index) => {
      const [module, name] = (kindTypes[`${object.apiVersion}/${object.kind}`] ?? '').split('#') as [string, string];
      const alias = `T${imports.size}`;
      if (!imports.has(module)) imports.set(module, `import type { ${name} as ${alias} } from '${module}';`);
      const typeName = /as (T\d+)/.exec(imports.get(module) ?? '')?.[1];
      return `// ${object.kind} ${object.metadata.name}\nexport const object${index}: ${typeName} = ${JSON.stringify(object, null, 2)};`;
    });
    writeFileSync(`${dir}/objects.ts`, `${[...imports.values()].join('\n')}\n\n${lines.join('\n\n')}\n`);
    writeFileSync(
      `${dir}/tsconfig.json`,
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          module: 'esnext',
          moduleResolution: 'bundler',
          target: 'es2022',
          skipLibCheck: true,
          types: [],
        },
        files: ['objects.ts'],
      }),
    );
    // The repository's own TypeScript, by its path: no package runner in between to pick another or fail quietly.
    // A compiler that failed without a type error (killed, out of threads or memory) is given one more try.
    let tsc = compile(dir);
    if (tsc.status !== 0 && !/error TS\d+/.test(tsc.output)) tsc = compile(dir);
    if (tsc.error) throw tsc.error;
    const output = tsc.output;
    const problems = output
      .split('\n')
      .filter((line) => /error TS\d+/.test(line))
      .map((line) => line.replace(/^.*objects\.ts/, 'objects.ts'));
    // A compiler that failed without a type error to show (it could not start, ran out of memory, was killed) proves
    // nothing: say so instead of passing.
    if (tsc.status !== 0 && problems.length === 0)
      throw new Error(`tsc failed (status ${tsc.status}, signal ${tsc.signal}): ${output.slice(0, 2000)}`);
    lastOutput = output;
    return problems;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
