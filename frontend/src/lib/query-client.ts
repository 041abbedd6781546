import { QueryClient } from '@tanstack/react-query';

/**
 * Spec section 7: data is fresh for 60 s, never refetched on window focus, never polled, and neither queries nor
 * mutations are retried (a 401 means "anonymous", retrying would only delay that answer).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
