import * as v from 'valibot';

/**
 * The view of an admin list as the URL keeps it (issue 18): `/admin/people?page=2&pageSize=25&sort=email&order=asc`
 * plus the list's filters, so a view can be shared and survives a reload. A value the URL cannot mean (a page of -1,
 * text over 200 characters) is dropped, never an error: the list's default shows instead. Which keys a tab reads is
 * the tab's business; the server checks them again.
 */

/** Text of the URL (TanStack Router parses numbers as numbers: `?q=123` is text to a list). */
export const searchText = v.fallback(
  v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform(String), v.maxLength(200))),
  undefined,
);

/** A whole number of the URL from 1 to `max` (as many digits as `max` has, at most). */
export const searchWholeNumber = (max: number) =>
  v.fallback(
    v.optional(
      v.pipe(
        v.union([
          v.number(),
          v.pipe(v.string(), v.regex(new RegExp(`^\\d{1,${String(max).length}}$`)), v.transform(Number)),
        ]),
        v.integer(),
        v.minValue(1),
        v.maxValue(max),
      ),
    ),
    undefined,
  );

const AdminListSearchSchema = v.object({
  page: searchWholeNumber(1_000_000),
  pageSize: searchWholeNumber(100),
  sort: searchText,
  order: v.fallback(v.optional(v.picklist(['asc', 'desc'])), undefined),
  q: searchText,
  email: searchText,
  name: searchText,
  userType: searchText,
  login: searchText,
  setup: searchText,
  status: searchText,
  organization: searchText,
  dashboard: searchText,
  category: searchText,
  type: searchText,
  visibility: searchText,
  embed: searchText,
  actor: searchText,
  action: searchText,
  targetType: searchText,
  from: searchText,
  to: searchText,
  when: searchText,
  source: searchText,
  result: searchText,
  method: searchText,
});
export type AdminListSearch = v.InferOutput<typeof AdminListSearchSchema>;

/** The list view of a URL's search, its unknown and unusable parts dropped. */
export const parseAdminListSearch = (search: Record<string, unknown>): AdminListSearch =>
  v.parse(AdminListSearchSchema, search);
