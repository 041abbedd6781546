import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gzipSync } from 'node:zlib';
import { silentLogger } from '@app/platform/logger';
import { Elysia } from 'elysia';
import { beforeAll, describe, expect, it } from 'vitest';
import { errorPlugin } from './errors';
import { absolutizePageUrls, preferredEncoding, spaPlugin } from './spa';

const BIG_SCRIPT = `console.log(${JSON.stringify('x'.repeat(4000))});`;

let app: Elysia;
beforeAll(() => {
  const dir = mkdtempSync(join(tmpdir(), 'spa-'));
  mkdirSync(join(dir, 'assets'));
  mkdirSync(join(dir, 'why-us'));
  writeFileSync(join(dir, 'index.html'), '<html>app shell</html>');
  writeFileSync(
    join(dir, 'with-script.html'),
    '<html><script>document.documentElement.dataset.x = 1</script><script type="module" src="/assets/a.js"></script></html>',
  );
  writeFileSync(join(dir, 'why-us', 'index.html'), '<html>prerendered why us</html>');
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
  writeFileSync(join(dir, 'robots.txt'), 'User-agent: *');
  writeFileSync(join(dir, 'assets', 'big-def456.js'), BIG_SCRIPT);
  writeFileSync(join(dir, 'assets', 'built-789.css'), 'body{color:red}'.repeat(100));
  // What the build writes beside a file: its compressed copies (the server takes them as they are).
  writeFileSync(join(dir, 'assets', 'built-789.css.gz'), gzipSync('/* precompressed */'));
  app = new Elysia()
    .use(errorPlugin(silentLogger))
    .use(spaPlugin(dir, ['https://app.powerbi.com', 'https://lookerstudio.google.com'])) as unknown as Elysia;
});

const get = (path: string, headers: Record<string, string> = {}) =>
  app.handle(new Request(`http://localhost${path}`, { headers }));

/** The answer is the bare app shell with this status (the SPA shows the page, or its not-found page). */
async function expectAppShell(response: Response, status: 200 | 404, path: string) {
  expect(response.status, path).toBe(status);
  expect(await response.text(), path).toBe('<html>app shell</html>');
}

describe('with a prerendered home page', () => {
  it('answers other paths with the bare app shell, and / with the prerendered home', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'spa-shell-'));
    writeFileSync(join(dir, 'index.html'), '<html>prerendered home</html>');
    writeFileSync(join(dir, 'spa-shell.html'), '<html>app shell</html>');
    const shellApp = new Elysia().use(spaPlugin(dir));
    expect(await await shellApp.handle(new Request('http://localhost/')).then((r) => r.text())).toBe(
      '<html>prerendered home</html>',
    );
    expect(await (await shellApp.handle(new Request('http://localhost/account'))).text()).toBe(
      '<html>app shell</html>',
    );
  });
});

