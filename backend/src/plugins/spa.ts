import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, normalize, resolve } from 'node:path';
import { Elysia } from 'elysia';
import { notFound } from '../lib/http-error';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/**
 * Serves the built SPA: files as they are (hashed assets cached for a year, everything else revalidated), a
 * prerendered page where the build made one, otherwise index.html so the client router shows the page or its 404.
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
  const serve = (path: string, cache: string, status = 200) =>
    new Response(Bun.file(path), {
      status,
      headers: {
        'cache-control': cache,
        'x-content-type-options': 'nosniff',
        ...(path.endsWith('.html') ? { 'content-security-policy': policyFor(path) } : {}),
      },
    });

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
      return serve(candidate, candidate.startsWith(`${join(root, 'assets')}/`) ? IMMUTABLE : REVALIDATE);
    // A prerendered page (marketing pages) for this path, with or without a trailing slash.
    const page = join(candidate, 'index.html');
    if (candidate.startsWith(root) && isFile(page)) return serve(page, REVALIDATE);
    // Every other path gets the bare app shell (the build writes it beside the prerendered home page).
    if (isFile(shellFile)) return serve(shellFile, REVALIDATE);
    if (!existsSync(indexFile)) return new Response('The web app is not built yet. Run `make build`.', { status: 503 });
    return serve(indexFile, REVALIDATE);
  };

  return new Elysia({ name: 'spa' }).get('/*', handler, { detail: { hide: true } });
};
