import * as v from 'valibot';

/**
 * The view of an admin list as the URL keeps it (issue 18): `/admin/people?page=2&pageSize=25&sort=email&order=asc`
 * plus the list's filters, so a view can be shared and survives a reload. A value the URL cannot mean (a page of -1,
 * text over 200 characters) is dropped, never an error: the list's default shows instead. Which keys a tab reads is
 * the tab's business; the server checks them again.
 */

/** Text of the URL (TanStack Router parses numbers as numbers: `?q=123` is text to a list). */
const text = v.fallback(
  v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform(String), v.maxLength(200))),
  undefined,
);

const wholeNumber = (max: number) =>
  v.fallback(
    v.optional(
      v.pipe(
        v.union([v.number(), v.pipe(v.string(), v.regex(/^\d{1,7}$/), v.transform(Number))]),
        v.integer(),
        v.minValue(1),
        v.maxValue(max),
      ),
    ),
    undefined,
  );

const AdminListSearchSchema = v.object({
  page: wholeNumber(1_000_000),
  pageSize: wholeNumber(100),
  sort: text,
  order: v.fallback(v.optional(v.picklist(['asc', 'desc'])), undefined),
  q: text,
  email: text,
  name: text,
  userType: text,
  login: text,
  setup: text,
  status: text,
  organization: text,
  dashboard: text,
  category: text,
  type: text,
  visibility: text,
  embed: text,
  actor: text,
  action: text,
  targetType: text,
  from: text,
  to: text,
  when: text,
  source: text,
  result: text,
  method: text,
});
export type AdminListSearch = v.InferOutput<typeof AdminListSearchSchema>;

/** The list view of a URL's search, its unknown and unusable parts dropped. */
export const parseAdminListSearch = (search: Record<string, unknown>): AdminListSearch =>
  v.parse(AdminListSearchSchema, search);
