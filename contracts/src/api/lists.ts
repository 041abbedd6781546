import * as v from 'valibot';
import { LEAD_STATUSES } from '../url-choices';
import { SIGN_IN_METHODS, SIGN_IN_RESULTS } from './account-security';
import { DASHBOARD_CATEGORIES, DASHBOARD_TYPES } from './dashboards';
import { EMBED_MODES } from './embedding';

/**
 * The query of an administration list (issue 18, decision 038): `?page=1&pageSize=25&sort=email&order=asc&q=...`
 * plus the list's own filters. With `page` the API answers that page's rows and the total in `X-Total-Count`;
 * without it, the whole (filtered, sorted) list. One builder, `listQuerySchema`, makes each list's schema.
 */

export const DEFAULT_PAGE_SIZE = 25;
const MAX_PAGE_SIZE = 100;
/** Far beyond any list of ours, and small enough that page × pageSize stays an exact integer offset. */
const MAX_PAGE = 1_000_000;
const MAX_ID = 2_147_483_647;
const MAX_SEARCH_LENGTH = 200;
/** The response header that carries the number of rows of the filtered list (all pages). */
export const TOTAL_COUNT_HEADER = 'X-Total-Count';
const SORT_ORDERS = ['asc', 'desc'] as const;
type SortOrder = (typeof SORT_ORDERS)[number];

/** A whole number from `min` to `max` written in digits only ('1e309', '-1', '2.5' and 'abc' are refused). */
const wholeNumber = (name: string, min: number, max: number) => {
  const message = `${name} must be a whole number from ${min} to ${max.toLocaleString('en')}`;
  return v.pipe(
    v.string(message),
    v.regex(/^\d{1,10}$/, message),
    v.transform(Number),
    v.minValue(min, message),
    v.maxValue(max, message),
  );
};

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Text with no NUL character and no lone surrogate (PostgreSQL cannot store either). */
const storableText = (name: string, max: number) =>
  v.pipe(
    v.string(`${name} must be text`),
    v.check((text) => !text.includes('\0'), `${name} must not contain a NUL character`),
    v.check((text) => !LONE_SURROGATE.test(text), `${name} must be valid Unicode text`),
    v.trim(),
    v.maxLength(max, `${name} must be at most ${max} characters`),
  );

/** A filter's free text (a case-insensitive substring); empty means no filter. */
const textFilter = (name: string) => v.optional(storableText(name, MAX_SEARCH_LENGTH));

/** A filter that is one of a fixed list. */
const choiceFilter = <const O extends readonly string[]>(name: string, options: O) =>
  v.optional(v.picklist(options, `${name} must be one of ${options.join(', ')}`));

/** A filter naming a record by id. */
const idFilter = (name: string) => v.optional(wholeNumber(name, 1, MAX_ID));

/** A filter that is a day (yyyy-MM-dd, UTC). */
const dayFilter = (name: string) =>
  v.optional(
    v.pipe(
      v.string(`${name} must be a date (yyyy-MM-dd)`),
      v.regex(/^\d{4}-\d{2}-\d{2}$/, `${name} must be a date (yyyy-MM-dd)`),
      v.check((day) => {
        const date = new Date(`${day}T00:00:00Z`);
        return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(day);
      }, `${name} must be a date (yyyy-MM-dd)`),
    ),
  );

/**
 * The schema of one list's query: paging, sorting by one of `sorts` (anything else is refused with the allowed
 * ones named), `q`, and the list's own `filters`. Unknown parameters are ignored.
 */
const listQuerySchema = <const S extends readonly [string, ...string[]], const F extends v.ObjectEntries>(
  sorts: S,
  filters: F,
) =>
  v.object({
    page: v.optional(wholeNumber('page', 1, MAX_PAGE)),
    pageSize: v.optional(wholeNumber('pageSize', 1, MAX_PAGE_SIZE)),
    sort: v.optional(v.picklist(sorts, `sort must be one of ${sorts.join(', ')}`)),
    order: v.optional(v.picklist(SORT_ORDERS, 'order must be asc or desc')),
    q: textFilter('q'),
    ...filters,
  });

/** What every list query holds once parsed. */
export interface ListQuery<K extends string = string> {
  page?: number | undefined;
  pageSize?: number | undefined;
  sort?: K | undefined;
  order?: SortOrder | undefined;
  q?: string | undefined;
}

const ACTIVE_STATES = ['active', 'inactive'] as const;

/** GET /api/admin/organizations */
const ORGANIZATION_SORTS = ['name', 'domain', 'isActive', 'createdAt', 'id'] as const;
export const OrganizationListQuerySchema = listQuerySchema(ORGANIZATION_SORTS, {
  status: choiceFilter('status', ACTIVE_STATES),
});
export type OrganizationListQuery = v.InferOutput<typeof OrganizationListQuerySchema>;

