import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Elysia } from 'elysia';
import { beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../lib/logger';
import { errorPlugin } from './errors';
import { spaPlugin } from './spa';

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
  app = new Elysia()
    .use(errorPlugin(silentLogger))
    .use(spaPlugin(dir, ['https://app.powerbi.com', 'https://lookerstudio.google.com'])) as unknown as Elysia;
});

const get = (path: string) => app.handle(new Request(`http://localhost${path}`));

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

  it('answers any unknown path with the app (history fallback), never cached', async () => {
    for (const path of ['/', '/contact', '/Client/Dashboard/5/', '/no/such/page']) {
      const response = await get(path);
      expect(response.status).toBe(200);
      expect(await response.text()).toBe('<html>app shell</html>');
      expect(response.headers.get('cache-control')).toBe('no-cache');
    }
  });

  it('serves a prerendered page where the build made one', async () => {
    expect(await (await get('/why-us')).text()).toBe('<html>prerendered why us</html>');
    expect(await (await get('/why-us/')).text()).toBe('<html>prerendered why us</html>');
  });

  it('keeps unknown API paths as JSON 404s and never escapes the folder', async () => {
    const api = await get('/api/nothing-here');
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ message: 'Not found', issues: [] });
    const traversal = await get('/assets/..%2f..%2f..%2fetc%2fpasswd');
    expect(await traversal.text()).toBe('<html>app shell</html>');
  });
});
