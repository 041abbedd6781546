import { LayoutDashboard, Settings, ShieldCheck } from 'lucide-react';

/**
 * The signed-in user's pages, in the application header and in the marketing header's mobile menu; 'Admin' for
 * administrators only. Not in nav-links.ts: the marketing pages load that file, and these icons only once signed in.
 */
const accountLinks = [
  { to: '/client/dashboard', label: 'My Dashboards', Icon: LayoutDashboard, appTestId: 'app-nav-dashboards' },
  {
    to: '/admin',
    label: 'Admin',
    Icon: ShieldCheck,
    adminOnly: true,
    appTestId: 'app-nav-admin',
    mobileTestId: 'mobile-admin-link',
  },
  { to: '/account', label: 'Account Settings', Icon: Settings, appTestId: 'app-nav-account' },
] as const;

/** The links one user sees. */
export const accountLinksFor = (user: { isAdmin: boolean }) =>
  accountLinks.filter((link) => !('adminOnly' in link) || user.isAdmin);
