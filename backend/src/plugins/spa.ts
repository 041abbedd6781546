// Long file: every page the API serves (files, prerendered pages, server-rendered pages, the shell) goes through one
// handler here, so the policy, compression, caching and 404 rules (D31) are written once.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, normalize, resolve, sep } from 'node:path';
import { brotliCompressSync, constants as zlib } from 'node:zlib';
import { isSpaRoute } from '@app/contracts/spa-routes';
import { Elysia } from 'elysia';
import { missingHintCookie } from '../lib/cookies';
import { notFound } from '../lib/http-error';
import { composeServerPage, type ServerPages } from './server-page';

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

/** Compressed with Brotli or gzip: at their best levels for a page compressed once, else at fast ones. */
const compress = (data: Uint8Array<ArrayBuffer>, encoding: Encoding, best: boolean) =>
  (encoding === 'br'
    ? brotliCompressSync(data, { params: { [zlib.BROTLI_PARAM_QUALITY]: best ? 11 : 5 } })
    : Bun.gzipSync(data, { level: best ? 9 : 6 })) as Uint8Array<ArrayBuffer>;

/**
 * The file compressed, once per version of it: a sibling the build wrote (`.br`, `.gz`), else compressed here (always
 * here for a page rewritten in memory).
 */
function compressor() {
  // Bodies never share memory (`<ArrayBuffer>`): file reads and compressor outputs are plain arrays.
  const cache = new Map<string, { version: string; body: Uint8Array<ArrayBuffer> }>();
  return (
    path: string,
    version: string,
    encoding: Encoding,
    rewritten: Uint8Array<ArrayBuffer> | null = null,
  ): Uint8Array<ArrayBuffer> => {
    const key = `${path}\0${encoding}`;
    const cached = cache.get(key);
    if (cached?.version === version) return cached.body;
    // A page rewritten here (absolute URLs) is compressed here, once, at the best level: the build's copies are of
    // the file as it was.
    if (rewritten) {
      const body = compress(rewritten, encoding, true);
      cache.set(key, { version, body });
      return body;
    }
    const sibling = `${path}${encoding === 'br' ? '.br' : '.gz'}`;
    let body: Uint8Array<ArrayBuffer>;
    try {
      if (statSync(sibling).mtimeMs < statSync(path).mtimeMs) throw new Error('stale');
      body = readFileSync(sibling) as Uint8Array<ArrayBuffer>;
    } catch {
      body = compress(readFileSync(path), encoding, false);
    }
    cache.set(key, { version, body });
    return body;
  };
}

/** The tags whose address must be absolute for link previews and search engines (D31), and the attribute holding it. */
const ABSOLUTE_TAG = /<(?:link|meta)\b[^>]*>/g;
const ABSOLUTE_TARGETS: readonly [RegExp, string][] = [
  [/\brel="canonical"/, 'href'],
  [/\bproperty="og:(?:image|url)"/, 'content'],
];

/**
 * The page with its canonical link, `og:image` and `og:url` written as absolute URLs on the app's public address
 * (`APP_URL`): the build cannot know it, and a link preview runs no script to resolve a relative one.
 */
export function absolutizePageUrls(html: string, appUrl: string): string {
  return html.replace(ABSOLUTE_TAG, (tag) => {
    const attribute = ABSOLUTE_TARGETS.find(([marker]) => marker.test(tag))?.[1];
    if (!attribute) return tag;
    return tag.replace(new RegExp(`\\b${attribute}="(/(?!/)[^"]*)"`), (_, path: string) => {
      const absolute = new URL(path.replaceAll('&amp;', '&'), appUrl).href;
      return `${attribute}="${absolute.replaceAll('&', '&amp;').replaceAll('"', '&quot;')}"`;
    });
  });
}

