import type { AdminOrganization, User } from '@app/contracts';

/**
 * The views of the admin lists (spec section 2): their filters and sort keys. The server filters, sorts (ties broken
 * by id) and pages them (issue 18, decision 038); these say what a screen asks for.
 */

type SortDirection = 'asc' | 'desc';

export interface SortState<K extends string> {
  key: K;
  direction: SortDirection;
}

/** Clicking a column: the same one flips the direction, another one sorts by it ascending (spec section 4). */
export function nextSort<K extends string>(current: SortState<K>, key: K): SortState<K> {
  if (current.key === key) return { key, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { key, direction: 'asc' };
}

// Organizations

/** Organizations as choices of a form (a select or checkboxes): inactive ones say so. */
export const organizationOptions = (organizations: readonly AdminOrganization[]) =>
  organizations.map((o) => ({ value: String(o.id), label: o.isActive ? o.name : `${o.name} (inactive)` }));

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

export type DashboardSortKey = 'name' | 'category' | 'type' | 'isPublic';

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

export type UserSortKey = 'email' | 'name' | 'lastLoginAt' | 'isAdmin';
