/** The subscriptions screen\'s URL (`/admin/subscriptions?organizationId=7`): the organization it is kept to. */
export interface SubscriptionsSearch {
  organizationId?: number;
}

const MAX_ID = 2_147_483_647;

/** Keeps an organization id it can mean (a whole number from 1, as the API's filter), drops anything else. */
export function parseSubscriptionsSearch(search: Record<string, unknown>): SubscriptionsSearch {
  const raw = search.organizationId;
  const id =
    typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d{1,10}$/.test(raw) ? Number(raw) : Number.NaN;
  return Number.isInteger(id) && id >= 1 && id <= MAX_ID ? { organizationId: id } : {};
}
