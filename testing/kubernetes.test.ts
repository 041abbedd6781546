/**
 * deploy/kubernetes: each overlay rendered as `kubectl apply -k` would send it (`kubectl kustomize`), every object
 * validated against the Kubernetes schemas (kubernetes-models) and strictly (no unknown field at any depth:
 * kubernetes-strict.ts), and what the deployment promises checked on the rendered objects: replicas and disruption
 * budget, probes, the preStop pause, the migrations Job and its backup, non-root read-only containers with resource
 * requests, network policies, pod security, autoscaling, monitoring, and every variable the API and the workers
 * require. Without kubectl the tests fail: a check that silently does not run is no check.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseEnv } from '@app/platform/env';
import { ScaledObject } from '@kubernetes-models/keda/keda.sh/v1alpha1';
import { PodMonitor, PrometheusRule } from '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1';
import { Deployment, StatefulSet } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { CronJob, Job } from 'kubernetes-models/batch/v1';
import { Ingress, NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { ConfigMap, Namespace, PersistentVolumeClaim, Secret, Service } from 'kubernetes-models/v1';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments, parse as parseYaml } from 'yaml';
import { ApiEnvSchema, apiRequiredVariables } from '../backend/src/env';
import { parseProxyTrust } from '../backend/src/lib/client-address';
import { assertStartable } from '../backend/src/startup-checks';
import { loadWorkersConfig, workersRequiredVariables } from '../workers/src/env';
import { lastOutput, strictProblems } from './kubernetes-strict';

/** The models of every kind an overlay may render; a kind missing here fails the test instead of going unchecked. */
const models: Record<string, new (data: never) => { validate(): void }> = {
  'apps/v1/Deployment': Deployment,
  'apps/v1/StatefulSet': StatefulSet,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'batch/v1/Job': Job,
  'batch/v1/CronJob': CronJob,
  'networking.k8s.io/v1/Ingress': Ingress,
  'networking.k8s.io/v1/NetworkPolicy': NetworkPolicy,
  'v1/PersistentVolumeClaim': PersistentVolumeClaim,
  'keda.sh/v1alpha1/ScaledObject': ScaledObject,
  'monitoring.coreos.com/v1/PodMonitor': PodMonitor,
  'monitoring.coreos.com/v1/PrometheusRule': PrometheusRule,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'v1/ConfigMap': ConfigMap,
  'v1/Namespace': Namespace,
  'v1/Secret': Secret,
  'v1/Service': Service,
};

interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: {
    secretKeyRef?: { name: string; key: string; optional?: boolean };
    configMapKeyRef?: { name: string; key: string };
  };
}
interface SecurityContext {
  runAsNonRoot?: boolean;
  runAsUser?: number;
  readOnlyRootFilesystem?: boolean;
  allowPrivilegeEscalation?: boolean;
  capabilities?: { drop?: string[] };
  seccompProfile?: { type: string };
}
interface Probe {
  httpGet?: { path: string; port: string | number };
}
interface Container {
  name: string;
  image: string;
  command?: string[];
  args?: string[];
  env?: EnvVar[];
  envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
  ports?: { name?: string; containerPort: number }[];
  livenessProbe?: Probe;
  readinessProbe?: Probe;
  lifecycle?: { preStop?: { exec?: { command: string[] }; sleep?: { seconds: number } } };
  securityContext?: SecurityContext;
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  volumeMounts?: { name: string; mountPath: string }[];
}
interface PodSpec {
  containers: Container[];
  topologySpreadConstraints?: { topologyKey: string; labelSelector?: { matchLabels?: Record<string, string> } }[];
  volumes?: { name: string; persistentVolumeClaim?: { claimName: string } }[];
  initContainers?: Container[];
  securityContext?: SecurityContext;
  terminationGracePeriodSeconds?: number;
}
interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: {
    name: string;
    namespace?: string;
    labels?: Record<string, string>;
    annotations?: Record<string, string>;
  };
  spec?: {
    ttlSecondsAfterFinished?: number;
    jobTemplate?: { spec: { template: { spec: PodSpec } } };
    podSelector?: { matchLabels?: Record<string, string> };
    policyTypes?: string[];
    ingress?: {
      from?: { namespaceSelector?: { matchLabels?: Record<string, string> }; podSelector?: unknown }[];
      ports?: { port: string | number }[];
    }[];
    ingressClassName?: string;
    triggers?: { type: string; metadata: Record<string, string> }[];
    minReplicaCount?: number;
    groups?: unknown[];
    podMetricsEndpoints?: { port: string; relabelings?: { targetLabel: string; replacement?: string }[] }[];
    replicas?: number;
    selector?: { matchLabels?: Record<string, string> };
    template?: { metadata?: { labels?: Record<string, string> }; spec: PodSpec };
    scaleTargetRef?: { apiVersion: string; kind: string; name: string };
    minReplicas?: number;
    maxUnavailable?: number | string;
    minAvailable?: number | string;
  };
  data?: Record<string, string>;
  stringData?: Record<string, string>;
}

