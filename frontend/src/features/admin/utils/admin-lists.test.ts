import type { AdminDashboard, User } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { makeDashboard, makeOrganization } from '../../../testing/admin-fixtures';
import { makeUser } from '../../../testing/fake-api';
import {
  type DashboardFilters,
  emptyDashboardFilters,
  emptyUserFilters,
  filterDashboards,
  filterUsers,
  fullName,
  nextSort,
  sortDashboards,
  sortOrganizations,
  sortUsers,
  type UserFilters,
  visibleOrganizations,
} from './admin-lists';

const org = (id: number, isActive: boolean, name = `Org ${id}`) =>
  makeOrganization({ id, name, domain: null, isActive });

const dash = (id: number, over: Partial<AdminDashboard> = {}) =>
  makeDashboard({ id, name: `Dashboard ${id}`, isPublic: false, ...over });

/** The app's test user, as one who has done nothing yet: no name, never signed in, in no organization. */
const user = (id: number, over: Partial<User> = {}): User =>
  makeUser({
    id,
    email: `user${id}@example.com`,
    firstName: null,
    lastName: null,
    hasLoggedIn: false,
    accountSetupComplete: false,
    lastLoginAt: null,
    organizations: [],
    ...over,
  });

const ids = (items: { id: number }[]) => items.map((i) => i.id);

describe('nextSort', () => {
  it('flips the direction on the same column and sorts ascending by another one', () => {
    expect(nextSort({ key: 'name', direction: 'asc' }, 'name')).toEqual({ key: 'name', direction: 'desc' });
    expect(nextSort({ key: 'name', direction: 'desc' }, 'name')).toEqual({ key: 'name', direction: 'asc' });
    expect(nextSort({ key: 'name', direction: 'desc' }, 'type')).toEqual({ key: 'type', direction: 'asc' });
  });
});

describe('sortOrganizations / visibleOrganizations', () => {
  const list = [org(4, false), org(2, true), org(3, false), org(1, true)];

  it('lists active organizations first, then inactive ones, by id within each group', () => {
    expect(ids(sortOrganizations(list))).toEqual([1, 2, 3, 4]);
    expect(ids(sortOrganizations([org(9, false), org(5, true), org(7, true)]))).toEqual([5, 7, 9]);
  });

  it('does not change its input', () => {
    const input = [...list];
    sortOrganizations(input);
    expect(ids(input)).toEqual([4, 2, 3, 1]);
  });

  it("hides the inactive ones when 'Hide inactive' is ticked", () => {
    expect(ids(visibleOrganizations(list, { hideInactive: true }))).toEqual([1, 2]);
    expect(ids(visibleOrganizations(list, { hideInactive: false }))).toEqual([1, 2, 3, 4]);
    expect(visibleOrganizations([], { hideInactive: true })).toEqual([]);
  });
});

