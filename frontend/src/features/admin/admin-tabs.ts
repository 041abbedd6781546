/**
 * The admin screen's tabs, kept apart from its components: the route validates `?tab=` with these in its eagerly
 * loaded part, and must not pull the whole screen into the site's initial JavaScript.
 */
export const ADMIN_TABS = ['organizations', 'dashboards', 'users', 'associations', 'audit'] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];
export const DEFAULT_ADMIN_TAB: AdminTab = 'organizations';

export const isAdminTab = (value: unknown): value is AdminTab =>
  typeof value === 'string' && (ADMIN_TABS as readonly string[]).includes(value);
