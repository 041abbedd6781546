import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { embedConnections } from '@app/db/schema';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../testing/app';
import { createApp } from '../../app';
import { createEmbedOrigins, withEmbedOrigins } from './embed-origins';

const t = useTestApp();

const connection = (name: string, provider: string, siteUrl?: string) => ({
  name,
  provider,
  settings: (siteUrl ? { siteUrl } : { tenantId: 't', clientId: 'c' }) as Record<string, string>,
  secret: 'v1.sealed',
});

describe("the embed connections' sites in the pages' frame-src (decision 030)", () => {
  it('adds the Tableau and Metabase sites of the connections, once each, and keeps the array while nothing changes', async () => {
    const origins = createEmbedOrigins({ db: t.db, ttlMs: 60_000 });
    await origins.refresh();
    expect(origins.current()).toEqual([]);
    await t.db
      .insert(embedConnections)
      .values([
        connection('Metabase', 'metabase', 'https://metabase.example.org/'),
        connection('Tableau', 'tableau', 'https://tableau.example.org/#/site/acme'),
        connection('Tableau 2', 'tableau', 'https://tableau.example.org'),
        connection('Power BI', 'powerbi'),
      ]);
    const before = origins.current();
    await origins.refresh();
    const after = origins.current();
    expect(after).toEqual(['https://metabase.example.org', 'https://tableau.example.org']);
    expect(after).not.toBe(before);
    await origins.refresh();
    expect(origins.current()).toBe(after);

    const combined = withEmbedOrigins(['https://app.powerbi.com', 'https://metabase.example.org'], origins);
    expect(combined()).toEqual([
      'https://app.powerbi.com',
      'https://metabase.example.org',
      'https://tableau.example.org',
    ]);
    expect(combined()).toBe(combined());
  });

  it("a page's Content Security Policy frames a connection's site as soon as this process refreshes", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'spa-'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>x</title>');
    const app = createApp({ ...t.deps, config: { ...t.deps.config, STATIC_DIR: dir } });
    const policy = async () =>
      (await app.handle(new Request('http://localhost/client/login'))).headers.get('content-security-policy') ?? '';
    expect(await policy()).not.toContain('https://bi.example.net');
    await t.db.insert(embedConnections).values(connection('Own Metabase', 'metabase', 'https://bi.example.net:8443/'));
    await t.deps.embedOrigins.refresh();
    expect(await policy()).toMatch(/frame-src [^;]*https:\/\/bi\.example\.net:8443/);
  });
});
