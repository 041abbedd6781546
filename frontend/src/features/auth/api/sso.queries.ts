import { emailDomain } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api';
import { useDebounced } from '../../../lib/use-debounced';

/** How long typing must pause before the domain is asked about. */
const LOOKUP_DELAY_MS = 350;

/** A domain worth asking about: something after the `@` with a dot in it. */
const askable = (email: string) => /^[^@\s]+@[^@\s]+\.[^@\s]{2,}$/.test(email.trim());

/** GET /api/auth/sso?email= per DOMAIN (the answer says nothing about the person), kept for the visit. */
const ssoLookupQueryOptions = (email: string) =>
  queryOptions({
    queryKey: ['auth', 'sso', emailDomain(email)],
    queryFn: ({ signal }) => apiGet(`/api/auth/sso?email=${encodeURIComponent(email.trim())}`, { signal }),
    staleTime: 5 * 60_000,
  });

/**
 * Whether the address typed so far signs in at its organization's identity provider (issue 17): asked once typing
 * pauses, and only for an address that looks complete.
 */
export function useSsoLookup(email: string) {
  const settled = useDebounced(email, LOOKUP_DELAY_MS);
  const enabled = askable(settled) && askable(email) && emailDomain(settled) === emailDomain(email);
  const query = useQuery({ ...ssoLookupQueryOptions(settled), enabled });
  return enabled && query.data?.available
    ? { organizationName: query.data.organizationName ?? 'your organization' }
    : null;
}
