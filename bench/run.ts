/**
 * The benchmark harness (`make bench`): each benchmark measures its subject and, where the goal is a ratio, its
 * baseline in the same run on the same machine, and prints each figure with its goal. It reports, it does not
 * test: it exits 0 even when a goal is missed. `bun bench/run.ts [name ...]` runs only the named benchmarks.
 */
import { randomBytes } from 'node:crypto';
import { adminLists } from './admin-lists';
import { contact } from './contact';
import { emailLatency } from './email-latency';
import { emailThroughput } from './email-throughput';
import { embedTokens } from './embed-tokens';
import { frontendBundle } from './frontend-bundle';
import { installSize } from './install-size';
import { type Figure, figure, printFigure, verdict } from './lib/report';
import { removeBuiltSite } from './lib/site';
import { lighthouseScores } from './lighthouse';
import { pageWeight } from './page-weight';
import { publicDashboards } from './public-dashboards';
import { startTime } from './start-time';
import { subscriptionRun } from './subscriptions';
import { usageReport } from './usage-report';

interface Benchmark {
  name: string;
  run(): Promise<Figure[]>;
}

export const benchmarks: Benchmark[] = [
  { name: 'public-dashboards', run: publicDashboards },
  { name: 'contact', run: contact },
  { name: 'email-latency', run: emailLatency },
  { name: 'email-throughput', run: emailThroughput },
  { name: 'embed-tokens', run: embedTokens },
  { name: 'admin-lists', run: adminLists },
  { name: 'frontend-bundle', run: frontendBundle },
  { name: 'page-weight', run: pageWeight },
  { name: 'usage-report', run: usageReport },
  { name: 'subscriptions', run: subscriptionRun },
  { name: 'lighthouse', run: lighthouseScores },
  { name: 'start-time', run: startTime },
  { name: 'install-size', run: installSize },
];

if (import.meta.main) {
  // The apps a benchmark starts refuse to run without a key for the secrets they store (a production rule): a key of
  // this run's own, unless the operator gave one.
  process.env.APP_ENCRYPTION_KEY ||= randomBytes(32).toString('base64');
  const only = process.argv.slice(2);
  const all: Figure[] = [];
  const started = Date.now();
  for (const benchmark of benchmarks) {
    if (only.length && !only.includes(benchmark.name)) continue;
    console.log(`\n== ${benchmark.name}`);
    let figures: Figure[];
    try {
      figures = await benchmark.run();
    } catch (error) {
      figures = [figure(benchmark.name, 'error', '-', false, String(error).slice(-800))];
    }
    for (const f of figures) printFigure(f);
    all.push(...figures);
  }
  removeBuiltSite();
  console.log(`\n== summary (${Math.round((Date.now() - started) / 1000)} s)`);
  for (const f of all) printFigure(f);
  const count = (v: string) => all.filter((f) => verdict(f) === v).length;
  console.log(`${count('PASS')} pass, ${count('FAIL')} fail, ${count('SKIP')} skipped`);
  process.exit(0);
}
