import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { waitUntil } from './wait';

export interface TestRadicale {
  /** The server's root, e.g. http://127.0.0.1:PORT/ */
  baseUrl: string;
  username: string;
  password: string;
  /** Creates a calendar collection (MKCALENDAR) and returns its URL (ending in '/'). */
  makeCalendar(name?: string): Promise<string>;
  authHeader: string;
  stop(): Promise<void>;
}

const RADICALE = process.env.RADICALE_BIN ?? '/usr/bin/radicale';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * A real CalDAV server (Debian's Radicale) on a free loopback port, with its own storage folder and plain htpasswd
 * authentication. `stop()` ends it and removes the folder.
 */
export async function startTestRadicale(): Promise<TestRadicale> {
  const dir = mkdtempSync(join(tmpdir(), 'radicale-'));
  const username = 'lucid';
  const password = 'calendar-secret';
  const port = await freePort();
  writeFileSync(join(dir, 'users'), `${username}:${password}\n`);
  writeFileSync(
    join(dir, 'config'),
    [
      '[server]',
      `hosts = 127.0.0.1:${port}`,
      '[auth]',
      'type = htpasswd',
      `htpasswd_filename = ${join(dir, 'users')}`,
      'htpasswd_encryption = plain',
      'delay = 0',
      '[rights]',
      'type = owner_only',
      '[storage]',
      `filesystem_folder = ${join(dir, 'collections')}`,
      '[web]',
      'type = none',
      '[logging]',
      'level = warning',
    ].join('\n'),
  );
  const child = Bun.spawn([RADICALE, '--config', join(dir, 'config')], { stdout: 'ignore', stderr: 'pipe' });
  const baseUrl = `http://127.0.0.1:${port}/`;
  const authHeader = `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
  try {
    await waitUntil(
      async () => {
        if (child.exitCode !== null) throw new Error(`radicale exited (${child.exitCode})`);
        return fetch(baseUrl, { method: 'OPTIONS' }).then(
          () => true,
          () => false,
        );
      },
      15_000,
      'radicale to start',
    );
  } catch (error) {
    child.kill();
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }

  return {
    baseUrl,
    username,
    password,
    authHeader,
    async makeCalendar(name = `calendar-${Date.now().toString(36)}`) {
      const url = `${baseUrl}${username}/${name}/`;
      const body = `<?xml version="1.0" encoding="utf-8"?>
<C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
  <D:set><D:prop>
    <D:displayname>${name}</D:displayname>
    <C:supported-calendar-component-set><C:comp name="VEVENT"/></C:supported-calendar-component-set>
  </D:prop></D:set>
</C:mkcalendar>`;
      const response = await fetch(url, {
        method: 'MKCALENDAR',
        headers: { authorization: authHeader, 'content-type': 'application/xml; charset=utf-8' },
        body,
      });
      if (response.status !== 201) throw new Error(`MKCALENDAR ${url}: HTTP ${response.status}`);
      return url;
    },
    async stop() {
      child.kill();
      await child.exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
