import { describe, expect, it } from 'vitest';
import { useAdminTestApp } from '../../../testing/admin';
import { embedUrlWarning, probeEmbedUrl } from './embed-url';

const { t, admin } = useAdminTestApp();
const cookie = () => admin.cookie;

/** A port on this machine that nothing listens on: connections to it are refused. */
function closedPort() {
  const listener = Bun.listen({ hostname: '127.0.0.1', port: 0, socket: { data() {} } });
  const { port } = listener;
  listener.stop(true);
  return port;
}

const values = (embedUrl: string) => ({ name: 'Checked', category: 'Sales', type: 'PowerBI', embedUrl });

describe('saving a dashboard checks its embed URL (issue 12, item 3)', () => {
  it('saves a dashboard whose host refuses connections, and warns the admin', async () => {
    const url = `https://127.0.0.1:${closedPort()}/report`;
    const created = await t.request('POST', '/api/admin/dashboards', values(url), { cookie: cookie() });
    expect(created.status).toBe(201);
    const body = await created.json();
    expect(body).toMatchObject({ name: 'Checked', embedUrl: url });
    expect(body.embedUrlWarning).toBe(
      "Saved, but the embed URL could not be reached from the server (connection refused): clients may see 'Work in Progress'.",
    );

    const updated = await t.request('PUT', `/api/admin/dashboards/${body.id}`, values(`${url}?page=2`), {
      cookie: cookie(),
    });
    expect(updated.status).toBe(200);
    expect((await updated.json()).embedUrlWarning).toContain('connection refused');
  });

  it('warns about an unknown host, and still answers 404 for a dashboard that does not exist', async () => {
    const created = await t.request('POST', '/api/admin/dashboards', values('https://no-such-host.invalid/r'), {
      cookie: cookie(),
    });
    expect(created.status).toBe(201);
    expect((await created.json()).embedUrlWarning).toContain('host not found');
    const missing = await t.request('PUT', '/api/admin/dashboards/999999', values('https://no-such-host.invalid/r'), {
      cookie: cookie(),
    });
    expect(missing.status).toBe(404);
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
    expect(await probeEmbedUrl(`${base}/head-refused`)).toEqual({ outcome: 'answered', status: 403 });
    expect(methods).toEqual(['HEAD', 'GET']);
    // A redirect is an answer: not followed.
    expect(await probeEmbedUrl(`${base}/signin`)).toEqual({ outcome: 'answered', status: 302 });
    expect(embedUrlWarning({ outcome: 'answered', status: 403 })).toBeNull();
    expect(embedUrlWarning({ outcome: 'answered', status: 302 })).toBeNull();
    expect(embedUrlWarning(await probeEmbedUrl(`${base}/gone`))).toBe(
      "Saved, but the embed URL answered HTTP 404: clients may see 'Work in Progress'.",
    );
  });

  it('gives up after its timeout on a host that accepts the connection but never answers', async () => {
    const listener = Bun.listen({ hostname: '127.0.0.1', port: 0, socket: { data() {} } });
    try {
      expect(await probeEmbedUrl(`http://127.0.0.1:${listener.port}/`, 200)).toEqual({
        outcome: 'timeout',
        detail: 'no answer within 0.2 s',
      });
    } finally {
      listener.stop(true);
    }
  });
});