const overlaysDir = fileURLToPath(new URL('../deploy/kubernetes/overlays/', import.meta.url));
const kubectl = spawnSync('kubectl', ['version', '--client'], { encoding: 'utf8' });
const hasKubectl = kubectl.status === 0;

function render(overlay: string): K8sObject[] {
  const result = spawnSync('kubectl', ['kustomize', `${overlaysDir}${overlay}`], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`kubectl kustomize overlays/${overlay} failed:\n${result.stderr}`);
  return parseAllDocuments(result.stdout)
    .map((document) => document.toJS() as K8sObject | null)
    .filter((object): object is K8sObject => object !== null);
}

/** What only the Secret may hold: connection strings with passwords, keys and tokens. */
const secretVariables = [
  'DATABASE_URL',
  'REDIS_URL',
  'SMTP_URL',
  'APP_ENCRYPTION_KEY',
  'METRICS_TOKEN',
  'SCHEDULING_WEBHOOK_SIGNING_KEY',
  'OIDC_CLIENT_SECRET',
  'CALDAV_PASSWORD',
];

const sleepSeconds = (container: Container): number => {
  const preStop = container.lifecycle?.preStop;
  if (preStop?.sleep) return preStop.sleep.seconds;
  const command = preStop?.exec?.command ?? [];
  return command[0] === 'sleep' ? Number(command[1]) : 0;
};

const commandLine = (container: Container) => [...(container.command ?? []), ...(container.args ?? [])].join(' ');

