import { describe, expect, it } from 'vitest';
import { makeOrganization } from '../../../testing/admin-fixtures';
import { fullName, nextSort, organizationOptions } from './admin-lists';

// The lists themselves are filtered, sorted and paged by the server (issue 18): backend/src/lib/admin-lists.int.test.ts.

describe('nextSort', () => {
  it('flips the direction on the same column and sorts ascending by another one', () => {
    expect(nextSort({ key: 'name', direction: 'asc' }, 'name')).toEqual({ key: 'name', direction: 'desc' });
    expect(nextSort({ key: 'name', direction: 'desc' }, 'name')).toEqual({ key: 'name', direction: 'asc' });
    expect(nextSort({ key: 'name', direction: 'desc' }, 'type')).toEqual({ key: 'type', direction: 'asc' });
  });
});

describe('organizationOptions', () => {
  it('says which organizations are inactive', () => {
    const options = organizationOptions([
      makeOrganization({ id: 1, name: 'Acme' }),
      makeOrganization({ id: 2, name: 'Dormant', isActive: false }),
    ]);
    expect(options).toEqual([
      { value: '1', label: 'Acme' },
      { value: '2', label: 'Dormant (inactive)' },
    ]);
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
