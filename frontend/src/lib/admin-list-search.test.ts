import { describe, expect, it } from 'vitest';
import { parseAdminListSearch } from './admin-list-search';

describe('the admin list view in the URL', () => {
  it('keeps what a list can use: page, size, sort, order, text and filters (numbers of the URL as text)', () => {
    expect(
      parseAdminListSearch({ page: 2, pageSize: '50', sort: 'email', order: 'desc', q: 'ada', organization: 17 }),
    ).toMatchObject({ page: 2, pageSize: 50, sort: 'email', order: 'desc', q: 'ada', organization: '17' });
  });

  it('drops what it cannot mean, never failing: the list shows its default instead', () => {
    const parsed = parseAdminListSearch({
      page: -1,
      pageSize: 1000,
      order: 'sideways',
      q: 'x'.repeat(201),
      status: { deep: true },
      page2: 'ignored',
    });
    expect(parsed.page).toBeUndefined();
    expect(parsed.pageSize).toBeUndefined();
    expect(parsed.order).toBeUndefined();
    expect(parsed.q).toBeUndefined();
    expect(parsed.status).toBeUndefined();
    expect(parsed).not.toHaveProperty('page2');
    expect(parseAdminListSearch({ page: '1e309' }).page).toBeUndefined();
    expect(parseAdminListSearch({ page: 2.5 }).page).toBeUndefined();
    expect(parseAdminListSearch({ q: Number.NaN }).q).toBeUndefined();
  });
});
