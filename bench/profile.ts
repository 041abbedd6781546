/**
 * Developer aid, not a benchmark: runs the API under `bun --cpu-prof` while one load runs against it and prints the
 * hottest functions. `bun bench/profile.ts contact|public [seconds]`.
 */
import { contactRequest } from './contact';
import { APP_URL, COMPANY_EMAIL, REDIS_URL, uniquePrefix } from './lib/env';
import { closedLoad } from './lib/load';
import { freePort, spawnBun, waitForHttp } from './lib/process';
import { freshDatabase } from './lib/stack';

const which = process.argv[2] ?? 'contact';
const seconds = Number(process.argv[3] ?? 8);
const database = await freshDatabase({ seed: true });
const port = freePort();
const dir = `/tmp/prof/${which}-${Date.now()}`;
const api = spawnBun(
  process.env.NO_PROFILE ? ['backend/src/server.ts'] : ['--cpu-prof', `--cpu-prof-dir=${dir}`, 'backend/src/server.ts'],
  {
    DATABASE_URL: database.url,
    REDIS_URL,
    APP_URL,
    COMPANY_EMAIL,
    PORT: String(port),
    QUEUE_PREFIX: uniquePrefix('profile'),
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    METRICS_TOKEN: 'bench-metrics-token-0123456789',
    TRUST_PROXY: 'true',
  },
  'API',
);
const url = `http://127.0.0.1:${port}`;
try {
  await waitForHttp(`${url}/healthz`, api);
  let n = 0;
  const result = await closedLoad({
    concurrency: which === 'contact' ? 32 : 64,
    durationMs: seconds * 1000,
    maxRequests: 1_000_000,
    request: () =>
      which === 'contact' ? contactRequest(`${url}/api/contact`, n++) : new Request(`${url}/api/dashboards/public`),
  });
  console.log(`${Math.round(result.perSecond)} req/s, ${result.errors} errors`);
} finally {
  await api.stop();
  await database.drop();
}
const files = [...new Bun.Glob('*.cpuprofile').scanSync(dir)];
if (files.length === 0) {
  console.log('no profile written');
  process.exit(0);
}
interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
const profile = (await Bun.file(`${dir}/${files[0]}`).json()) as { nodes: Node[]; samples: number[] };
const self = new Map<number, number>();
for (const id of profile.samples) self.set(id, (self.get(id) ?? 0) + 1);
const parent = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const label = (n: Node) =>
  `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.replace(/.*node_modules\//, '').replace(/.*\/work\/main\//, '')}:${n.callFrame.lineNumber}`;
const selfBy = new Map<string, number>();
const totalBy = new Map<string, number>();
for (const [id, count] of self) {
  const node = byId.get(id) as Node;
  selfBy.set(label(node), (selfBy.get(label(node)) ?? 0) + count);
  const seen = new Set<string>();
  for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
    const l = label(byId.get(cur) as Node);
    if (seen.has(l)) continue;
    seen.add(l);
    totalBy.set(l, (totalBy.get(l) ?? 0) + count);
  }
}
const total = profile.samples.length;
const top = (map: Map<string, number>, k: number) =>
  [...map.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, k)
    .map(([l, c]) => `${((100 * c) / total).toFixed(1).padStart(5)}%  ${l}`)
    .join('\n');
console.log(`\nself (${total} samples)\n${top(selfBy, 35)}\n\ntotal\n${top(totalBy, 45)}`);
console.log(`\nprofile: ${dir}/${files[0]}`);