describe('serving the built SPA', () => {
  it('sends pages with a Content Security Policy: own scripts (inline ones by hash), frames only from the embed hosts', async () => {
    const page = await get('/with-script.html');
    const policy = page.headers.get('content-security-policy') ?? '';
    const hash = new Bun.CryptoHasher('sha256').update('document.documentElement.dataset.x = 1').digest('base64');
    expect(policy).toContain(`script-src 'self' 'sha256-${hash}'`);
    expect(policy).toContain('frame-src https://app.powerbi.com https://lookerstudio.google.com');
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
    expect((await get('/assets/index-abc123.js')).headers.get('content-security-policy')).toBeNull();
  });

  it('caches hashed assets for a year and revalidates everything else', async () => {
    const asset = await get('/assets/index-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const robots = await get('/robots.txt');
    expect(await robots.text()).toBe('User-agent: *');
    expect(robots.headers.get('cache-control')).toBe('no-cache');
  });

  it('answers every page of the SPA with the app (history fallback), any case, trailing slash or not, never cached', async () => {
    for (const path of ['/', '/contact', '/Client/Dashboard/5/', '/dashboard/abc', '/booking/cancel?token=x']) {
      const response = await get(path);
      await expectAppShell(response, 200, path);
      expect(response.headers.get('cache-control')).toBe('no-cache');
    }
  });

  it('answers a path that names no page with 404 and the app, which shows its not-found page (no soft 404)', async () => {
    for (const path of ['/no/such/page', '/contactx', '/client/dashboard/5/extra', '/assets/missing.js', '/%E0%A4%A']) {
      const response = await get(path);
      await expectAppShell(response, 404, path);
      expect(response.headers.get('etag'), path).toBeNull();
    }
  });

  it('never serves from a sibling folder whose name starts like the static folder', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'spa-sibling-'));
    mkdirSync(join(parent, 'dist'));
    mkdirSync(join(parent, 'dist-private'));
    writeFileSync(join(parent, 'dist', 'index.html'), '<html>app shell</html>');
    writeFileSync(join(parent, 'dist-private', 'index.html'), '<html>secret</html>');
    const sibling = new Elysia().use(spaPlugin(join(parent, 'dist')));
    for (const path of ['/..%2fdist-private%2f', '/..%2fdist-private', '/..%2fdist-private%2findex.html']) {
      await expectAppShell(await sibling.handle(new Request(`http://localhost${path}`)), 404, path);
    }
  });

  it('gives the session hint to a page request whose session predates it, and to nobody else', async () => {
    const hintOf = async (path: string, cookie?: string) =>
      (await get(path, cookie ? { cookie } : {})).headers.get('set-cookie');
    for (const path of ['/', '/client/dashboard', '/why-us'])
      expect(await hintOf(path, 'session=abc'), path).toMatch(/^signed_in=1; Path=\/; SameSite=Lax; Max-Age=\d+$/);
    expect(await hintOf('/client/dashboard')).toBeNull();
    expect(await hintOf('/client/dashboard', 'session=abc; signed_in=1')).toBeNull();
    expect(await hintOf('/assets/index-abc123.js', 'session=abc')).toBeNull();
  });

  it('serves a prerendered page where the build made one', async () => {
    expect(await (await get('/why-us')).text()).toBe('<html>prerendered why us</html>');
    expect(await (await get('/why-us/')).text()).toBe('<html>prerendered why us</html>');
  });

  it('keeps unknown API paths as JSON 404s and never escapes the folder', async () => {
    const api = await get('/api/nothing-here');
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ message: 'Not found', issues: [] });
    await expectAppShell(await get('/assets/..%2f..%2f..%2fetc%2fpasswd'), 404, 'traversal');
  });
});