describe('filterDashboards', () => {
  const list = [
    dash(1, { name: 'Sales Overview', category: 'Sales', type: 'PowerBI', isPublic: true }),
    dash(2, { name: 'Enrollment Analytics', category: 'Education', type: 'Tableau', isPublic: false }),
    dash(3, { name: 'Stress survey', category: 'Research', type: 'Looker', isPublic: true }),
    dash(4, { name: 'Finance SALES split', category: 'Finance', type: 'PowerBI', isPublic: false }),
  ];
  const filter = (f: Partial<DashboardFilters>) => ids(filterDashboards(list, { ...emptyDashboardFilters, ...f }));

  it('keeps everything with the empty filters', () => {
    expect(filter({})).toEqual([1, 2, 3, 4]);
  });

  it('matches the name as a case-insensitive substring (trimmed)', () => {
    expect(filter({ name: 'sales' })).toEqual([1, 4]);
    expect(filter({ name: '  ENROLL ' })).toEqual([2]);
    expect(filter({ name: 'nothing' })).toEqual([]);
  });

  it('filters by category', () => {
    expect(filter({ category: 'Education' })).toEqual([2]);
    expect(filter({ category: 'HR' })).toEqual([]);
  });

  it('filters by type', () => {
    expect(filter({ type: 'PowerBI' })).toEqual([1, 4]);
    expect(filter({ type: 'Looker' })).toEqual([3]);
    expect(filter({ type: 'Custom' })).toEqual([]);
  });

  it('filters by visibility All / Public / Private', () => {
    expect(filter({ visibility: 'all' })).toEqual([1, 2, 3, 4]);
    expect(filter({ visibility: 'public' })).toEqual([1, 3]);
    expect(filter({ visibility: 'private' })).toEqual([2, 4]);
  });

  it('filters by embed mode, or keeps the public share links (issue 14)', () => {
    const modes = [
      dash(1, { embedMode: 'url', publicShareLink: true }),
      dash(2, { embedMode: 'powerbi', publicShareLink: false }),
      dash(3, { embedMode: 'url', publicShareLink: false }),
    ];
    const by = (embed: string) => ids(filterDashboards(modes, { ...emptyDashboardFilters, embed }));
    expect(by('all')).toEqual([1, 2, 3]);
    expect(by('url')).toEqual([1, 3]);
    expect(by('powerbi')).toEqual([2]);
    expect(by('tableau')).toEqual([]);
    expect(by('public-link')).toEqual([1]);
  });

  it('combines the filters', () => {
    expect(filter({ name: 'sales', type: 'PowerBI', visibility: 'private' })).toEqual([4]);
    expect(filter({ category: 'Sales', visibility: 'private' })).toEqual([]);
  });
});

describe('sortDashboards', () => {
  const list = [
    dash(3, { name: 'beta', category: 'Sales', type: 'Tableau', isPublic: true }),
    dash(1, { name: 'Alpha', category: 'Research', type: 'PowerBI', isPublic: false }),
    dash(2, { name: 'gamma', category: 'Education', type: 'Looker', isPublic: true }),
    dash(4, { name: 'alpha', category: 'Sales', type: 'PowerBI', isPublic: false }),
  ];
  const sorted = (key: Parameters<typeof sortDashboards>[1]['key'], direction: 'asc' | 'desc') =>
    ids(sortDashboards(list, { key, direction }));

  it.each([
    ['sorts by name case-insensitively, both ways, ties by id', 'name', [1, 4, 3, 2], [2, 3, 1, 4]],
    ['sorts by category, both ways, ties by id', 'category', [2, 1, 3, 4], [3, 4, 1, 2]],
    ['sorts by type, both ways, ties by id', 'type', [2, 1, 4, 3], [3, 1, 4, 2]],
    [
      'sorts by Public: private first ascending, public first descending, ties by id',
      'isPublic',
      [1, 4, 2, 3],
      [2, 3, 1, 4],
    ],
  ] as const)('%s', (_, key, ascending, descending) => {
    expect(sorted(key, 'asc')).toEqual(ascending);
    expect(sorted(key, 'desc')).toEqual(descending);
  });

  it('does not change its input', () => {
    sortDashboards(list, { key: 'name', direction: 'asc' });
    expect(ids(list)).toEqual([3, 1, 2, 4]);
  });
});

describe('fullName', () => {
  it("joins the names, or gives '' without any", () => {
    expect(fullName({ firstName: 'Ada', lastName: 'Lovelace' })).toBe('Ada Lovelace');
    expect(fullName({ firstName: 'Ada', lastName: null })).toBe('Ada');
    expect(fullName({ firstName: ' ', lastName: 'Byron' })).toBe('Byron');
    expect(fullName({ firstName: null, lastName: null })).toBe('');
  });
});

