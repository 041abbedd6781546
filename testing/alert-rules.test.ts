import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/**
 * The alert rules' own unit tests (deploy/monitoring/prometheus/alerts.test.yaml), run by Prometheus's promtool: an
 * alert fires when and as it says (the Looker Studio one after an hour out of step, issue 28). Skipped where promtool
 * is not installed.
 */
const promtool = spawnSync('promtool', ['--version']).status === 0;

describe.skipIf(!promtool)('promtool test rules', () => {
  it("passes the alert rules' tests", () => {
    const dir = new URL('../deploy/monitoring/prometheus/', import.meta.url).pathname;
    const run = spawnSync('promtool', ['test', 'rules', 'alerts.test.yaml'], { cwd: dir, encoding: 'utf8' });
    expect(`${run.stdout}${run.stderr}`).toContain('SUCCESS');
    expect(run.status).toBe(0);
  });
});
