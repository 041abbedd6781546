/**
 * The admin screen's tabs as the URL names them (`/admin?tab=users`). The route validates `?tab=` with these in its
 * eagerly loaded part, which is in the route tree every page loads: so they live here, apart from the admin feature,
 * whose code no other page loads.
 */
export const ADMIN_TABS = [
  'organizations',
  'dashboards',
  'connections',
  'users',
  'associations',
  'consultations',
  'audit',
  'sign-ins',
  'usage',
  'case-studies',
  'site-pages',
  'personal-data',
] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];
export const DEFAULT_ADMIN_TAB: AdminTab = 'organizations';

export const isAdminTab = (value: unknown): value is AdminTab =>
  typeof value === 'string' && (ADMIN_TABS as readonly string[]).includes(value);
