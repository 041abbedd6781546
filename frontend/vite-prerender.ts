import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { pageHeadTags } from '@app/contracts/page-head';
import { build, type Plugin } from 'vite';
import { precompress } from './vite-compress.ts';

/** What src/entry-prerender.tsx exports. */
interface PrerenderEntry {
  MARKETING_PATHS: readonly string[];
  marketingSeo: Record<string, { title: string; description: string }>;
  OG_IMAGE: string;
  render(path: string): Promise<string>;
}

/** The route file of a marketing path: '/' is routes/index.tsx, '/why-us' routes/why-us.tsx. */
const routeFile = (path: string) => `src/routes/${path === '/' ? 'index' : path.slice(1)}.tsx`;

/**
 * The pages rendered in the browser (behind sign-in, or shaped by the URL's token) with a fixed path, and the route
 * files (under src/routes/) whose code-split chunks each renders: every one gets the app shell at its path with
 * modulepreload links for those chunks, so they load with the entry instead of after it has run. Other paths
 * (`/client/dashboard/{id}`) get the bare shell.
 */
const SHELL_PAGES: Record<string, readonly string[]> = {
  '/login': ['login'],
  '/register': ['register'],
  '/reset-password': ['reset-password'],
  '/booking/cancel': ['booking/cancel'],
  '/booking/reschedule': ['booking/reschedule'],
  '/client/login': ['client/login'],
  '/client/dashboard': ['client/dashboard/route', 'client/dashboard/index'],
  '/account': ['_authenticated', '_authenticated/account'],
  '/admin': ['_admin', '_admin/admin'],
};

/**
 * The API reads a prerendered page makes as soon as it hydrates: its HTML starts them at once, as preloads that the
 * app's own fetch then takes over (same URL and credentials mode as `lib/api.ts` sends), so the answer is there by
 * the time the code is. `/dashboards` shows its largest picture only once the list has come.
 */
const DATA_PRELOADS: Record<string, readonly string[]> = {
  '/dashboards': ['/api/dashboards/public'],
};

/**
 * Prerendering of the marketing pages (D25), part of `vite build`: after the client build, an SSR build of
 * src/entry-prerender.tsx renders each page, and dist/<page>/index.html (dist/index.html for '/') gets its HTML in
 * #root, its own title, description, Open Graph tags and canonical link, and modulepreload links for the page's
 * code-split chunks and what they import, no more (so it hydrates right after the entry script runs). The pages of
 * SHELL_PAGES get the bare app shell with the same links. Last, every text file gets its compressed copies.
 */
