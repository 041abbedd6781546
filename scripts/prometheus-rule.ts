/**
 * `make prometheus-rule`: writes deploy/kubernetes/components/prometheus-operator/prometheus-rule.yaml, the alert rules
 * of deploy/monitoring/prometheus/alerts.yaml (the one place they are written) wrapped in the Prometheus Operator's
 * PrometheusRule. testing/kubernetes.test.ts fails when the two differ.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

const root = new URL('../', import.meta.url);
const rules = Bun.YAML.parse(readFileSync(new URL('deploy/monitoring/prometheus/alerts.yaml', root), 'utf8')) as {
  groups: unknown[];
};
const resource = {
  apiVersion: 'monitoring.coreos.com/v1',
  kind: 'PrometheusRule',
  metadata: { name: 'lucid-insight', labels: { release: 'kube-prometheus-stack' } },
  spec: { groups: rules.groups },
};
const header =
  '# Made by `make prometheus-rule` from deploy/monitoring/prometheus/alerts.yaml: change the rules there, not here.\n';
const file = new URL('deploy/kubernetes/components/prometheus-operator/prometheus-rule.yaml', root);
writeFileSync(file, header + Bun.YAML.stringify(resource, null, 2));
// In the repository's own format, so `make lint` passes on what this writes.
spawnSync(process.execPath, ['x', 'biome', 'format', '--write', file.pathname], { stdio: 'inherit' });
console.log('Wrote deploy/kubernetes/components/prometheus-operator/prometheus-rule.yaml');
