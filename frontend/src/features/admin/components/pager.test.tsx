// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { cleanUpAfterEachTest } from '../../../testing/clean-up';
import { Pager } from './pager';

// The pager's row count reads as English: '(1 entry)', never '(1 entrie)'.

cleanUpAfterEachTest();

const pager = { page: 1, pages: 1, pageSize: 25, setPage: vi.fn(), setPageSize: vi.fn() };
const status = (label: string, total: number, one?: string) => {
  render(<Pager name="x" label={label} one={one} pager={pager} total={total} busy={false} />);
  const text = screen.getByTestId('x-page-status').textContent;
  cleanup();
  return text;
};

describe('Pager row count', () => {
  it('says one row in the singular and other counts in the plural', () => {
    expect(status('entries', 1)).toBe('Page 1 of 1 (1 entry)');
    expect(status('entries', 0)).toBe('Page 1 of 1 (0 entries)');
    expect(status('entries', 2)).toBe('Page 1 of 1 (2 entries)');
    expect(status('users', 1)).toBe('Page 1 of 1 (1 user)');
    expect(status('sign-ins', 1)).toBe('Page 1 of 1 (1 sign-in)');
    expect(status('users', 1234)).toBe('Page 1 of 1 (1,234 users)');
    expect(status('people', 1, 'person')).toBe('Page 1 of 1 (1 person)');
  });
});
