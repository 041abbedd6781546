import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startCountingListener } from '@app/testing/counting-listener';
import { afterAll, describe, expect, it } from 'vitest';
import { checkOutboundUrl, guardedFetch, OutboundError, parseAllowHosts } from './outbound';

// Every request here goes to loopback: a counting listener that must see ZERO connections when the guard refuses,
// and small servers of the test's own that it names in allowHosts.
const counting = startCountingListener();
const answered: string[] = [];
const server = Bun.serve({
  hostname: '127.0.0.1',
  port: 0,
  fetch(request) {
    const url = new URL(request.url);
    answered.push(`${request.method} ${url.pathname} host=${request.headers.get('host')}`);
    const to = url.searchParams.get('to');
    if (to)
      return new Response(null, { status: Number(url.searchParams.get('status') ?? 302), headers: { location: to } });
    return Response.json({ ok: true, authorization: request.headers.get('authorization') });
  },
});
const own = `127.0.0.1:${server.port}`;
afterAll(() => {
  counting.stop();
  server.stop(true);
});

const failure = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(OutboundError);
  return error as OutboundError;
};

describe('guardedFetch (D35)', () => {
  it('never connects to loopback in any spelling: decimal, octal, hex, short, IPv6-mapped, a name, a trailing dot', async () => {
    for (const url of counting.spellings()) {
      const error = await failure(guardedFetch(url, {}, { allowHosts: [own] }));
      expect(['not-public', 'not-https']).toContain(error.reason);
      expect(error.message).not.toMatch(/127|::1|localhost/);
    }
    expect(counting.connections()).toBe(0);
  });

  it('never follows a redirect to loopback, however it is written', async () => {
    for (const to of counting.spellings()) {
      const error = await failure(
        guardedFetch(`http://${own}/hop?to=${encodeURIComponent(to)}`, {}, { allowHosts: [own] }),
      );
      expect(['not-public', 'not-https']).toContain(error.reason);
    }
    expect(counting.connections()).toBe(0);
  });

  it('refuses a name when ANY of its addresses is not public, and connects to the address it checked', async () => {
    const asked: string[] = [];
    const resolve = async (name: string) => {
      asked.push(name);
      return ['127.0.0.1'];
    };
    // Not named: refused before any connection.
    const refused = await failure(
      guardedFetch(`https://metadata.invalid:${counting.port}/`, {}, { allowHosts: [], resolve }),
    );
    expect(refused.reason).toBe('not-public');
    const mixed = await failure(
      guardedFetch(
        `https://mixed.invalid:${counting.port}/`,
        {},
        {
          allowHosts: [],
          resolve: async () => ['127.0.0.1', '8.8.8.8'],
        },
      ),
    );
    expect(mixed.reason).toBe('not-public');
    expect(counting.connections()).toBe(0);
    // Named: the request goes to the address the resolver gave (the system cannot resolve .invalid), once per hop.
    answered.length = 0;
    asked.length = 0;
    const response = await guardedFetch(
      `http://stand-in.invalid:${server.port}/ok`,
      {},
      {
        allowHosts: [`stand-in.invalid:${server.port}`],
        resolve,
      },
    );
    expect(response.status).toBe(200);
    expect(answered).toEqual([`GET /ok host=stand-in.invalid:${server.port}`]);
    expect(asked).toEqual(['stand-in.invalid']);
  });

  it('is https only unless the host:port is named, and names are exact (another port is not named)', async () => {
    expect((await failure(guardedFetch(`http://${own}/`, {}, { allowHosts: [] }))).reason).toBe('not-https');
    expect((await failure(guardedFetch(`http://127.0.0.1:${counting.port}/`, {}, { allowHosts: [own] }))).reason).toBe(
      'not-https',
    );
    expect((await guardedFetch(`http://${own}/`, {}, { allowHosts: [own] })).status).toBe(200);
    expect(counting.connections()).toBe(0);
  });

  it('follows redirects hop by hop (at most five), dropping credentials on another origin', async () => {
    const other = `localhost:${server.port}`;
    const allowHosts = [own, other];
    answered.length = 0;
    const response = await guardedFetch(
      `http://${own}/a?to=${encodeURIComponent(`http://${other}/b`)}`,
      { headers: { authorization: 'Bearer secret' } },
      { allowHosts },
    );
    expect(await response.json()).toEqual({ ok: true, authorization: null });
    expect(answered).toEqual([`GET /a host=${own}`, `GET /b host=${other}`]);
    let loop = `http://${own}/end`;
    for (let i = 0; i < 7; i++) loop = `http://${own}/r${i}?to=${encodeURIComponent(loop)}`;
    expect((await failure(guardedFetch(loop, {}, { allowHosts }))).reason).toBe('too-many-redirects');
    const manual = await guardedFetch(`http://${own}/m?to=/x`, { redirect: 'manual' }, { allowHosts });
    expect(manual.status).toBe(302);
  });

  it('one failure for a closed port and an open one that speaks no HTTP', async () => {
    const closed = Bun.listen({ hostname: '127.0.0.1', port: 0, socket: { data() {} } });
    const closedPort = closed.port;
    closed.stop(true);
    const open = startCountingListener();
    const allowHosts = [`127.0.0.1:${closedPort}`, `127.0.0.1:${open.port}`];
    const a = await failure(guardedFetch(`https://127.0.0.1:${closedPort}/`, {}, { allowHosts }));
    const b = await failure(guardedFetch(`https://127.0.0.1:${open.port}/`, {}, { allowHosts }));
    expect(open.connections()).toBe(1);
    open.stop();
    expect([a.reason, a.message]).toEqual([b.reason, b.message]);
    expect(a.reason).toBe('unreachable');
  });

  it('checks the certificate against the host name, not the address it connects to', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'outbound-'));
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=DNS:localhost',
      ],
      { stdio: 'ignore' },
    );
    const cert = readFileSync(join(dir, 'cert.pem'), 'utf8');
    const tlsServer = Bun.serve({
      hostname: '127.0.0.1',
      port: 0,
      tls: { cert, key: readFileSync(join(dir, 'key.pem'), 'utf8') },
      fetch: (request) => new Response(request.headers.get('host')),
    });
    try {
      const port = tlsServer.port;
      const init = { tls: { ca: cert } } as RequestInit;
      const ok = await guardedFetch(`https://localhost:${port}/`, init, { allowHosts: [`localhost:${port}`] });
      expect(await ok.text()).toBe(`localhost:${port}`);
      // The same server by its address: the certificate does not name it, so TLS fails.
      const byAddress = await failure(
        guardedFetch(`https://127.0.0.1:${port}/`, init, { allowHosts: [`127.0.0.1:${port}`] }),
      );
      expect(byAddress.reason).toBe('unreachable');
    } finally {
      tlsServer.stop(true);
    }
  });
});

