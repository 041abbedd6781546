/**
 * The view of an admin list as the URL keeps it (issue 18): `/admin/people?page=2&pageSize=25&sort=email&order=asc`
 * plus the list's filters, so a view can be shared and survives a reload. A value the URL cannot mean (a page of -1,
 * text over 200 characters) is dropped, never an error: the list's default shows instead. Which keys a tab reads is
 * the tab's business; the server checks them again. Plain checks, not valibot: the route tree, which every page loads,
 * runs them (issue 30).
 */

/** Text of the URL (TanStack Router parses numbers as numbers: `?q=123` is text to a list), at most 200 characters. */
export const searchText = (value: unknown): string | undefined => {
  const text = typeof value === 'number' && !Number.isNaN(value) ? String(value) : value;
  return typeof text === 'string' && text.length <= 200 ? text : undefined;
};

/** A whole number of the URL from 1 to `max` (as many digits as `max` has, at most). */
export const searchWholeNumber = (max: number) => {
  const digits = new RegExp(`^\\d{1,${String(max).length}}$`);
  return (value: unknown): number | undefined => {
    const number =
      typeof value === 'number' ? value : typeof value === 'string' && digits.test(value) ? Number(value) : 0;
    return Number.isInteger(number) && number >= 1 && number <= max ? number : undefined;
  };
};

/** One of `choices`, as the URL has it. */
export const searchChoice =
  <const T extends string | number>(choices: readonly T[]) =>
  (value: unknown): T | undefined =>
    choices.includes(value as T) ? (value as T) : undefined;

/** The keys' values that a check keeps (an unusable one is left out). */
export function keptSearch<T extends Record<string, (value: unknown) => unknown>>(
  checks: T,
  search: Record<string, unknown>,
): { [K in keyof T]?: Exclude<ReturnType<T[K]>, undefined> | undefined } {
  const kept: Record<string, unknown> = {};
  for (const [key, check] of Object.entries(checks)) {
    const value = check(search[key]);
    if (value !== undefined) kept[key] = value;
  }
  return kept as { [K in keyof T]?: Exclude<ReturnType<T[K]>, undefined> };
}

const TEXT_KEYS = [
  'sort',
  'q',
  'email',
  'name',
  'userType',
  'login',
  'setup',
  'status',
  'organization',
  'dashboard',
  'category',
  'type',
  'visibility',
  'embed',
  'actor',
  'action',
  'targetType',
  'from',
  'to',
  'when',
  'source',
  'result',
  'method',
] as const;

const ADMIN_LIST_CHECKS = {
  page: searchWholeNumber(1_000_000),
  pageSize: searchWholeNumber(100),
  order: searchChoice(['asc', 'desc']),
  ...(Object.fromEntries(TEXT_KEYS.map((key) => [key, searchText])) as Record<
    (typeof TEXT_KEYS)[number],
    typeof searchText
  >),
};

export type AdminListSearch = ReturnType<typeof parseAdminListSearch>;

/** The list view of a URL's search, its unknown and unusable parts dropped. */
export const parseAdminListSearch = (search: Record<string, unknown>) => keptSearch(ADMIN_LIST_CHECKS, search);