describe('compression', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0, gzip;q=0.8', 'gzip'],
    ['*', 'br'],
    ['identity', null],
    ['gzip;q=0', null],
    [null, null],
  ])('picks Brotli, else gzip, as the client accepts them: %j gets %j', (accepted, encoding) => {
    expect(preferredEncoding(accepted)).toBe(encoding);
  });

  it('sends text files compressed as accepted, saying it varies by Accept-Encoding', async () => {
    const br = await get('/assets/big-def456.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('accept-encoding');
    expect(br.headers.get('content-type')).toContain('javascript');
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const brBody = new Uint8Array(await br.arrayBuffer());
    expect(brBody.byteLength).toBeLessThan(BIG_SCRIPT.length / 10);
    expect(brotliDecompressSync(brBody).toString()).toBe(BIG_SCRIPT);

    const gzip = await get('/assets/big-def456.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(new TextDecoder().decode(Bun.gunzipSync(new Uint8Array(await gzip.arrayBuffer())))).toBe(BIG_SCRIPT);

    const plain = await get('/assets/big-def456.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toBe('accept-encoding');
    expect(await plain.text()).toBe(BIG_SCRIPT);
  });

  it("sends the build's precompressed copy when there is one, and small files as they are", async () => {
    const css = await get('/assets/built-789.css', { 'accept-encoding': 'gzip' });
    expect(css.headers.get('content-encoding')).toBe('gzip');
    expect(new TextDecoder().decode(Bun.gunzipSync(new Uint8Array(await css.arrayBuffer())))).toBe(
      '/* precompressed */',
    );
    const small = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip, br' });
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(await small.text()).toBe('console.log(1)');
  });

  it('answers a revalidation with 304 when the file has not changed (per encoding)', async () => {
    const first = await get('/assets/big-def456.js', { 'accept-encoding': 'br' });
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^W\/".+-br"$/);
    const again = await get('/assets/big-def456.js', { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    const otherEncoding = await get('/assets/big-def456.js', { 'accept-encoding': 'gzip', 'if-none-match': etag });
    expect(otherEncoding.status).toBe(200);
    await otherEncoding.arrayBuffer();
  });
});

describe('absolute canonical and Open Graph URLs (D31)', () => {
  const PAGE = [
    '<html><head>',
    '<link rel="canonical" href="/why-us">',
    '<meta property="og:image" content="/og-image.png">',
    '<meta property="og:url" content="/why-us">',
    '<meta property="og:title" content="/not-an-address">',
    '<link rel="stylesheet" href="/assets/a.css">',
    '<script>window.x = 1</script>',
    `</head><body>${'text '.repeat(400)}</body></html>`,
  ].join('');

  it('writes them on the public address, leaving every other tag alone', () => {
    const html = absolutizePageUrls(PAGE, 'https://www.lucid.example');
    expect(html).toContain('<link rel="canonical" href="https://www.lucid.example/why-us">');
    expect(html).toContain('<meta property="og:image" content="https://www.lucid.example/og-image.png">');
    expect(html).toContain('<meta property="og:url" content="https://www.lucid.example/why-us">');
    expect(html).toContain('<meta property="og:title" content="/not-an-address">');
    expect(html).toContain('<link rel="stylesheet" href="/assets/a.css">');
    expect(
      absolutizePageUrls('<meta property="og:image" content="https://cdn.example/x.png">', 'https://a.example'),
    ).toBe('<meta property="og:image" content="https://cdn.example/x.png">');
  });

  it('serves pages rewritten, plain and compressed alike, with an ETag that changes with the address', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'spa-abs-'));
    mkdirSync(join(dir, 'why-us'));
    writeFileSync(join(dir, 'index.html'), '<html>app shell</html>');
    writeFileSync(join(dir, 'why-us', 'index.html'), PAGE);
    // The build's compressed copy has the relative addresses: it must not be sent.
    writeFileSync(join(dir, 'why-us', 'index.html.gz'), gzipSync(PAGE));
    const at = (appUrl: string) => new Elysia().use(spaPlugin(dir, [], { appUrl }));
    const one = at('https://one.example');
    const fetchPage = (headers: Record<string, string> = {}, app = one) =>
      app.handle(new Request('http://localhost/why-us', { headers }));
    const plain = await fetchPage();
    const plainHtml = await plain.text();
    expect(plainHtml).toContain('<link rel="canonical" href="https://one.example/why-us">');
    expect(plain.headers.get('content-type')).toContain('text/html');
    const gzip = await fetchPage({ 'accept-encoding': 'gzip' });
    expect(new TextDecoder().decode(Bun.gunzipSync(new Uint8Array(await gzip.arrayBuffer())))).toBe(plainHtml);
    const br = await fetchPage({ 'accept-encoding': 'br' });
    expect(brotliDecompressSync(new Uint8Array(await br.arrayBuffer())).toString()).toBe(plainHtml);
    const hash = new Bun.CryptoHasher('sha256').update('window.x = 1').digest('base64');
    expect(br.headers.get('content-security-policy')).toContain(`'sha256-${hash}'`);
    const etag = br.headers.get('etag') ?? '';
    expect((await fetchPage({ 'accept-encoding': 'br', 'if-none-match': etag })).status).toBe(304);
    const other = await fetchPage({ 'accept-encoding': 'br' }, at('https://two.example'));
    expect(other.headers.get('etag')).not.toBe(etag);
    expect(brotliDecompressSync(new Uint8Array(await other.arrayBuffer())).toString()).toContain(
      'href="https://two.example/why-us"',
    );
  });
});
