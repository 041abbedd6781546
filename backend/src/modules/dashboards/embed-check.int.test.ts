import { createDashboard } from '@app/db/testing';
import { startCountingListener } from '@app/testing/counting-listener';
import { afterAll, describe, expect, it } from 'vitest';
import { useAdminTestApp } from '../../../testing/admin';
import { embedUrlWarning, probeEmbedUrl } from './embed-url';

/** A port on this machine that nothing listens on: connections to it are refused. */
function closedPort() {
  const listener = Bun.listen({ hostname: '127.0.0.1', port: 0, socket: { data() {} } });
  const { port } = listener;
  listener.stop(true);
  return port;
}

// Loopback stand-ins of hosts: `counting` is NOT named in OUTBOUND_ALLOW_HOSTS (it must never get a connection);
// a refusing port and a port that accepts and says nothing are named, so the server asks them (D35, decision 040).
const counting = startCountingListener();
const silent = startCountingListener();
const refusing = closedPort();
const allowed = [`127.0.0.1:${refusing}`, `127.0.0.1:${silent.port}`];
afterAll(() => {
  counting.stop();
  silent.stop();
});
const { t, admin, as } = useAdminTestApp({ env: { OUTBOUND_ALLOW_HOSTS: allowed.join(',') } });
const cookie = () => admin.cookie;

const values = (embedUrl: string) => ({ name: 'Checked', category: 'Sales', type: 'PowerBI', embedUrl });
const UNREACHABLE =
  "Saved, but the embed URL could not be reached from the server: clients may see 'Work in Progress'.";
const NOT_CHECKED =
  'Saved. The server did not check the embed URL: its host does not resolve from the server or is not a public address.';

describe('saving a dashboard checks its embed URL (issue 12, item 3; decision 040)', () => {
  it('warns the admin alike for a host that refuses and one that accepts and never answers', async () => {
    const url = `https://127.0.0.1:${refusing}/report`;
    const created = await t.request('POST', '/api/admin/dashboards', values(url), { cookie: cookie() });
    expect(created.status).toBe(201);
    const body = await created.json();
    expect(body).toMatchObject({ name: 'Checked', embedUrl: url });
    expect(body.embedUrlWarning).toBe(UNREACHABLE);
    const open = `https://127.0.0.1:${silent.port}/report`;
    const updated = await t.request('PUT', `/api/admin/dashboards/${body.id}`, values(open), { cookie: cookie() });
    expect(updated.status).toBe(200);
    expect((await updated.json()).embedUrlWarning).toBe(UNREACHABLE);
    expect(silent.connections()).toBeGreaterThan(0);
  });

  it('never asks a loopback address in any spelling, nor a host that does not resolve', async () => {
    for (const url of counting.spellings().filter((u) => u.startsWith('https:'))) {
      const created = await t.request('POST', '/api/admin/dashboards', values(url), { cookie: cookie() });
      expect(created.status).toBe(201);
      expect((await created.json()).embedUrlWarning).toBe(NOT_CHECKED);
    }
    expect(counting.connections()).toBe(0);
    const lost = await t.request('POST', '/api/admin/dashboards', values('https://no-such-host.invalid/r'), {
      cookie: cookie(),
    });
    expect((await lost.json()).embedUrlWarning).toBe(NOT_CHECKED);
    const missing = await t.request('PUT', '/api/admin/dashboards/999999', values('https://no-such-host.invalid/r'), {
      cookie: cookie(),
    });
    expect(missing.status).toBe(404);
  });
});

describe('GET /api/dashboards/{id}/embed-status (anonymous, public dashboards)', () => {
  const status = async (embedUrl: string) => {
    const dashboard = await createDashboard(t.db, { isPublic: true, embedUrl });
    const response = await as(null).get(`/api/dashboards/${dashboard.id}/embed-status`);
    expect(response.status).toBe(200);
    return ((await response.json()) as { status: string }).status;
  };

  it('answers one word for a closed port and an open one', async () => {
    expect(await status(`https://127.0.0.1:${refusing}/closed`)).toBe('unreachable');
    expect(await status(`https://127.0.0.1:${silent.port}/open`)).toBe('unreachable');
  });

  it('never asks a non-public address: every spelling of loopback is unknown, with no connection', async () => {
    const answers = await Promise.all(
      counting
        .spellings()
        .filter((u) => u.startsWith('https:'))
        .map(status),
    );
    expect(new Set(answers)).toEqual(new Set(['unknown']));
    expect(counting.connections()).toBe(0);
  });
});

describe('the probe of an embed URL', () => {
  it('asks with HEAD, falls back to GET when HEAD is refused, and takes any answer as reachable', async () => {
    const methods: string[] = [];
    using server = Bun.serve({
      hostname: '127.0.0.1',
      port: 0,
      fetch(request) {
        methods.push(request.method);
        if (request.url.endsWith('/head-refused'))
          return new Response(null, { status: request.method === 'HEAD' ? 405 : 403 });
        return new Response(null, { status: request.url.endsWith('/gone') ? 404 : 302, headers: { location: '/x' } });
      },
    });
    const base = `http://127.0.0.1:${server.port}`;
    const named = [`127.0.0.1:${server.port}`];
    expect(await probeEmbedUrl(`${base}/head-refused`, named)).toEqual({ outcome: 'answered', status: 403 });
    expect(methods).toEqual(['HEAD', 'GET']);
    // A redirect is an answer: not followed.
    expect(await probeEmbedUrl(`${base}/signin`, named)).toEqual({ outcome: 'answered', status: 302 });
    expect(embedUrlWarning({ outcome: 'answered', status: 403 })).toBeNull();
    expect(embedUrlWarning({ outcome: 'answered', status: 302 })).toBeNull();
    expect(embedUrlWarning(await probeEmbedUrl(`${base}/gone`, named))).toBe(
      "Saved, but the embed URL answered HTTP 404: clients may see 'Work in Progress'.",
    );
    // Not named: not asked.
    const before = methods.length;
    expect(await probeEmbedUrl(`${base}/gone`, [])).toEqual({ outcome: 'not-checked' });
    expect(methods.length).toBe(before);
  });

  it('gives up after its timeout on a host that accepts the connection but never answers', async () => {
    const listener = Bun.listen({ hostname: '127.0.0.1', port: 0, socket: { data() {} } });
    try {
      expect(await probeEmbedUrl(`http://127.0.0.1:${listener.port}/`, [`127.0.0.1:${listener.port}`], 200)).toEqual({
        outcome: 'unreachable',
      });
    } finally {
      listener.stop(true);
    }
  });
});