/** GET /api/admin/users (the spec's six filters, and membership of an organization) */
const USER_SORTS = ['email', 'name', 'lastLoginAt', 'isAdmin', 'createdAt', 'id'] as const;
export const UserListQuerySchema = listQuerySchema(USER_SORTS, {
  email: textFilter('email'),
  name: textFilter('name'),
  userType: choiceFilter('userType', ['admin', 'user']),
  login: choiceFilter('login', ['logged-in', 'never']),
  setup: choiceFilter('setup', ['complete', 'pending']),
  status: choiceFilter('status', ACTIVE_STATES),
  organization: idFilter('organization'),
});
export type UserListQuery = v.InferOutput<typeof UserListQuerySchema>;

/** A dashboard's category and type, as the lists of dashboards and of their links filter them. */
const DashboardKindFilters = {
  category: choiceFilter('category', DASHBOARD_CATEGORIES),
  type: choiceFilter('type', DASHBOARD_TYPES),
};

/** A dashboard's embedding filter: a mode, or 'public-link' (a URL anyone who has it can open). */
const DASHBOARD_EMBED_FILTERS = [...EMBED_MODES, 'public-link'] as const;

/** GET /api/admin/dashboards-direct */
const DASHBOARD_SORTS = ['name', 'category', 'type', 'isPublic', 'id'] as const;
export const DashboardListQuerySchema = listQuerySchema(DASHBOARD_SORTS, {
  name: textFilter('name'),
  ...DashboardKindFilters,
  visibility: choiceFilter('visibility', ['public', 'private']),
  embed: choiceFilter('embed', DASHBOARD_EMBED_FILTERS),
});
export type DashboardListQuery = v.InferOutput<typeof DashboardListQuerySchema>;

/** GET /api/admin/organization-dashboards */
const LINK_SORTS = ['organizationName', 'dashboardName', 'dashboardCategory', 'dashboardType'] as const;
export const LinkListQuerySchema = listQuerySchema(LINK_SORTS, {
  organization: idFilter('organization'),
  dashboard: idFilter('dashboard'),
  ...DashboardKindFilters,
});
export type LinkListQuery = v.InferOutput<typeof LinkListQuerySchema>;

/**
 * GET /api/admin/subscriptions (issue 29): not paged (a few per client); `organizationId` keeps one organization's
 * (its page's Subscriptions section, and the subscriptions screen opened from it). Unknown parameters are ignored.
 */
export const SubscriptionListQuerySchema = v.object({ organizationId: idFilter('organizationId') });

/** GET /api/admin/audit (D21): `actor` is a substring of the actor's e-mail, `from` and `to` whole UTC days. */
const AUDIT_SORTS = ['createdAt', 'action', 'actorEmail', 'targetType'] as const;
export const AuditListQuerySchema = listQuerySchema(AUDIT_SORTS, {
  actor: textFilter('actor'),
  action: textFilter('action'),
  targetType: textFilter('targetType'),
  from: dayFilter('from'),
  to: dayFilter('to'),
});
export type AuditListQuery = v.InferOutput<typeof AuditListQuerySchema>;

/**
 * GET /api/admin/consultations (issues 16 and 18): `when` is upcoming (starting after now), past or all (the
 * default); `q` matches the name, e-mail or business. Without a sort, upcoming first (soonest first), then past
 * (latest first).
 */
const CONSULTATION_SORTS = [
  'startsAt',
  'name',
  'email',
  'businessName',
  'status',
  'source',
  'createdAt',
  'id',
] as const;
export const ConsultationListQuerySchema = listQuerySchema(CONSULTATION_SORTS, {
  when: v.optional(v.picklist(['upcoming', 'past', 'all'], 'when must be upcoming, past or all'), 'all'),
  status: choiceFilter('status', ['confirmed', 'cancelled']),
  source: choiceFilter('source', ['form', 'scheduling_service']),
});
export type ConsultationListQuery = v.InferOutput<typeof ConsultationListQuerySchema>;

export { LEAD_STATUSES, type LeadStatus } from '../url-choices';

/**
 * GET /api/admin/leads (issue 27): `q` matches the name, address or business; `status` one status; `owner` the
 * administrator who follows them. Without a sort, the latest activity first.
 */
const LEAD_SORTS = ['lastActivityAt', 'createdAt', 'name', 'email', 'businessName', 'status', 'id'] as const;
export const LeadListQuerySchema = listQuerySchema(LEAD_SORTS, {
  status: choiceFilter('status', LEAD_STATUSES),
  owner: idFilter('owner'),
});
export type LeadListQuery = v.InferOutput<typeof LeadListQuerySchema>;

/**
 * GET /api/admin/sign-ins (issue 27): `q` searches the address and the person's name, `email` is the address as
 * typed (any letter case), `userId` one account's attempts.
 */
const SIGN_IN_SORTS = ['createdAt', 'email', 'method', 'result'] as const;
export const SignInListQuerySchema = listQuerySchema(SIGN_IN_SORTS, {
  email: textFilter('email'),
  userId: idFilter('userId'),
  result: choiceFilter('result', SIGN_IN_RESULTS),
  method: choiceFilter('method', SIGN_IN_METHODS),
});
export type SignInListQuery = v.InferOutput<typeof SignInListQuerySchema>;
