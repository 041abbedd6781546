/**
 * Target 5: the home page's initial JavaScript (the scripts its HTML loads, modulepreloads included, gzipped) against
 * a hello-world React + TanStack Router app built in the same run; no admin or portal code on the home page; all CSS.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSize, helloInitialJs, initialJs, withoutMapComment } from './lib/hello';
import { type Figure, figure } from './lib/report';
import { builtSite } from './lib/site';
import { round } from './lib/stats';

/** Code of the admin and client-portal areas, as source-map paths. */
const PRIVATE_CODE = /src\/features\/(admin|portal)\//;
/**
 * Their route files: the entry holds every route's definition (TanStack Router's route tree, by design), but a
 * separate chunk of one of them on the home page is that route's code loaded too early.
 */
const PRIVATE_ROUTE =
  /src\/routes\/(_admin|_authenticated|client)[/.]|src\/routes\/(login|register|reset-password|dashboard\.\$id)\.tsx/;

export async function frontendBundle(): Promise<Figure[]> {
  const [site, hello] = await Promise.all([builtSite(), helloInitialJs()]);
  const home = initialJs(site, 'index.html');
  const ratio = home.bytes / hello.bytes;

  // Which modules the home page's scripts hold, from their source maps; and the chunk names themselves.
  const leaks: string[] = [];
  const entry = home.scripts[0];
  for (const src of home.scripts) {
    if (/admin|portal|account|_authenticated/i.test(src)) leaks.push(src);
    const map = join(site, `${src}.map`);
    if (!existsSync(map)) continue;
    const sources = (JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] }).sources;
    for (const source of sources)
      if (PRIVATE_CODE.test(source) || (src !== entry && PRIVATE_ROUTE.test(source)))
        leaks.push(`${src} ← ${source.replace(/^(\.\.\/)+/, '')}`);
  }

  const assets = join(site, 'assets');
  const cssFiles = readdirSync(assets).filter((f) => f.endsWith('.css'));
  const css = cssFiles.reduce(
    (sum, f) =>
      sum +
      gzipSize(
        withoutMapComment(readFileSync(join(assets, f), 'utf8')).replace(/\/\*# sourceMappingURL=\S+ \*\/\s*$/, ''),
      ),
    0,
  );
  return [
    figure(
      'home page initial JS ÷ hello-world React + TanStack Router',
      round(ratio).toFixed(2),
      '<= 1.30',
      ratio <= 1.3,
      `${round(home.bytes / 1024, 1)} KB vs ${round(hello.bytes / 1024, 1)} KB gzipped; ${home.scripts.length} vs ${hello.scripts.length} scripts`,
    ),
    figure(
      'home page loads no admin or portal code',
      leaks.length ? `${leaks.length} found` : 'none',
      'none',
      leaks.length === 0,
      leaks.length ? leaks.slice(0, 8).join('; ') : `checked ${home.scripts.length} scripts and their source maps`,
    ),
    figure('all CSS gzipped', `${round(css / 1024, 1)} KB`, '<= 15 KB', css <= 15 * 1024, `${cssFiles.length} file(s)`),
  ];
}
