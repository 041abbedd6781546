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

/** Each benchmark by the name `bun bench/run.ts [name ...]` picks it by, in the order they run. */
export const benchmarks: Record<string, () => Promise<Figure[]>> = {
  'public-dashboards': publicDashboards,
  contact,
  'email-latency': emailLatency,
  'email-throughput': emailThroughput,
  'embed-tokens': embedTokens,
  'admin-lists': adminLists,
  'frontend-bundle': frontendBundle,
  'page-weight': pageWeight,
  'usage-report': usageReport,
  subscriptions: subscriptionRun,
  lighthouse: lighthouseScores,
  'start-time': startTime,
  'install-size': installSize,
};

if (import.meta.main) {
  // The apps a benchmark starts refuse to run without a key for the secrets they store (a production rule): a key of
  // this run's own, unless the operator gave one.
  process.env.APP_ENCRYPTION_KEY ||= randomBytes(32).toString('base64');
  const only = process.argv.slice(2);
  const all: Figure[] = [];
  const started = Date.now();
  for (const [name, run] of Object.entries(benchmarks)) {
    if (only.length && !only.includes(name)) continue;
    console.log(`\n== ${name}`);
    let figures: Figure[];
    try {
      figures = await run();
    } catch (error) {
      figures = [figure(name, 'error', '-', false, String(error).slice(-800))];
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
