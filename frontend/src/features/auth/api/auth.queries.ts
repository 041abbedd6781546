import type { User } from '@app/contracts';
import { hasSessionHint } from '@app/contracts/site';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, getQueryFn } from '../../../lib/api';

export const currentUserQueryKey = ['auth', 'user'] as const;

const fetchCurrentUser = getQueryFn('/api/auth/user', { on401: 'returnNull' });

/**
 * Whether this browser may hold a session: the API sets a script-readable hint cookie beside the HttpOnly session
 * cookie, and clears both together (contracts/src/site.ts). Without it nobody is signed in, so nothing is asked.
 */
const mayBeSignedIn = (): boolean => typeof document !== 'undefined' && hasSessionHint(document.cookie);

/**
 * GET /api/auth/user: the signed-in person, or `null` for an anonymous visitor (a 401, spec section 4; never
 * retried, like every query here). Asked only when the session hint is there: an anonymous visitor's pages then make
 * no request that answers 401 (which Chromium logs as a console error). A stale hint (the session expired) gets the
 * 401, which is `null` as before, and the API clears the hint with it.
 */
const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: currentUserQueryKey,
    queryFn: (context: { signal?: AbortSignal }) =>
      mayBeSignedIn() ? fetchCurrentUser(context) : Promise.resolve(null),
  });

/**
 * The current user for a route's `beforeLoad`: from the cache, or loaded once (concurrent callers share the
 * request). A failed load (server down) counts as anonymous, so public pages still render.
 */
export async function loadCurrentUser(queryClient: QueryClient): Promise<User | null> {
  try {
    return await queryClient.ensureQueryData(currentUserQueryOptions());
  } catch (error) {
    console.error('Loading the current user failed', error);
    return null;
  }
}

/** The current user if already loaded (null when anonymous or not known yet): for a check that must not wait. */
export const cachedCurrentUser = (queryClient: QueryClient): User | null =>
  queryClient.getQueryData<User | null>(currentUserQueryKey) ?? null;

export interface CurrentUserState {
  /** `null` when anonymous (or while loading: check `isLoading`). */
  user: User | null;
  /** The answer is not known yet. */
  isLoading: boolean;
  isAuthenticated: boolean;
  isAdmin: boolean;
}

/** Who is signed in, for components. A failed load counts as anonymous. */
export function useCurrentUser(): CurrentUserState {
  const query = useQuery(currentUserQueryOptions());
  const user = query.data ?? null;
  return { user, isLoading: query.isPending, isAuthenticated: user !== null, isAdmin: user?.isAdmin === true };
}

/**
 * After signing in or out: everything cached belonged to the previous visitor, so it goes, and the new current user
 * (or `null`) is put in place at once so the header and the guards follow without another request.
 */
export function replaceSession(queryClient: QueryClient, user: User | null): void {
  queryClient.setQueryData(currentUserQueryKey, user);
  queryClient.removeQueries({
    predicate: (query) =>
      !(query.queryKey[0] === currentUserQueryKey[0] && query.queryKey[1] === currentUserQueryKey[1]),
  });
}

/** A link's check; the mutation that uses the link up removes it from the cache. */
const tokenQueryOptions = (kind: 'registration' | 'reset', token: string) =>
  queryOptions({
    queryKey: ['auth', `${kind}-token`, token],
    queryFn: ({ signal }) => apiGet(`/api/auth/validate-${kind}-token/${encodeURIComponent(token)}`, { signal }),
  });

/** The check of an e-mailed link's token, whichever the kind. */
export type TokenQueryOptions = ReturnType<typeof tokenQueryOptions>;

/** GET /api/auth/validate-registration-token/{token}: 200 `{ valid, message, user }` also for a bad token. */
export const registrationTokenQueryOptions = (token: string) => tokenQueryOptions('registration', token);

/** GET /api/auth/validate-reset-token/{token}: 200 `{ valid, message, user }` also for a bad token. */
export const resetTokenQueryOptions = (token: string) => tokenQueryOptions('reset', token);
