import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * `false` while React hydrates a prerendered page (and on the server), `true` afterwards and in a client-rendered
 * app. Whatever depends on the visitor (who is signed in, data from the API, the stored theme) renders its neutral
 * state until then, so the first client render matches the prerendered HTML exactly (D25).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

/**
 * A query's answer on a prerendered page: none, and no failure, until the page has hydrated (the HTML was built
 * without the API); then the query's own.
 */
export function useHydratedQuery<Data>(query: { data: Data | undefined; isError: boolean }): {
  data: Data | undefined;
  isError: boolean;
} {
  const hydrated = useHydrated();
  return hydrated ? { data: query.data, isError: query.isError } : { data: undefined, isError: false };
}