export function prerenderPlugin({ root }: { root: string }): Plugin {
  const chunksByRoute = new Map<string, Set<string>>();
  let outDir = '';
  let isSsr = false;

  return {
    name: 'lucid-prerender',
    apply: 'build',
    configResolved(config) {
      isSsr = Boolean(config.build.ssr);
      outDir = resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      if (isSsr) return;
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const byName = new Map(chunks.map((c) => [c.fileName, c]));
      const collect = (fileName: string, into: Set<string>) => {
        const chunk = byName.get(fileName);
        if (!chunk || into.has(fileName) || chunk.isEntry) return;
        into.add(fileName);
        for (const imported of chunk.imports) collect(imported, into);
      };
      for (const chunk of chunks) {
        const id = chunk.facadeModuleId?.replace(/\\/g, '/');
        // The code-split parts of a route file (its component): what the page needs before it can hydrate.
        if (!id?.includes('/src/routes/') || !id.includes('tsr-split')) continue;
        const file = `src/routes/${id.split('/src/routes/')[1]?.split('?')[0]}`;
        const set = chunksByRoute.get(file) ?? new Set<string>();
        collect(chunk.fileName, set);
        chunksByRoute.set(file, set);
      }
    },
    async closeBundle(error?: Error) {
      // A failed build (the server-only check, a syntax error) reports its own error, with nothing to prerender.
      if (isSsr || error || !existsSync(join(outDir, 'index.html'))) return;
      // One folder per output folder, so that builds into different folders can run at the same time.
      const ssrOutDir = join(root, 'node_modules/.prerender', basename(outDir));
      await build({
        configFile: join(root, 'vite.config.ts'),
        root,
        logLevel: 'warn',
        build: { ssr: 'src/entry-prerender.tsx', outDir: ssrOutDir, emptyOutDir: true, minify: false },
      });
      const entry = (await import(
        `${pathToFileURL(join(ssrOutDir, 'entry-prerender.js')).href}?t=${Date.now()}`
      )) as PrerenderEntry;

      const template = readFileSync(join(outDir, 'index.html'), 'utf8');
      // The SPA shell for every other path (the server falls back to index.html, which becomes the home page).
      writeFileSync(join(outDir, 'spa-shell.html'), template);
      const preloadsOf = (files: readonly string[]) =>
        [...new Set(files.flatMap((file) => [...(chunksByRoute.get(file) ?? [])]))]
          .filter((chunk) => !template.includes(`/${chunk}"`))
          .map((chunk) => `<link rel="modulepreload" crossorigin href="/${chunk}">`)
          .join('');
      for (const [path, routes] of Object.entries(SHELL_PAGES)) {
        const files = routes.map((route) => `src/routes/${route}.tsx`);
        for (const file of files) if (!chunksByRoute.has(file)) throw new Error(`No code-split chunk of ${file}`);
        mkdirSync(join(outDir, path.slice(1)), { recursive: true });
        writeFileSync(
          join(outDir, path.slice(1), 'index.html'),
          template.replace('</head>', `${preloadsOf(files)}</head>`),
        );
      }

      for (const path of entry.MARKETING_PATHS) {
        const seo = entry.marketingSeo[path];
        if (!seo) throw new Error(`No title and description for ${path}`);
        let body = await entry.render(path);
        // React puts the page's <title>/<meta>/<link> first; they belong in <head>, written below.
        body = body.replace(/^(?:<(?:title|meta|link)\b[^>]*>(?:[^<]*<\/title>)?)+/, '');
        if (!body.includes('<h1')) throw new Error(`The prerendered ${path} has no <h1>`);
        const preloads = preloadsOf([routeFile(path)]).replaceAll(
          '<link rel="modulepreload"',
          '<link rel="modulepreload" fetchpriority="low"',
        );
        const head = [
          // The page's own address relative here: the server writes it, the canonical link and og:image absolute on
          // APP_URL (D31).
          ...pageHeadTags({ ...seo, url: path, image: entry.OG_IMAGE }),
          preloads,
          ...(DATA_PRELOADS[path] ?? []).map(
            (url) => `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${url}">`,
          ),
        ].join('');
        const html = template
          .replace('<html lang="en">', `<html lang="en" data-prerendered="${path}">`)
          // The page reads without its scripts, which only make it interactive: the stylesheet and the pictures come
          // first on a slow connection, the scripts after them.
          .replace(/<(script type="module"|link rel="modulepreload")/g, '<$1 fetchpriority="low"')
          .replace(/<title>[^<]*<\/title>/, '')
          .replace(/<meta\s+name="description"[^>]*>/, '')
          .replace('</head>', `${head}</head>`)
          .replace('<div id="root"></div>', `<div id="root">${body}</div>`);
        const dir = path === '/' ? outDir : join(outDir, path.slice(1));
        mkdirSync(dir, { recursive: true });
        writeFileSync(join(dir, 'index.html'), html);
      }
      rmSync(ssrOutDir, { recursive: true, force: true });
      // Last, once every file is written: the compressed copies the server sends.
      const compressed = precompress(outDir);
      this.info?.(`prerendered ${entry.MARKETING_PATHS.length} marketing pages, compressed ${compressed} files`);
    },
  };
}