describe('OUTBOUND_ALLOW_HOSTS and the save-time check', () => {
  it('reads host:port pairs as URLs spell them, and names the first bad one', () => {
    expect(parseAllowHosts(' LocalHost.:9000, 127.0.0.1:80,[::1]:8080 ,idp.corp.example:443')).toEqual([
      'localhost:9000',
      '127.0.0.1:80',
      '[::1]:8080',
      'idp.corp.example:443',
    ]);
    expect(parseAllowHosts('')).toEqual([]);
    for (const bad of ['localhost', 'http://x:80', 'x:0', 'x:65536', 'a b:80', 'x:80/path', '[::1]'])
      expect(parseAllowHosts(bad)).toEqual(expect.stringContaining('is not a host:port pair'));
  });

  it('tells a form what is wrong with a URL without fetching it', async () => {
    expect(await checkOutboundUrl(`https://2130706433:${counting.port}/`, { allowHosts: [] })).toEqual({
      reason: 'not-public',
      message: 'the address is not a public address',
    });
    expect((await checkOutboundUrl(`http://${own}/`, { allowHosts: [] }))?.reason).toBe('not-https');
    expect(await checkOutboundUrl(`http://${own}/`, { allowHosts: [own] })).toBeNull();
    expect(await checkOutboundUrl('https://no-such-host.invalid/', { allowHosts: [] })).toBeNull();
    expect(counting.connections()).toBe(0);
  });
});