describe.each(['local', 'production'])('deploy/kubernetes/overlays/%s', (overlay) => {
  if (!hasKubectl) {
    it('renders (kubectl with kustomize 5 must be on the PATH: .ci/run installs it)', () => {
      expect.fail(`kubectl is not on the PATH: ${kubectl.error?.message ?? kubectl.stderr}`);
    });
    return;
  }
  const objects = render(overlay);
  const find = (kind: string, name: string): K8sObject => {
    const found = objects.find((object) => object.kind === kind && object.metadata.name.startsWith(name));
    if (!found) throw new Error(`overlays/${overlay} renders no ${kind} named ${name}`);
    return found;
  };
  const workloads = objects.filter((object) => ['Deployment', 'StatefulSet', 'Job', 'CronJob'].includes(object.kind));
  const podSpec = (object: K8sObject): PodSpec => {
    const spec = object.spec?.template?.spec ?? object.spec?.jobTemplate?.spec.template.spec;
    if (!spec) throw new Error(`${object.kind} ${object.metadata.name} has no pod template`);
    return spec;
  };
  const api = find('Deployment', 'lucid-insight-api');
  const workers = find('Deployment', 'lucid-insight-workers');
  const mainContainer = (object: K8sObject): Container => {
    const container = podSpec(object).containers[0];
    if (!container) throw new Error(`${object.metadata.name} has no container`);
    return container;
  };
  const hpaFor = (deployment: K8sObject) =>
    objects.find(
      (object) =>
        object.kind === 'HorizontalPodAutoscaler' &&
        object.spec?.scaleTargetRef?.kind === 'Deployment' &&
        object.spec.scaleTargetRef.name === deployment.metadata.name,
    );

  it('renders objects that are valid against the Kubernetes schemas', () => {
    expect(objects.length).toBeGreaterThan(5);
    const problems = objects.flatMap((object) => {
      const Model = models[`${object.apiVersion}/${object.kind}`];
      if (!Model) return [`${object.apiVersion} ${object.kind} ${object.metadata.name}: no schema known to this test`];
      try {
        new Model(object as never).validate();
        return [];
      } catch (error) {
        return [`${object.kind} ${object.metadata.name}: ${(error as Error).message}`];
      }
    });
    expect(problems).toEqual([]);
  });

  it('renders objects with no unknown field at any depth (a misspelled field fails)', () => {
    expect(strictProblems(objects)).toEqual([]);
    // The check itself: the same objects with one field misspelled deep inside a pod template.
    const planted = structuredClone(objects);
    const container = planted.find((o) => o.kind === 'Deployment')?.spec?.template?.spec.containers[0];
    if (!container) throw new Error('no Deployment to plant a misspelling in');
    Object.assign(container, { readinesProbe: container.readinessProbe });
    const found = strictProblems(planted).join('\n');
    expect(found, `tsc said:\n${lastOutput}`).toMatch(/'"readinesProbe"' does not exist in type 'IContainer'/);
  });

  it('puts everything into one namespace', () => {
    const namespaces = new Set(objects.filter((o) => o.kind !== 'Namespace').map((o) => o.metadata.namespace));
    expect([...namespaces]).toEqual(['lucid-insight']);
  });

  it('runs at least two API replicas (or an autoscaler that keeps two) under a disruption budget', () => {
    const replicas = api.spec?.replicas ?? hpaFor(api)?.spec?.minReplicas ?? 1;
    expect(replicas).toBeGreaterThanOrEqual(2);
    const podLabels = api.spec?.template?.metadata?.labels ?? {};
    const budgets = objects.filter((object) => {
      if (object.kind !== 'PodDisruptionBudget') return false;
      const selector = Object.entries(object.spec?.selector?.matchLabels ?? {});
      return selector.length > 0 && selector.every(([key, value]) => podLabels[key] === value);
    });
    expect(budgets.map((budget) => budget.metadata.name)).toEqual(['lucid-insight-api']);
    const budget = budgets[0]?.spec;
    // It must let a node drain go on: never every pod kept, never none.
    expect(budget?.maxUnavailable ?? 0).toBe(1);
    // The API Service and the workers' budget select the pods they mean, and only those.
    expect(find('Service', 'lucid-insight-api').spec?.selector).toEqual(api.spec?.selector?.matchLabels);
    expect(workers.spec?.selector?.matchLabels).not.toEqual(api.spec?.selector?.matchLabels);
  });

  it('probes the API on /healthz (alive) and /readyz (ready), and the workers on their health port', () => {
    const container = mainContainer(api);
    expect(container.livenessProbe?.httpGet?.path).toBe('/healthz');
    expect(container.readinessProbe?.httpGet?.path).toBe('/readyz');
    const port = container.ports?.find((p) => p.name === container.readinessProbe?.httpGet?.port);
    expect(port?.containerPort).toBe(3000);
    expect(container.env?.find((variable) => variable.name === 'PORT')?.value).toBe('3000');

    const worker = mainContainer(workers);
    const healthPort = worker.env?.find((variable) => variable.name === 'WORKERS_HEALTH_PORT')?.value;
    expect(healthPort).toBe('3001');
    expect(worker.livenessProbe?.httpGet?.path).toBe('/healthz');
    expect(worker.readinessProbe?.httpGet?.path).toBe('/readyz');
    const workerPort = worker.ports?.find((p) => p.name === worker.livenessProbe?.httpGet?.port);
    expect(String(workerPort?.containerPort)).toBe(healthPort);
    // The kubelet and Prometheus reach the pod's address (the workers listen on loopback unless told otherwise), and
    // /metrics there asks for the API's token, from the same Secret (issue 26).
    expect(worker.env?.find((variable) => variable.name === 'WORKERS_HEALTH_HOST')?.value).toBe('0.0.0.0');
    const token = (container: typeof worker) =>
      container.env?.find((variable) => variable.name === 'METRICS_TOKEN')?.valueFrom?.secretKeyRef;
    expect(token(worker)).toEqual(token(container));
    expect(token(worker)?.key).toBe('METRICS_TOKEN');
  });

  it('pauses the API before SIGTERM so load balancers drain it, within the grace period', () => {
    const pause = sleepSeconds(mainContainer(api));
    expect(pause).toBeGreaterThanOrEqual(5);
    // The pause, then up to 20 s of in-flight requests finishing (docker-compose.yml's stop_grace_period).
    expect(podSpec(api).terminationGracePeriodSeconds ?? 30).toBeGreaterThanOrEqual(pause + 20);
  });

  it('runs the migrations in a Job that the API and the workers wait for', () => {
    const job = find('Job', 'lucid-insight-migrate');
    const migrate = mainContainer(job);
    expect(commandLine(migrate)).toBe('bun db/src/migrate.ts');
    expect(migrate.env?.find((variable) => variable.name === 'DATABASE_URL')?.valueFrom?.secretKeyRef).toBeTruthy();
    for (const deployment of [api, workers]) {
      const wait = podSpec(deployment).initContainers?.find((c) => c.name === 'wait-for-migrations');
      expect(commandLine(wait ?? ({} as Container)), deployment.metadata.name).toContain('assertMigrated');
      // The same image (and so the same migrations) as the Job and the main container.
      expect(wait?.image).toBe(migrate.image);
      expect(mainContainer(deployment).image).toBe(migrate.image);
    }
    expect(commandLine(mainContainer(api))).toBe('bun backend/src/server.ts');
    expect(commandLine(mainContainer(workers))).toBe('bun workers/src/main.ts');
  });

  it('runs every container as non-root on a read-only root filesystem, without privileges', () => {
    const problems = workloads.flatMap((workload) => {
      const spec = podSpec(workload);
      return [...(spec.initContainers ?? []), ...spec.containers].flatMap((container) => {
        const effective = { ...spec.securityContext, ...container.securityContext };
        const where = `${workload.metadata.name}/${container.name}`;
        return [
          effective.runAsNonRoot === true && (effective.runAsUser ?? 1) > 0 ? [] : [`${where}: may run as root`],
          effective.readOnlyRootFilesystem === true ? [] : [`${where}: writable root filesystem`],
          effective.allowPrivilegeEscalation === false ? [] : [`${where}: privilege escalation allowed`],
          effective.capabilities?.drop?.includes('ALL') ? [] : [`${where}: capabilities not dropped`],
          effective.seccompProfile?.type === 'RuntimeDefault' ? [] : [`${where}: no RuntimeDefault seccomp profile`],
        ].flat();
      });
    });
    expect(problems).toEqual([]);
    // The app's pods run as the image's `bun` user (uid 1000 in oven/bun; the Dockerfile says USER bun).
    for (const workload of [api, workers, find('Job', 'lucid-insight-migrate')]) {
      expect(podSpec(workload).securityContext?.runAsUser, workload.metadata.name).toBe(1000);
      expect(mainContainer(workload).volumeMounts, workload.metadata.name).toContainEqual(
        expect.objectContaining({ mountPath: '/tmp' }),
      );
    }
  });

  it('requests CPU and memory for every container and caps its memory', () => {
    const problems = workloads.flatMap((workload) => {
      const spec = podSpec(workload);
      return [...(spec.initContainers ?? []), ...spec.containers]
        .filter(({ resources }) => !resources?.requests?.cpu || !resources.requests.memory || !resources.limits?.memory)
        .map((container) => `${workload.metadata.name}/${container.name}`);
    });
    expect(problems).toEqual([]);
  });

  it('gives the API and the workers every variable they require', () => {
    // Guards the checks below: an empty list would make them pass vacuously.
    expect(apiRequiredVariables).toEqual(expect.arrayContaining(['DATABASE_URL', 'REDIS_URL', 'APP_URL']));
    expect(workersRequiredVariables).toEqual(expect.arrayContaining(['DATABASE_URL', 'SMTP_URL', 'EMAIL_FROM']));
    const configMaps = new Map(objects.filter((o) => o.kind === 'ConfigMap').map((o) => [o.metadata.name, o]));
    const provided = (container: Container): string[] => [
      ...(container.env ?? [])
        .filter((variable) => variable.value || (variable.valueFrom && !variable.valueFrom.secretKeyRef?.optional))
        .map((variable) => variable.name),
      ...(container.envFrom ?? []).flatMap(({ configMapRef }) => {
        if (!configMapRef) return [];
        const configMap = configMaps.get(configMapRef.name);
        if (!configMap) throw new Error(`envFrom names the ConfigMap ${configMapRef.name}, which is not rendered`);
        return Object.entries(configMap.data ?? {})
          .filter(([, value]) => value !== '')
          .map(([key]) => key);
      }),
    ];
    const missing = (container: Container, required: string[]) =>
      required.filter((variable) => !provided(container).includes(variable));
    expect(missing(mainContainer(api), apiRequiredVariables)).toEqual([]);
    expect(missing(mainContainer(workers), [...workersRequiredVariables, 'WORKERS_HEALTH_PORT'])).toEqual([]);
    // Connection strings and keys come from the Secret, never from the ConfigMap.
    for (const configMap of configMaps.values()) {
      expect(Object.keys(configMap.data ?? {}).filter((key) => secretVariables.includes(key))).toEqual([]);
    }
    for (const name of ['DATABASE_URL', 'REDIS_URL']) {
      for (const deployment of [api, workers]) {
        const variable = mainContainer(deployment).env?.find((v) => v.name === name);
        expect(variable?.valueFrom?.secretKeyRef?.name, `${deployment.metadata.name} ${name}`).toBe(
          'lucid-insight-secrets',
        );
      }
    }
  });

  const configValue = (name: string) =>
    objects.find((object) => object.kind === 'ConfigMap' && object.metadata.name.startsWith('lucid-insight-config'))
      ?.data?.[name];

  it('refuses every connection a policy does not let in: the API on its http port, the workers from monitoring', () => {
    const policies = objects.filter((object) => object.kind === 'NetworkPolicy');
    const deny = policies.find((policy) => policy.metadata.name === 'lucid-insight-default-deny');
    expect(deny?.spec?.podSelector).toEqual({});
    expect(deny?.spec?.policyTypes).toEqual(['Ingress']);
    expect(deny?.spec?.ingress).toBeUndefined();
    const policyFor = (deployment: K8sObject) =>
      policies.filter((policy) =>
        Object.entries(policy.spec?.podSelector?.matchLabels ?? { none: '' }).every(
          ([key, value]) => deployment.spec?.template?.metadata?.labels?.[key] === value,
        ),
      );
    const apiRules = policyFor(api).flatMap((policy) => policy.spec?.ingress ?? []);
    expect(apiRules).toEqual([{ ports: [{ port: 'http' }] }]);
    const workerRules = policyFor(workers).flatMap((policy) => policy.spec?.ingress ?? []);
    expect(workerRules).toEqual([
      {
        from: [{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'monitoring' } } }],
        ports: [{ port: 'health' }],
      },
    ]);
  });

  it('enforces the restricted Pod Security Standard on its namespace', () => {
    const namespace = find('Namespace', 'lucid-insight');
    expect(namespace.metadata.labels).toMatchObject({
      'pod-security.kubernetes.io/enforce': 'restricted',
      'pod-security.kubernetes.io/warn': 'restricted',
    });
  });

  it('spreads the API and the workers over zones as well as nodes', () => {
    for (const deployment of [api, workers]) {
      const keys = (podSpec(deployment).topologySpreadConstraints ?? []).map((constraint) => constraint.topologyKey);
      expect(keys, deployment.metadata.name).toEqual(['topology.kubernetes.io/zone', 'kubernetes.io/hostname']);
    }
  });

  it('says how many proxies stand in front of the API, with a value the API accepts', () => {
    const base = readFileSync(new URL('../deploy/kubernetes/base/config.env', import.meta.url), 'utf8');
    expect(base).not.toMatch(/^TRUST_PROXY=/m);
    const trust = configValue('TRUST_PROXY');
    expect(trust).toBe(overlay === 'production' ? '2' : 'false');
    expect(typeof parseProxyTrust(trust)).not.toBe('string');
  });

  it('backs the database up before every migration and every night, and lets GitOps tools replace the Job', () => {
    const job = find('Job', 'lucid-insight-migrate');
    const backup = podSpec(job).initContainers?.find((container) => container.name === 'backup');
    expect(backup?.image).toMatch(/^postgres:\d+/);
    expect(commandLine(backup ?? ({} as Container))).toMatch(/umask 077 .*pg_dump --format=custom/s);
    expect(backup?.env?.find((variable) => variable.name === 'DATABASE_URL')?.valueFrom?.secretKeyRef?.name).toBe(
      'lucid-insight-secrets',
    );
    expect(backup?.volumeMounts).toContainEqual({ name: 'backups', mountPath: '/backups' });
    const claim = (object: K8sObject) =>
      podSpec(object).volumes?.find((volume) => volume.name === 'backups')?.persistentVolumeClaim?.claimName;
    expect(claim(job)).toBe('lucid-insight-backups');
    expect(find('PersistentVolumeClaim', 'lucid-insight-backups')).toBeTruthy();
    // A Job's template is immutable: Argo CD deletes and re-runs it before each sync, Flux replaces it, and a plain
    // `kubectl apply -k` of the next release finds it gone.
    expect(job.metadata.annotations).toMatchObject({
      'argocd.argoproj.io/hook': 'PreSync',
      'argocd.argoproj.io/hook-delete-policy': 'BeforeHookCreation',
      'kustomize.toolkit.fluxcd.io/force': 'enabled',
    });
    expect(job.spec?.ttlSecondsAfterFinished ?? Number.POSITIVE_INFINITY).toBeLessThanOrEqual(3600);
    const nightly = find('CronJob', 'lucid-insight-backup');
    expect(claim(nightly)).toBe('lucid-insight-backups');
    expect(commandLine(podSpec(nightly).containers[0] ?? ({} as Container))).toMatch(/umask 077 .*pg_dump/s);
  });

  if (overlay === 'local') {
    it('runs PostgreSQL, Redis and Mailpit in the cluster, with an example Secret that names them', () => {
      for (const name of ['postgres', 'redis', 'mailpit']) expect(find('Service', name)).toBeTruthy();
      expect(find('StatefulSet', 'postgres')).toBeTruthy();
      const redis = mainContainer(find('StatefulSet', 'redis'));
      expect(commandLine(redis)).toMatch(/--appendonly yes\b.*--maxmemory-policy noeviction\b/);
      expect(find('Deployment', 'mailpit')).toBeTruthy();
      const secret = find('Secret', 'lucid-insight-secrets').stringData ?? {};
      expect(secret.DATABASE_URL).toMatch(/@postgres:5432\//);
      expect(secret.REDIS_URL).toBe('redis://redis:6379');
      expect(secret.SMTP_URL).toBe('smtp://mailpit:1025');
      // The image runs with NODE_ENV=production, where the API wants a METRICS_TOKEN of 16 characters or more.
      expect(secret.METRICS_TOKEN?.length ?? 0).toBeGreaterThanOrEqual(16);
    });

    it('hands the API and the workers values that pass their own configuration checks', () => {
      const secret = find('Secret', 'lucid-insight-secrets').stringData ?? {};
      const configMaps = new Map(objects.filter((o) => o.kind === 'ConfigMap').map((o) => [o.metadata.name, o]));
      /** The container's environment as the kubelet builds it: envFrom first, then env. */
      const environment = (container: Container): Record<string, string> => {
        const env: Record<string, string> = { NODE_ENV: 'production' };
        for (const { configMapRef } of container.envFrom ?? [])
          Object.assign(env, configMaps.get(configMapRef?.name ?? '')?.data ?? {});
        for (const variable of container.env ?? []) {
          const ref = variable.valueFrom?.secretKeyRef;
          const value = ref ? secret[ref.key] : variable.value;
          if (value !== undefined) env[variable.name] = value;
        }
        return env;
      };
      const apiEnv = environment(mainContainer(api));
      expect(() => assertStartable(parseEnv(ApiEnvSchema, apiEnv), apiEnv)).not.toThrow();
      // With production's rules: the workers too refuse to start without the metrics token (issue 26).
      expect(() => loadWorkersConfig(environment(mainContainer(workers)))).not.toThrow();
      for (const variable of ['DATABASE_URL', 'REDIS_URL', 'QUEUE_PREFIX'])
        expect(environment(mainContainer(workers))[variable], variable).toBe(apiEnv[variable]);
    });
  } else {
    it('uses external PostgreSQL and Redis: no database pods and no Secret shipped', () => {
      // No database runs here: the only PostgreSQL image is the backups' pg_dump client.
      const servers = workloads.filter((w) => w.metadata.labels?.['app.kubernetes.io/component'] !== 'backup');
      const images = servers.flatMap((w) => podSpec(w).containers.map((c) => c.image));
      expect(images.filter((image) => /postgres|redis|mailpit/.test(image))).toEqual([]);
      expect(objects.filter((object) => object.kind === 'StatefulSet' || object.kind === 'Secret')).toEqual([]);
    });

    it('scales the API on CPU and the workers on their queues, each owning its replica count', () => {
      const hpa = hpaFor(api);
      expect(hpa?.spec?.scaleTargetRef?.apiVersion).toBe('apps/v1');
      expect(hpa?.spec?.minReplicas ?? 0).toBeGreaterThanOrEqual(3);
      // The workers wait on SMTP more than they compute: KEDA scales them on the jobs waiting (queue_jobs).
      expect(hpaFor(workers)).toBeUndefined();
      const scaled = find('ScaledObject', 'lucid-insight-workers');
      expect(scaled.spec?.scaleTargetRef).toMatchObject({ kind: 'Deployment', name: 'lucid-insight-workers' });
      expect(scaled.spec?.minReplicaCount ?? 0).toBeGreaterThanOrEqual(2);
      const prometheus = scaled.spec?.triggers?.find((trigger) => trigger.type === 'prometheus');
      expect(prometheus?.metadata.query).toMatch(/queue_jobs\{[^}]*state=~"waiting\|active"/);
      // A replicas field would reset the autoscaler's count at every `kubectl apply`.
      for (const deployment of [api, workers])
        expect(deployment.spec?.replicas, deployment.metadata.name).toBeUndefined();
    });

    it("names its ingress class and cert-manager's issuer for the TLS certificate", () => {
      const ingress = find('Ingress', 'lucid-insight');
      expect(ingress.spec?.ingressClassName).toBe('nginx');
      expect(ingress.metadata.annotations?.['cert-manager.io/cluster-issuer']).toBeTruthy();
    });

    it('hands the Prometheus Operator the scrape jobs and the alert rules of deploy/monitoring', () => {
      const alerts = parseYaml(
        readFileSync(new URL('../deploy/monitoring/prometheus/alerts.yaml', import.meta.url), 'utf8'),
      ) as { groups: unknown[] };
      expect(find('PrometheusRule', 'lucid-insight').spec?.groups, 'run make prometheus-rule').toEqual(alerts.groups);
      const jobs = ['lucid-insight-api', 'lucid-insight-workers'].map((name) =>
        find('PodMonitor', name).spec?.podMetricsEndpoints?.[0]?.relabelings?.find((r) => r.targetLabel === 'job'),
      );
      expect(jobs.map((relabel) => relabel?.replacement)).toEqual(['lucid-insight-api', 'lucid-insight-workers']);
    });

    it('deploys a pinned image from a registry, and serves the site over TLS', () => {
      const image = mainContainer(api).image;
      expect(image).toMatch(/^[\w.-]+\.[a-z]+(:\d+)?\/.+[:@]/);
      expect(image).not.toMatch(/:latest$/);
      const ingress = find('Ingress', 'lucid-insight') as K8sObject & { spec: { tls?: unknown[] } };
      expect(ingress.spec.tls?.length ?? 0).toBeGreaterThan(0);
    });
  }
});