/**
 * Serves the built SPA: files as they are (hashed assets cached for a year, everything else revalidated), a
 * prerendered page where the build made one, otherwise the app shell so the client router shows the page; a path
 * that names no page of the SPA (`contracts/src/spa-routes.ts`) gets the shell with 404, and the SPA shows its
 * not-found page (D31). Text files go out compressed (Brotli or gzip, as the client accepts) with an ETag, so a
 * revalidation costs a 304. Pages carry absolute canonical and Open Graph URLs on `appUrl`. Unknown /api paths stay
 * JSON 404s.
 */
/**
 * The Content Security Policy of every page: scripts only from this site (and the page's own inline scripts, by
 * hash), frames only from the dashboard services and the scheduling service, nothing may frame the site.
 */
function contentSecurityPolicy(html: string, frameSources: readonly string[]): string {
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

export interface SpaOptions {
  /** The app's public address (`APP_URL`): pages' canonical and Open Graph URLs are written absolute on it. */
  appUrl?: string;
  /** Pages whose words live in the database, rendered per request (case studies, legal pages: ADR 037). */
  serverPages?: ServerPages;
}

/** The policy's frame sources: fixed, or read per page (embed connections' sites join them, decision 030). */
export type FrameSources = readonly string[] | (() => readonly string[]);

export const spaPlugin = (
  staticDir: string,
  frameSources: FrameSources = [],
  { appUrl, serverPages }: SpaOptions = {},
) => {
  const sourcesNow = typeof frameSources === 'function' ? frameSources : () => frameSources;
  const root = resolve(staticDir);
  // The folder itself or something inside it: a sibling whose name starts the same (`dist-private`) is neither.
  const inRoot = (path: string) => path === root || path.startsWith(`${root}${sep}`);
  const indexFile = join(root, 'index.html');
  const shellFile = join(root, 'spa-shell.html');
  const isFile = (path: string) => {
    try {
      return statSync(path).isFile();
    } catch {
      return false;
    }
  };
  // The public address goes into the ETag of a rewritten page: a new APP_URL is a new version of the page.
  const addressTag = appUrl ? createHash('sha256').update(appUrl).digest('base64url').slice(0, 8) : '';
  // Each HTML file is read, rewritten and its policy computed once per version of the file (inline scripts hashed).
  const pages = new Map<
    string,
    { version: string; sources: readonly string[]; policy: string; rewritten: Uint8Array<ArrayBuffer> | null }
  >();
  const pageFor = (path: string, version: string) => {
    const sources = sourcesNow();
    const cached = pages.get(path);
    if (cached?.version === version && cached.sources === sources) return cached;
    const html = readFileSync(path, 'utf8');
    const absolute = appUrl ? absolutizePageUrls(html, appUrl) : html;
    const page = {
      version,
      sources,
      policy: contentSecurityPolicy(absolute, sources),
      rewritten: absolute === html ? null : (new TextEncoder().encode(absolute) as Uint8Array<ArrayBuffer>),
    };
    pages.set(path, page);
    return page;
  };
  const compressed = compressor();
  const secure = appUrl?.startsWith('https:') ?? false;
  const serve = (request: Request, path: string, cache: string, status = 200) => {
    const { mtimeMs, size } = statSync(path);
    const fileVersion = `${size.toString(36)}-${Math.trunc(mtimeMs).toString(36)}`;
    const page = path.endsWith('.html') ? pageFor(path, fileVersion) : null;
    const rewritten = page?.rewritten ?? null;
    const version = rewritten ? `${fileVersion}-${addressTag}` : fileVersion;
    const compressible = COMPRESSIBLE.test(path) && (rewritten?.byteLength ?? size) >= MIN_COMPRESSED_SIZE;
    const encoding = compressible ? preferredEncoding(request.headers.get('accept-encoding')) : null;
    const etag = `W/"${version}${encoding ? `-${encoding}` : ''}"`;
    const headers: Record<string, string> = {
      'cache-control': cache,
      'x-content-type-options': 'nosniff',
      // A 404 page is no version of anything to revalidate.
      ...(status === 200 ? { etag } : {}),
      ...(compressible ? { vary: 'accept-encoding' } : {}),
      ...(page ? { 'content-security-policy': page.policy } : {}),
    };
    // A page for someone whose session predates the session hint: give them the hint, or the SPA would take them for
    // a visitor until they signed in again.
    const hint = page ? missingHintCookie(request, secure) : null;
    if (hint) {
      headers['set-cookie'] = hint;
      // Not for a shared cache to hand to someone else.
      headers['cache-control'] = `private, ${cache}`;
    }
    const ifNoneMatch = request.headers.get('if-none-match');
    if (status === 200 && ifNoneMatch?.split(',').some((tag) => tag.trim() === etag))
      return new Response(null, { status: 304, headers });
    const type = Bun.file(path).type;
    if (!encoding)
      return rewritten
        ? new Response(rewritten, { status, headers: { ...headers, 'content-type': type } })
        : new Response(Bun.file(path), { status, headers });
    return new Response(compressed(path, version, encoding, rewritten), {
      status,
      headers: { ...headers, 'content-encoding': encoding, 'content-type': type },
    });
  };

  /** A server-rendered page: the shell with the page's head and content, never cached (an admin may change it). */
  const serveServerPage = (request: Request, html: string) => {
    const headers: Record<string, string> = {
      'content-type': 'text/html;charset=utf-8',
      'cache-control': 'no-cache',
      'x-content-type-options': 'nosniff',
      'content-security-policy': contentSecurityPolicy(html, sourcesNow()),
    };
    const hint = missingHintCookie(request, secure);
    if (hint) headers['set-cookie'] = hint;
    const body = new TextEncoder().encode(html) as Uint8Array<ArrayBuffer>;
    const encoding = preferredEncoding(request.headers.get('accept-encoding'));
    if (!encoding) return new Response(body, { headers });
    return new Response(compress(body, encoding, false), {
      headers: { ...headers, 'content-encoding': encoding, vary: 'accept-encoding' },
    });
  };

  const handler = async ({ request }: { request: Request }) => {
    const { pathname } = new URL(request.url);
    if (pathname === '/api' || pathname.startsWith('/api/')) throw notFound();
    let decoded: string | null;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      decoded = null;
    }
    if (decoded !== null) {
      const candidate = normalize(join(root, decoded));
      if (candidate.startsWith(`${root}${sep}`) && isFile(candidate))
        return serve(
          request,
          candidate,
          candidate.startsWith(`${join(root, 'assets')}${sep}`) ? IMMUTABLE : REVALIDATE,
        );
      // A prerendered page (marketing pages) for this path, with or without a trailing slash.
      const page = join(candidate, 'index.html');
      if (inRoot(candidate) && isFile(page)) return serve(request, page, REVALIDATE);
    }
    const serverPage = decoded !== null && serverPages && isFile(shellFile) ? await serverPages(decoded) : null;
    if (serverPage === 'not-found') return serve(request, shellFile, REVALIDATE, 404);
    if (serverPage)
      return serveServerPage(request, composeServerPage(readFileSync(shellFile, 'utf8'), serverPage, appUrl ?? ''));
    // Every other page of the SPA gets the bare app shell (the build writes it beside the prerendered home page); a
    // path that names no page gets it with 404, and the app shows its not-found page.
    const status = decoded !== null && isSpaRoute(decoded) ? 200 : 404;
    if (isFile(shellFile)) return serve(request, shellFile, REVALIDATE, status);
    if (!existsSync(indexFile)) return new Response('The web app is not built yet. Run `make build`.', { status: 503 });
    return serve(request, indexFile, REVALIDATE, status);
  };

  /** The app's shell with `status`: the app shows the page of its path (the queue board's 403, issue 27). */
  const shell = (request: Request, status: number) =>
    isFile(shellFile) ? serve(request, shellFile, REVALIDATE, status) : serve(request, indexFile, REVALIDATE, status);

  return Object.assign(new Elysia({ name: 'spa' }).get('/*', handler, { detail: { hide: true } }), { shell });
};
