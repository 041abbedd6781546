import { describe, expect, it } from 'vitest';
import { leadListQuery, parseLeadSearch } from './lead-search';

describe('the leads view in the URL', () => {
  it('keeps what it can mean and drops the rest, never failing', () => {
    expect(
      parseLeadSearch({ q: 'acme', status: 'won', page: '2', pageSize: '50', sort: 'name', order: 'desc', lead: 7 }),
    ).toEqual({ q: 'acme', status: 'won', page: 2, pageSize: 50, sort: 'name', order: 'desc', lead: 7 });
    expect(
      parseLeadSearch({ status: 'hired', page: '-1', pageSize: '30', sort: 'password', order: 'up', lead: '1e3' }),
    ).toEqual({});
    expect(parseLeadSearch({ q: 'x'.repeat(201), lead: 99_999_999_999 })).toEqual({});
  });

  it('asks the API for the page, the sort and the filters of the view', () => {
    expect(leadListQuery({})).toBe('page=1&pageSize=25');
    expect(leadListQuery({ q: ' acme ', status: 'new', page: 3, sort: 'name' })).toBe(
      'page=3&pageSize=25&sort=name&order=asc&q=acme&status=new',
    );
  });
});