describe('filterUsers', () => {
  const list = [
    user(1, {
      email: 'ada@lovelace.org',
      firstName: 'Ada',
      lastName: 'Lovelace',
      isAdmin: true,
      hasLoggedIn: true,
      accountSetupComplete: true,
      lastLoginAt: '2025-03-01T09:00:00.000Z',
    }),
    user(2, { email: 'grace@navy.mil', firstName: 'Grace', lastName: 'Hopper', isActive: false }),
    user(3, { email: 'ALAN@example.com', firstName: 'Alan', lastName: 'Turing', accountSetupComplete: true }),
    user(4, { email: 'kat@nasa.gov', hasLoggedIn: true, accountSetupComplete: true }),
  ];
  const filter = (f: Partial<UserFilters>) => ids(filterUsers(list, { ...emptyUserFilters, ...f }));

  it('keeps everyone with the empty filters', () => {
    expect(filter({})).toEqual([1, 2, 3, 4]);
  });

  it('matches the e-mail as a case-insensitive substring', () => {
    expect(filter({ email: 'alan@' })).toEqual([3]);
    expect(filter({ email: '.GOV' })).toEqual([4]);
    expect(filter({ email: 'zzz' })).toEqual([]);
  });

  it("matches the name ('first last') as a case-insensitive substring", () => {
    expect(filter({ name: 'hopper' })).toEqual([2]);
    expect(filter({ name: 'ada love' })).toEqual([1]);
    expect(filter({ name: 'a' })).toEqual([1, 2, 3]);
  });

  it.each([
    ['filters by user type All / Admin / User', 'userType', { all: [1, 2, 3, 4], admin: [1], user: [2, 3, 4] }],
    [
      'filters by login All / Has logged in / Never logged in',
      'login',
      { all: [1, 2, 3, 4], 'logged-in': [1, 4], never: [2, 3] },
    ],
    [
      'filters by account setup All / Setup complete / Setup pending',
      'setup',
      { all: [1, 2, 3, 4], complete: [1, 3, 4], pending: [2] },
    ],
    ['filters by status All / Active / Inactive', 'status', { all: [1, 2, 3, 4], active: [1, 3, 4], inactive: [2] }],
  ] as const)('%s', (_, key, expected) => {
    for (const [value, kept] of Object.entries(expected)) expect(filter({ [key]: value })).toEqual(kept);
  });

  it('combines the six filters', () => {
    expect(filter({ name: 'a', userType: 'user', setup: 'complete', status: 'active', login: 'never' })).toEqual([3]);
    expect(filter({ email: 'ada', status: 'inactive' })).toEqual([]);
  });
});

describe('sortUsers', () => {
  const list = [
    user(5, { email: 'b@x.com', firstName: 'Zoe', lastName: 'A', lastLoginAt: '2025-02-01T00:00:00.000Z' }),
    user(2, { email: 'A@x.com', firstName: 'adam', lastName: 'B', isAdmin: true, lastLoginAt: null }),
    user(9, {
      email: 'c@x.com',
      firstName: 'Adam',
      lastName: 'B',
      isAdmin: true,
      lastLoginAt: '2025-03-01T00:00:00.000Z',
    }),
    user(1, { email: 'd@x.com', firstName: null, lastName: null, lastLoginAt: null }),
    user(7, { email: 'e@x.com', firstName: 'Mia', lastName: null, lastLoginAt: '2025-02-01T00:00:00.000Z' }),
  ];
  const sorted = (key: Parameters<typeof sortUsers>[1]['key'], direction: 'asc' | 'desc') =>
    ids(sortUsers(list, { key, direction }));

  it.each([
    ['sorts by e-mail case-insensitively, both ways', 'email', [2, 5, 9, 1, 7], [7, 1, 9, 5, 2]],
    ['sorts by name (no name first ascending), both ways, equal names by id', 'name', [1, 2, 9, 7, 5], [5, 7, 2, 9, 1]],
    [
      "sorts by last login ('Never' oldest), both ways, equal times by id",
      'lastLoginAt',
      [1, 2, 5, 7, 9],
      [9, 5, 7, 1, 2],
    ],
    [
      'sorts by admin: users first ascending, admins first descending, ties by id',
      'isAdmin',
      [1, 5, 7, 2, 9],
      [2, 9, 1, 5, 7],
    ],
  ] as const)('%s', (_, key, ascending, descending) => {
    expect(sorted(key, 'asc')).toEqual(ascending);
    expect(sorted(key, 'desc')).toEqual(descending);
  });

  it('does not change its input', () => {
    sortUsers(list, { key: 'email', direction: 'desc' });
    expect(ids(list)).toEqual([5, 2, 9, 1, 7]);
  });
});
