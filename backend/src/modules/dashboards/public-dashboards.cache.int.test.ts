import * as schema from '@app/db/schema';
import { createDashboard, useTestDatabase } from '@app/db/testing';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createPublicDashboardsCache } from './public-dashboards.cache';

const handle = useTestDatabase(2);

const names = (bytes: Uint8Array | null) =>
  bytes ? (JSON.parse(new TextDecoder().decode(bytes)) as { name: string }[]).map((d) => d.name) : null;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const rename = (from: string, to: string) =>
  handle.db.update(schema.dashboards).set({ name: to }).where(eq(schema.dashboards.name, from));

describe('the cached public list', () => {
  it('answers a list for its time-to-live, then the old one while the new one is read, never one older than twice that', async () => {
    await createDashboard(handle.db, { name: 'First', isPublic: true });
    const cache = createPublicDashboardsCache({ db: handle.db, ttlMs: 1_000 });
    expect(cache.peek()).toBeNull();
    expect(names(await cache.get())).toEqual(['First']);
    expect(names(cache.peek())).toEqual(['First']);

    // Changed by another replica: nobody tells this one.
    await rename('First', 'Renamed');
    await sleep(1_100); // margins of most of a second either way: a loaded machine makes sleeps longer
    expect(names(cache.peek())).toEqual(['First']); // expired: still answered, and the refresh starts
    await expect.poll(() => names(cache.peek())).toEqual(['Renamed']);

    await sleep(2_100); // nobody asked meanwhile: too old to answer without reading
    expect(cache.peek()).toBeNull();
    expect(names(await cache.get())).toEqual(['Renamed']);
  });

  it('forgets the list at once when invalidated, including a read that started before', async () => {
    await handle.db.delete(schema.dashboards);
    await createDashboard(handle.db, { name: 'Before', isPublic: true });
    const cache = createPublicDashboardsCache({ db: handle.db, ttlMs: 60_000 });
    await cache.get();
    cache.invalidate();
    const started = cache.get(); // reads 'Before'...
    await rename('Before', 'After');
    cache.invalidate(); // ...but the change came after it started
    expect(cache.peek()).toBeNull();
    expect(names(await cache.get())).toEqual(['After']);
    await started;
    expect(names(cache.peek())).toEqual(['After']);
  });
});
