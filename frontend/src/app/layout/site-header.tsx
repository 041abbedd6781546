import { Link, useRouterState } from '@tanstack/react-router';
import { LogIn, Menu as MenuIcon, X } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Logo } from '../../components/layout/logo';
import { HEADER_SHRINK_OFFSET, MOBILE_BREAKPOINT, mainNavLinks } from '../../components/layout/nav-links';
import { ThemeSwitcher } from '../../components/theme/theme-switcher';
import { buttonClass } from '../../components/ui/button';
import { useCurrentUser } from '../../features/auth/api/auth.queries';
import { cn } from '../../lib/cn';
import { useHydrated } from '../../lib/use-hydrated';
import { useScrolledPast } from '../../lib/use-scrolled-past';

const MOBILE_MENU_ID = 'mobile-menu';

/** The signed-in parts (account menu and links) come only for a signed-in visitor, in one chunk. */
const loadAccount = () => import('./header-account');
const HeaderAccount = lazy(() => loadAccount().then((module) => ({ default: module.HeaderAccount })));
const MobileAccount = lazy(() => loadAccount().then((module) => ({ default: module.MobileAccount })));

/**
 * Where the account area will be, while the current user is not known yet and while its code loads: the signed-out
 * buttons themselves, invisible, so the area already has their size and nothing in the header moves when they (or,
 * for most visitors, nothing else) take its place (issue 26: the header shifted once after the first paint).
 */
const skeleton = (
  <span aria-hidden="true" className="invisible flex items-center gap-2" data-testid="header-actions-placeholder">
    <span className={buttonClass({ variant: 'primary', size: 'sm' })}>Book Consultation</span>
    <span className={buttonClass({ variant: 'outline', size: 'sm' })}>
      <LogIn aria-hidden="true" className="hidden size-4 lg:block" />
      Login
    </span>
  </span>
);

const desktopLinkClass =
  'rounded-md px-2 py-2 text-sm font-medium whitespace-nowrap text-slate-700 transition-colors hover:bg-slate-100 hover:text-slate-900 ' +
  'lg:px-3 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white ' +
  'data-[status=active]:text-blue-700 dark:data-[status=active]:text-blue-400';

const mobileLinkClass =
  'block rounded-md px-3 py-2.5 text-base font-medium text-slate-800 hover:bg-slate-100 dark:text-slate-200 ' +
  'dark:hover:bg-slate-800 data-[status=active]:text-blue-700 dark:data-[status=active]:text-blue-400';

/**
 * Sticky site header: shrinks after 100 px of scrolling, a menu toggle under 768 px. Logged out it offers 'Book
 * Consultation' and 'Login'; logged in a welcome, 'My Dashboards', and the account menu (spec section 2). Until the
 * current user is known the account area stays empty, so a signed-in visitor never sees 'Login' flash by.
 */
export function SiteHeader() {
  const current = useCurrentUser();
  // A prerendered page hydrates with the account area empty, as it was rendered at build time (D25).
  const hydrated = useHydrated();
  const isLoading = current.isLoading || !hydrated;
  const user = hydrated ? current.user : null;
  const compact = useScrolledPast(HEADER_SHRINK_OFFSET);
  const [menuOpen, setMenuOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const pathname = useRouterState({ select: (state) => state.location.pathname });

  const closeMenu = useCallback((returnFocus: boolean) => {
    setMenuOpen(false);
    if (returnFocus) toggleRef.current?.focus();
  }, []);

  // A navigation closes the menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every path change on purpose
  useEffect(() => setMenuOpen(false), [pathname]);

  // Escape closes it; growing past the breakpoint too (the menu does not exist there).
  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeMenu(true);
    };
    const wide = matchMedia(`(min-width: ${MOBILE_BREAKPOINT}px)`);
    const onWide = () => wide.matches && closeMenu(false);
    document.addEventListener('keydown', onKeyDown);
    wide.addEventListener('change', onWide);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      wide.removeEventListener('change', onWide);
    };
  }, [menuOpen, closeMenu]);

  return (
    <header
      data-testid="site-header"
      data-compact={compact ? 'true' : 'false'}
      className={cn(
        'sticky top-0 z-40 border-b backdrop-blur transition-[padding,box-shadow,background-color] duration-200',
        'bg-white/90 dark:bg-slate-950/90',
        compact
          ? 'border-slate-200 py-2 shadow-sm dark:border-slate-800'
          : 'border-transparent py-4 dark:border-transparent',
      )}
    >
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-2 px-4 sm:px-6 lg:gap-4 lg:px-8">
        <Link to="/" className="shrink-0 rounded-md" aria-label="Lucid Insight home">
          <Logo compact={compact} hideNameOnTablet />
        </Link>

        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-0.5 lg:gap-1">
            {mainNavLinks.map((link) => (
              <li key={link.to} className={'wideOnly' in link ? 'hidden xl:block' : undefined}>
                <Link to={link.to} className={desktopLinkClass}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <div className="flex items-center gap-1 sm:gap-2">
          <ThemeSwitcher />
          <div className="hidden items-center gap-2 md:flex" data-testid="header-actions">
            {isLoading ? (
              skeleton
            ) : user ? (
              <Suspense fallback={skeleton}>
                <HeaderAccount user={user} />
              </Suspense>
            ) : (
              <>
                <Link to="/book-consultation" className={buttonClass({ variant: 'primary', size: 'sm' })}>
                  Book Consultation
                </Link>
                <Link
                  to="/login"
                  className={buttonClass({ variant: 'outline', size: 'sm' })}
                  data-testid="header-login-link"
                >
                  <LogIn aria-hidden="true" className="hidden size-4 lg:block" />
                  Login
                </Link>
              </>
            )}
          </div>
          <div className="md:hidden">
            <button
              ref={toggleRef}
              type="button"
              className={buttonClass({ variant: 'ghost', size: 'icon' })}
              aria-expanded={menuOpen}
              aria-controls={MOBILE_MENU_ID}
              aria-label={menuOpen ? 'Close menu' : 'Open menu'}
              data-testid="mobile-menu-toggle"
              onClick={() => setMenuOpen((open) => !open)}
            >
              {menuOpen ? (
                <X aria-hidden="true" className="size-6" />
              ) : (
                <MenuIcon aria-hidden="true" className="size-6" />
              )}
            </button>
          </div>
        </div>
      </div>

      <div
        id={MOBILE_MENU_ID}
        hidden={!menuOpen}
        data-testid="mobile-menu"
        className="border-t border-slate-200 md:hidden dark:border-slate-800"
      >
        <nav aria-label="Mobile" className="mx-auto max-w-7xl px-4 pt-3 pb-4 sm:px-6">
          <ul className="flex flex-col gap-1">
            {mainNavLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={mobileLinkClass} onClick={() => closeMenu(false)}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
          {isLoading ? null : user ? (
            <Suspense fallback={null}>
              <MobileAccount user={user} onNavigate={() => closeMenu(false)} />
            </Suspense>
          ) : (
            <div className="mt-3 flex flex-col gap-2 border-t border-slate-200 pt-3 dark:border-slate-800">
              {/* A full page load: /api/login is a server route (D2). */}
              <a href="/api/login" className={buttonClass({ variant: 'outline', className: 'w-full' })}>
                <LogIn aria-hidden="true" className="size-4" />
                Client Login
              </a>
              <Link
                to="/book-consultation"
                className={buttonClass({ variant: 'primary', className: 'w-full' })}
                onClick={() => closeMenu(false)}
              >
                Book Consultation
              </Link>
            </div>
          )}
        </nav>
      </div>
    </header>
  );
}
