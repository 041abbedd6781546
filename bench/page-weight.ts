/**
 * Issue 30: what each marketing page downloads in a real browser from navigation until 4 s after its load event
 * (JavaScript, every file, gzipped at level 9 as the bundle figures are), against the hello-world React + TanStack
 * Router app's initial JavaScript built in the same run (goal: at most 1.2×); the Usage tab's own code (its chunks
 * that no other screen loads, gzipped; goal: at most 60 KB); and no server-only module in the browser's bundle.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { launchBrowser } from '../e2e/harness/browser';
import { SERVER_ONLY } from '../frontend/vite-server-only';
import { uniquePrefix } from './lib/env';
import { gzipSize, helloInitialJs, withoutMapComment } from './lib/hello';
import { type Figure, figure } from './lib/report';
import { builtSite } from './lib/site';
import { freshDatabase, startApi } from './lib/stack';
import { round } from './lib/stats';

const MARKETING = ['/', '/why-us', '/our-values', '/dashboards', '/contact', '/book-consultation'];
const AFTER_LOAD_MS = 4_000;
const RATIO_GOAL = 1.2;
const USAGE_GOAL_KB = 60;

const kb = (bytes: number) => `${round(bytes / 1024, 1)} KB`;

/** The chunks a chunk imports statically (`import … from"./x.js"`), itself included, transitively. */
function staticClosure(assets: string, file: string, into = new Set<string>()): Set<string> {
  if (into.has(file)) return into;
  into.add(file);
  const code = readFileSync(join(assets, file), 'utf8');
  for (const match of code.matchAll(/(?:import|from)\s*"\.\/([\w.-]+\.js)"/g))
    if (match[1]) staticClosure(assets, match[1], into);
  return into;
}

const sourcesOf = (assets: string, file: string): string[] => {
  try {
    return (JSON.parse(readFileSync(join(assets, `${file}.map`), 'utf8')) as { sources: string[] }).sources;
  } catch {
    return [];
  }
};

/**
 * The Usage tab's own code: the chunk(s) holding its components (features/admin/components/usage/) and what they
 * import that no other chunk outside them imports.
 */
function usageTabCode(site: string) {
  const assets = join(site, 'assets');
  const chunks = readdirSync(assets).filter((f) => f.endsWith('.js'));
  const roots = chunks.filter((f) => sourcesOf(assets, f).some((s) => s.includes('features/admin/components/usage/')));
  const mine = new Set<string>();
  for (const root of roots) staticClosure(assets, root, mine);
  const others = new Set<string>();
  for (const chunk of chunks) if (!mine.has(chunk)) for (const f of staticClosure(assets, chunk)) others.add(f);
  const own = [...mine].filter((f) => !others.has(f));
  const bytes = own.reduce((sum, f) => sum + gzipSize(withoutMapComment(readFileSync(join(assets, f), 'utf8'))), 0);
  return { files: own, bytes };
}

export async function pageWeight(): Promise<Figure[]> {
  const [site, hello] = await Promise.all([builtSite(), helloInitialJs()]);
  const figures: Figure[] = [];

  const usage = usageTabCode(site);
  figures.push(
    figure(
      'Usage tab code gzipped',
      kb(usage.bytes),
      `<= ${USAGE_GOAL_KB} KB`,
      usage.files.length > 0 && usage.bytes <= USAGE_GOAL_KB * 1024,
      usage.files.join(', ') || 'no chunk holds the Usage tab',
    ),
  );
  const assets = join(site, 'assets');
  const leaks = readdirSync(assets)
    .filter((f) => f.endsWith('.js'))
    .flatMap((f) => sourcesOf(assets, f).filter((s) => SERVER_ONLY.test(`/${s.replace(/^(\.\.\/)+/, '')}`)));
  figures.push(
    figure(
      "server-only modules in the browser's bundle",
      leaks.length ? `${leaks.length} found` : 'none',
      'none',
      leaks.length === 0,
      leaks.slice(0, 5).join(', ') || 'every chunk’s source map checked',
    ),
  );

  const database = await freshDatabase({ seed: true });
  const api = await startApi({
    databaseUrl: database.url,
    queuePrefix: uniquePrefix('page-weight'),
    env: { TRUST_PROXY: 'true', STATIC_DIR: site, APP_ENCRYPTION_KEY: Buffer.alloc(32, 30).toString('base64') },
  });
  const browser = await launchBrowser();
  try {
    for (const path of MARKETING) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
      const page = await context.newPage();
      const bodies: Promise<{ url: string; js: boolean; bytes: number }>[] = [];
      page.on('response', (response) => {
        const url = new URL(response.url());
        if (url.origin !== api.url || response.status() !== 200) return;
        const js = url.pathname.endsWith('.js');
        bodies.push(
          response
            .body()
            .then((body) => ({ url: url.pathname, js, bytes: js ? gzipSize(withoutMapComment(body.toString())) : 0 }))
            .catch(() => ({ url: url.pathname, js, bytes: 0 })),
        );
      });
      await page.goto(`${api.url}${path}`, { waitUntil: 'load' });
      await page.waitForTimeout(AFTER_LOAD_MS);
      const got = await Promise.all(bodies);
      await context.close();
      const scripts = got.filter((r) => r.js);
      const bytes = scripts.reduce((sum, r) => sum + r.bytes, 0);
      const ratio = bytes / hello.bytes;
      if (process.env.BENCH_VERBOSE)
        for (const r of scripts) console.log(`  ${path} ${kb(r.bytes).padStart(9)} ${r.url}`);
      figures.push(
        figure(
          `${path} JS within 4 s of load ÷ hello-world initial JS`,
          round(ratio).toFixed(2),
          `<= ${RATIO_GOAL}`,
          ratio <= RATIO_GOAL,
          `${kb(bytes)} in ${scripts.length} files vs ${kb(hello.bytes)}; ${got.length} files in all`,
        ),
      );
    }
  } finally {
    await browser.close();
    await api.stop();
    await database.drop();
  }
  return figures;
}
