import { Link, Outlet } from '@tanstack/react-router';
import { ArrowLeft, LogIn, LogOut } from 'lucide-react';
import type { ReactNode } from 'react';
import { accountLinksFor } from '../../components/layout/account-links';
import { AppLayoutContext } from '../../components/layout/app-layout-context';
import { Logo } from '../../components/layout/logo';
import { ThemeSwitcher } from '../../components/theme/theme-switcher';
import { buttonClass } from '../../components/ui/button';
import { useCurrentUser } from '../../features/auth/api/auth.queries';
import { greetingName } from '../../features/portal/utils/greeting';
import { cn } from '../../lib/cn';

const navLinkClass =
  'inline-flex shrink-0 items-center gap-1.5 rounded-md px-2.5 py-1.5 text-sm font-medium whitespace-nowrap ' +
  'text-slate-700 transition-colors hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 ' +
  'dark:hover:bg-slate-800 dark:hover:text-white data-[status=active]:bg-blue-50 data-[status=active]:text-blue-800 ' +
  'dark:data-[status=active]:bg-blue-950 dark:data-[status=active]:text-blue-200';

/**
 * The application layout of the admin and portal pages (/admin, /client/dashboard, /client/dashboard/{id}, /account):
 * the window's full width, a compact header of its own instead of the marketing header and footer. The header holds
 * the way back to the site, the portal's links, the theme switch, and the spec's 'Welcome' + first name and 'Log Out'
 * (to /api/logout), each once. Below 768 px the links move to a second row that scrolls sideways on its own.
 */
export function AppLayout({ children }: { children: ReactNode }) {
  const { user, isLoading } = useCurrentUser();
  return (
    <AppLayoutContext.Provider value={true}>
      <div className="flex min-h-dvh flex-col" data-testid="app-layout">
        <header
          data-testid="app-header"
          className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur dark:border-slate-800 dark:bg-slate-950/95"
        >
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-2 sm:px-6 lg:px-8">
            <Link to="/" className="shrink-0 rounded-md" aria-label="Lucid Insight home">
              <Logo compact nameClassName="max-sm:sr-only" />
            </Link>
            <nav
              aria-label="Application"
              className="order-last -mx-4 w-[calc(100%+2rem)] overflow-x-auto border-t border-slate-200 px-4 py-1 md:order-none md:mx-0 md:w-auto md:border-0 md:px-0 md:py-0 dark:border-slate-800"
              data-testid="app-nav"
            >
              <ul className="flex items-center gap-1">
                <li>
                  <Link to="/" className={navLinkClass} activeOptions={{ exact: true }} data-testid="app-back-to-site">
                    <ArrowLeft aria-hidden="true" className="size-4" />
                    Back to site
                  </Link>
                </li>
                {user
                  ? accountLinksFor(user).map(({ to, label, Icon, appTestId }) => (
                      <li key={to}>
                        <Link to={to} className={navLinkClass} data-testid={appTestId}>
                          <Icon aria-hidden="true" className="size-4" />
                          {label}
                        </Link>
                      </li>
                    ))
                  : null}
              </ul>
            </nav>
            <div className="ml-auto flex min-w-0 items-center gap-1 sm:gap-2">
              {user ? (
                <p
                  className="min-w-0 truncate text-sm font-medium text-slate-600 dark:text-slate-300"
                  data-testid="header-welcome"
                >
                  Welcome, <span className="font-semibold text-slate-900 dark:text-white">{greetingName(user)}</span>
                </p>
              ) : null}
              <ThemeSwitcher />
              {user ? (
                // A full page load: /api/logout ends the session and redirects home (spec section 7, D2).
                <a
                  href="/api/logout"
                  className={buttonClass({ variant: 'outline', size: 'sm', className: 'shrink-0' })}
                  data-testid="header-logout"
                >
                  <LogOut aria-hidden="true" className="size-4" />
                  Log Out
                </a>
              ) : isLoading ? null : (
                <Link
                  to="/client/login"
                  className={buttonClass({ variant: 'outline', size: 'sm', className: 'shrink-0' })}
                  data-testid="app-login-link"
                >
                  <LogIn aria-hidden="true" className="size-4" />
                  Login
                </Link>
              )}
            </div>
          </div>
        </header>
        <main id="main" tabIndex={-1} className={cn('flex min-w-0 flex-1 flex-col outline-none')}>
          {children}
        </main>
      </div>
    </AppLayoutContext.Provider>
  );
}

/** The page of a guarded area's layout route (`_admin`, `_authenticated`): its pages in the application layout. */
export function AppLayoutOutlet() {
  return (
    <AppLayout>
      <Outlet />
    </AppLayout>
  );
}
