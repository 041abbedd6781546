import type { Database } from '@app/db';
import type { EmbedOrigins } from '../../deps';
import { listConnectionSiteUrls } from './embed-origins.repository';

const EMBED_ORIGINS_TTL_MS = 30_000;

export function createEmbedOrigins(deps: { db: Database; ttlMs?: number }): EmbedOrigins {
  const ttlMs = deps.ttlMs ?? EMBED_ORIGINS_TTL_MS;
  let sources: readonly string[] = [];
  let readAt = 0;
  let loading: Promise<void> | null = null;

  const refresh = () => {
    loading ??= listConnectionSiteUrls(deps.db)
      .then((urls) => {
        const origins = new Set<string>();
        for (const url of urls) {
          try {
            const { origin } = new URL(url);
            if (origin !== 'null') origins.add(origin);
          } catch {
            // A site URL is checked when saved; one that is not a URL adds nothing.
          }
        }
        const next = [...origins].sort();
        if (next.length !== sources.length || next.some((source, i) => source !== sources[i])) sources = next;
      })
      .catch(() => {
        // The database is away: keep what we had; the next page tries again.
      })
      .finally(() => {
        readAt = Date.now();
        loading = null;
      });
    return loading;
  };

  return {
    current() {
      if (Date.now() - readAt > ttlMs) void refresh();
      return sources;
    },
    refresh,
  };
}

/** `fixed` followed by the connections' origins, as one array that stays the same object while neither changes. */
export function withEmbedOrigins(fixed: readonly string[], origins: EmbedOrigins): () => readonly string[] {
  let last: { from: readonly string[]; sources: readonly string[] } | null = null;
  return () => {
    const from = origins.current();
    if (last?.from !== from) last = { from, sources: [...fixed, ...from.filter((o) => !fixed.includes(o))] };
    return last.sources;
  };
}
