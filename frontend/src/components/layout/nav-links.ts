/** The header's main navigation (spec section 2), shared by the desktop bar and the mobile menu. */
export const mainNavLinks = [
  { to: '/why-us', label: 'Why Us' },
  { to: '/our-values', label: 'Our Values' },
  { to: '/dashboards', label: 'Dashboards' },
  // Issue 26: the client stories were reachable from the home page's section only. Below 1280 px the bar has no room
  // for a fifth link beside the logo's name and the account buttons (the footer and the mobile menu have it there).
  { to: '/case-studies', label: 'Case Studies', wideOnly: true },
  { to: '/contact', label: 'Contact' },
] as const;

/** The spec's mobile breakpoint (section 9). */
export const MOBILE_BREAKPOINT = 768;
/** The header shrinks after this much scrolling (section 9). */
export const HEADER_SHRINK_OFFSET = 100;
