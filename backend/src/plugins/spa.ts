import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, normalize, resolve } from 'node:path';
import { brotliCompressSync, constants as zlib } from 'node:zlib';
import { Elysia } from 'elysia';
import { notFound } from '../lib/http-error';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/** Text files worth compressing; smaller ones gain nothing. */
const COMPRESSIBLE = /\.(?:html|js|mjs|css|svg|json|txt|xml|map|webmanifest)$/;
const MIN_COMPRESSED_SIZE = 1024;

export type Encoding = 'br' | 'gzip';

/**
 * The encoding to answer with, from the request's Accept-Encoding: Brotli, else gzip, else none (also when the client
 * refuses one with `;q=0`).
 */
export function preferredEncoding(acceptEncoding: string | null): Encoding | null {
  if (!acceptEncoding) return null;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const weight = (name: Encoding) => accepted.get(name) ?? (accepted.get('*') || 0);
  if (weight('br') > 0) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return null;
}

/** The file compressed, once per version of it: a sibling the build wrote (`.br`, `.gz`), else compressed here. */
function compressor() {
  // Bodies never share memory (`<ArrayBuffer>`): file reads and compressor outputs are plain arrays.
  const cache = new Map<string, { version: string; body: Uint8Array<ArrayBuffer> }>();
  return (path: string, version: string, encoding: Encoding): Uint8Array<ArrayBuffer> => {
    const key = `${path}\0${encoding}`;
    const cached = cache.get(key);
    if (cached?.version === version) return cached.body;
    const sibling = `${path}${encoding === 'br' ? '.br' : '.gz'}`;
    let body: Uint8Array<ArrayBuffer>;
    try {
      if (statSync(sibling).mtimeMs < statSync(path).mtimeMs) throw new Error('stale');
      body = readFileSync(sibling) as Uint8Array<ArrayBuffer>;
    } catch {
      const raw = readFileSync(path);
      body = (
        encoding === 'br'
          ? brotliCompressSync(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } })
          : Bun.gzipSync(raw, { level: 6 })
      ) as Uint8Array<ArrayBuffer>;
    }
    cache.set(key, { version, body });
    return body;
  };
}

/**
 * Serves the built SPA: files as they are (hashed assets cached for a year, everything else revalidated), a
 * prerendered page where the build made one, otherwise index.html so the client router shows the page or its 404.
 * Text files go out compressed (Brotli or gzip, as the client accepts) with an ETag, so a revalidation costs a 304.
 * Unknown /api paths stay JSON 404s.
 */
/**
 * The Content Security Policy of every page: scripts only from this site (and the page's own inline scripts, by
 * hash), frames only from the dashboard services and the scheduling service, nothing may frame the site.
 */
export function contentSecurityPolicy(html: string, frameSources: readonly string[]): string {
  const hashes = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)]
    .map((m) => m[1] ?? '')
    .filter((code) => code.trim() !== '')
    .map((code) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`);
  return [
    "default-src 'self'",
    `script-src 'self' ${hashes.join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    `frame-src ${frameSources.join(' ')}`,
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}

export const spaPlugin = (staticDir: string, frameSources: readonly string[] = []) => {
  const root = resolve(staticDir);
  const indexFile = join(root, 'index.html');
  const shellFile = join(root, 'spa-shell.html');
  const isFile = (path: string) => {
    try {
      return statSync(path).isFile();
    } catch {
      return false;
    }
  };
  // Each HTML file's policy is computed once per version of the file (its inline scripts are hashed).
  const policies = new Map<string, { mtimeMs: number; policy: string }>();
  const policyFor = (path: string) => {
    const { mtimeMs } = statSync(path);
    const cached = policies.get(path);
    if (cached?.mtimeMs === mtimeMs) return cached.policy;
    const policy = contentSecurityPolicy(readFileSync(path, 'utf8'), frameSources);
    policies.set(path, { mtimeMs, policy });
    return policy;
  };
  const compressed = compressor();
  const serve = (request: Request, path: string, cache: string) => {
    const { mtimeMs, size } = statSync(path);
    const compressible = COMPRESSIBLE.test(path) && size >= MIN_COMPRESSED_SIZE;
    const encoding = compressible ? preferredEncoding(request.headers.get('accept-encoding')) : null;
    const version = `${size.toString(36)}-${Math.trunc(mtimeMs).toString(36)}`;
    const etag = `W/"${version}${encoding ? `-${encoding}` : ''}"`;
    const headers: Record<string, string> = {
      'cache-control': cache,
      'x-content-type-options': 'nosniff',
      etag,
      ...(compressible ? { vary: 'accept-encoding' } : {}),
      ...(path.endsWith('.html') ? { 'content-security-policy': policyFor(path) } : {}),
    };
    const ifNoneMatch = request.headers.get('if-none-match');
    if (ifNoneMatch?.split(',').some((tag) => tag.trim() === etag)) return new Response(null, { status: 304, headers });
    if (!encoding) return new Response(Bun.file(path), { headers });
    return new Response(compressed(path, version, encoding), {
      headers: { ...headers, 'content-encoding': encoding, 'content-type': Bun.file(path).type },
    });
  };

  const handler = ({ request }: { request: Request }) => {
    const { pathname } = new URL(request.url);
    if (pathname === '/api' || pathname.startsWith('/api/')) throw notFound();
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      decoded = '/';
    }
    const candidate = normalize(join(root, decoded));
    if (candidate.startsWith(`${root}/`) && isFile(candidate))
      return serve(request, candidate, candidate.startsWith(`${join(root, 'assets')}/`) ? IMMUTABLE : REVALIDATE);
    // A prerendered page (marketing pages) for this path, with or without a trailing slash.
    const page = join(candidate, 'index.html');
    if (candidate.startsWith(root) && isFile(page)) return serve(request, page, REVALIDATE);
    // Every other path gets the bare app shell (the build writes it beside the prerendered home page).
    if (isFile(shellFile)) return serve(request, shellFile, REVALIDATE);
    if (!existsSync(indexFile)) return new Response('The web app is not built yet. Run `make build`.', { status: 503 });
    return serve(request, indexFile, REVALIDATE);
  };

  return new Elysia({ name: 'spa' }).get('/*', handler, { detail: { hide: true } });
};
