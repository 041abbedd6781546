import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './env';
import { viteBuild } from './site';

export const gzipSize = (bytes: string) => Bun.gzipSync(bytes, { level: 9 }).byteLength;

/** The file without the source-map comment (the benchmark builds with source maps; production need not). */
export const withoutMapComment = (text: string) => text.replace(/\n?\/\/# sourceMappingURL=\S+\s*$/, '');

/** The scripts a page's HTML loads before it runs: module scripts and modulepreload links (same-origin paths). */
function initialScripts(html: string): string[] {
  const found = new Set<string>();
  for (const tag of html.match(/<script\b[^>]*>/g) ?? []) {
    const src = /\bsrc="([^"]+)"/.exec(tag)?.[1];
    if (src && /type="module"/.test(tag)) found.add(src);
  }
  for (const tag of html.match(/<link\b[^>]*>/g) ?? []) {
    const href = /\bhref="([^"]+)"/.exec(tag)?.[1];
    if (href && /rel="modulepreload"/.test(tag)) found.add(href);
  }
  return [...found];
}

/** The gzipped size of the scripts a built page's HTML loads up front. */
export function initialJs(dist: string, htmlFile: string) {
  const scripts = initialScripts(readFileSync(join(dist, htmlFile), 'utf8'));
  let bytes = 0;
  for (const src of scripts) bytes += gzipSize(withoutMapComment(readFileSync(join(dist, src), 'utf8')));
  return { scripts, bytes };
}

let hello: Promise<{ scripts: string[]; bytes: number }> | undefined;

/**
 * The baseline of the bundle figures: a hello-world React + TanStack Router app (bench/hello-react/), built with Vite
 * once per run, and the gzipped size of the JavaScript its page loads.
 */
export function helloInitialJs() {
  hello ??= (async () => {
    const helloRoot = mkdtempSync(join(tmpdir(), 'bench-hello-'));
    try {
      cpSync(new URL('../hello-react/', import.meta.url).pathname, helloRoot, { recursive: true });
      symlinkSync(join(ROOT, 'node_modules'), join(helloRoot, 'node_modules'));
      await viteBuild(helloRoot, join(helloRoot, 'dist'));
      return initialJs(join(helloRoot, 'dist'), 'index.html');
    } finally {
      rmSync(helloRoot, { recursive: true, force: true });
    }
  })();
  return hello;
}
