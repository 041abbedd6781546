import type { Database } from '@app/db';
import type { PublicDashboardsCache } from '../../deps';
import { listPublicDashboards } from './dashboards.repository';

/**
 * How long a list read from the database is answered as it is. After that the next request starts reading it afresh
 * and, until the new list is in, still gets the old one, for at most as long again. So another API replica's change
 * shows here within about a second, inside the goal "an admin's change shows in the public list within 2 s"
 * (decision 015), and the busiest answer never waits for the refresh. The process that made the change forgets its
 * list at once.
 */
export const PUBLIC_LIST_TTL_MS = 1_000;

/** Kept in each API process (see `PUBLIC_LIST_TTL_MS`); the reads of one moment share one query. */
export function createPublicDashboardsCache(deps: { db: Database; ttlMs?: number }): PublicDashboardsCache {
  const ttlMs = deps.ttlMs ?? PUBLIC_LIST_TTL_MS;
  const encoder = new TextEncoder();
  /** The last list read, and when its query started (what it shows is at least that recent). */
  let current: { bytes: Uint8Array<ArrayBuffer>; at: number } | null = null;
  let loading: Promise<Uint8Array<ArrayBuffer>> | null = null;

  const load = () => {
    if (loading) return loading;
    const at = Date.now();
    const query = listPublicDashboards(deps.db).then((rows) => {
      const bytes = encoder.encode(JSON.stringify(rows));
      // A read started before an invalidation is answered to whoever waits for it, never kept.
      if (loading === query) current = { bytes, at };
      return bytes;
    });
    const settle = () => {
      if (loading === query) loading = null;
    };
    query.then(settle, settle);
    loading = query;
    return query;
  };

  return {
    get() {
      return current && Date.now() - current.at <= ttlMs ? Promise.resolve(current.bytes) : load();
    },
    peek() {
      if (!current) return null;
      const age = Date.now() - current.at;
      if (age <= ttlMs) return current.bytes;
      if (age > 2 * ttlMs) return null;
      // A failed refresh is tried again by the next request; the app's route reports errors once the list is too old.
      load().catch(() => {});
      return current.bytes;
    },
    invalidate() {
      current = null;
      loading = null;
    },
  };
}
