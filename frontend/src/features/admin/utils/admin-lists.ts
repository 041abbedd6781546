import type { AdminDashboard, AdminOrganization, User } from '@app/contracts';

/** Filtering and sorting of the admin lists (spec section 2): pure, stable, ties broken by id (ascending). */

export type SortDirection = 'asc' | 'desc';

export interface SortState<K extends string> {
  key: K;
  direction: SortDirection;
}

/** Clicking a column: the same one flips the direction, another one sorts by it ascending (spec section 4). */
export function nextSort<K extends string>(current: SortState<K>, key: K): SortState<K> {
  if (current.key === key) return { key, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { key, direction: 'asc' };
}

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

const byId = (a: { id: number }, b: { id: number }) => a.id - b.id;

/** Sorts a copy by `compare` in `direction`; equal items keep id order whatever the direction. */
function sortBy<T extends { id: number }>(
  items: readonly T[],
  compare: (a: T, b: T) => number,
  direction: SortDirection,
) {
  const sign = direction === 'asc' ? 1 : -1;
  return [...items].sort((a, b) => sign * compare(a, b) || byId(a, b));
}

const includesText = (haystack: string, needle: string) =>
  needle.trim() === '' || haystack.toLowerCase().includes(needle.trim().toLowerCase());

// Organizations

/** Active organizations first, then inactive ones (dimmed in the table); by id within each group. */
export function sortOrganizations(organizations: readonly AdminOrganization[]): AdminOrganization[] {
  return [...organizations].sort((a, b) => Number(b.isActive) - Number(a.isActive) || byId(a, b));
}

/** The organizations table: sorted, without the inactive ones when 'Hide inactive' is ticked. */
/** Organizations as choices of a form (a select or checkboxes): inactive ones say so. */
export const organizationOptions = (organizations: readonly AdminOrganization[]) =>
  organizations.map((o) => ({ value: String(o.id), label: o.isActive ? o.name : `${o.name} (inactive)` }));

export function visibleOrganizations(
  organizations: readonly AdminOrganization[],
  { hideInactive }: { hideInactive: boolean },
): AdminOrganization[] {
  return sortOrganizations(hideInactive ? organizations.filter((o) => o.isActive) : organizations);
}

// Dashboards

type Visibility = 'all' | 'public' | 'private';
export const ALL = 'all';

export interface DashboardFilters {
  /** Case-insensitive substring of the name. */
  name: string;
  /** A category or 'all'. */
  category: string;
  /** A type or 'all'. */
  type: string;
  visibility: Visibility;
  /** An embed mode, 'public-link' (a URL anyone who has it can open, issue 14), or 'all'. */
  embed: string;
}

export const PUBLIC_LINK_FILTER = 'public-link';

export const emptyDashboardFilters: DashboardFilters = {
  name: '',
  category: ALL,
  type: ALL,
  visibility: 'all',
  embed: ALL,
};

export function filterDashboards(dashboards: readonly AdminDashboard[], filters: DashboardFilters): AdminDashboard[] {
  return dashboards.filter(
    (d) =>
      includesText(d.name, filters.name) &&
      (filters.category === ALL || d.category === filters.category) &&
      (filters.type === ALL || d.type === filters.type) &&
      (filters.visibility === 'all' || d.isPublic === (filters.visibility === 'public')) &&
      (filters.embed === ALL ||
        (filters.embed === PUBLIC_LINK_FILTER ? d.publicShareLink : d.embedMode === filters.embed)),
  );
}

export type DashboardSortKey = 'name' | 'category' | 'type' | 'isPublic';

const dashboardComparators: Record<DashboardSortKey, (a: AdminDashboard, b: AdminDashboard) => number> = {
  name: (a, b) => collator.compare(a.name, b.name),
  category: (a, b) => collator.compare(a.category, b.category),
  type: (a, b) => collator.compare(a.type, b.type),
  // Private before public when ascending.
  isPublic: (a, b) => Number(a.isPublic) - Number(b.isPublic),
};

export function sortDashboards(dashboards: readonly AdminDashboard[], sort: SortState<DashboardSortKey>) {
  return sortBy(dashboards, dashboardComparators[sort.key], sort.direction);
}

// Users

export interface UserFilters {
  /** Case-insensitive substring of the e-mail address. */
  email: string;
  /** Case-insensitive substring of 'first last'. */
  name: string;
  userType: 'all' | 'admin' | 'user';
  login: 'all' | 'logged-in' | 'never';
  setup: 'all' | 'complete' | 'pending';
  status: 'all' | 'active' | 'inactive';
}

export const emptyUserFilters: UserFilters = {
  email: '',
  name: '',
  userType: 'all',
  login: 'all',
  setup: 'all',
  status: 'all',
};

/** 'First Last', or '' when the user has no name yet. */
export const fullName = (user: Pick<User, 'firstName' | 'lastName'>) =>
  [user.firstName, user.lastName]
    .filter((part) => part && part.trim() !== '')
    .join(' ')
    .trim();

export function filterUsers(users: readonly User[], filters: UserFilters): User[] {
  return users.filter(
    (u) =>
      includesText(u.email, filters.email) &&
      includesText(fullName(u), filters.name) &&
      (filters.userType === 'all' || u.isAdmin === (filters.userType === 'admin')) &&
      (filters.login === 'all' || u.hasLoggedIn === (filters.login === 'logged-in')) &&
      (filters.setup === 'all' || u.accountSetupComplete === (filters.setup === 'complete')) &&
      (filters.status === 'all' || u.isActive === (filters.status === 'active')),
  );
}

export type UserSortKey = 'email' | 'name' | 'lastLoginAt' | 'isAdmin';

const loginTime = (user: User) => (user.lastLoginAt ? Date.parse(user.lastLoginAt) || 0 : Number.NEGATIVE_INFINITY);

const userComparators: Record<UserSortKey, (a: User, b: User) => number> = {
  email: (a, b) => collator.compare(a.email, b.email),
  name: (a, b) => collator.compare(fullName(a), fullName(b)),
  // 'Never' is the oldest: first when ascending, last when descending.
  lastLoginAt: (a, b) => {
    const [x, y] = [loginTime(a), loginTime(b)];
    return x === y ? 0 : x < y ? -1 : 1;
  },
  // Users before admins when ascending.
  isAdmin: (a, b) => Number(a.isAdmin) - Number(b.isAdmin),
};

export function sortUsers(users: readonly User[], sort: SortState<UserSortKey>) {
  return sortBy(users, userComparators[sort.key], sort.direction);
}
