import type { User } from '@app/contracts';
import { Link } from '@tanstack/react-router';
import { ChevronDown, CircleUser, LayoutDashboard, LogOut } from 'lucide-react';
import { Suspense } from 'react';
import { accountLinksFor } from '../../components/layout/account-links';
import { buttonClass } from '../../components/ui/button';
import { displayName } from '../../features/auth/utils/display-name';
import { lazyWhenIdle } from '../../lib/when-idle';

/**
 * The header's signed-in parts (spec section 2), loaded by the header once it knows a visitor is signed in: most
 * visitors of the marketing pages are not, and their pages need none of this.
 */

/** The menu itself (Ark UI's menu, the log-out mutation) comes at the visitor's first intent (pointer, touch, key, focus). */
const AccountMenu = lazyWhenIdle(() =>
  import('../../features/auth/components/account-menu').then((module) => module.AccountMenu),
);

/** The account menu's button until its code is there: the same look, the same name. */
function AccountButton({ user }: { user: User }) {
  return (
    <button
      type="button"
      className={buttonClass({ variant: 'ghost', size: 'sm', className: 'max-w-64' })}
      aria-haspopup="menu"
    >
      <CircleUser aria-hidden="true" className="size-5 shrink-0" />
      <span className="truncate md:max-lg:sr-only" data-testid="header-welcome">
        Welcome, {displayName(user)}
      </span>
      <ChevronDown aria-hidden="true" className="size-4 shrink-0" />
    </button>
  );
}

const mobileAccountLinkClass =
  'flex items-center gap-3 rounded-md px-3 py-2.5 text-base font-medium text-slate-800 hover:bg-slate-100 ' +
  'dark:text-slate-200 dark:hover:bg-slate-800 data-[status=active]:text-blue-700 dark:data-[status=active]:text-blue-400';

/** Desktop: 'My Dashboards' and the account menu ('Welcome, {name}'). */
export function HeaderAccount({ user }: { user: User }) {
  return (
    <>
      <Link
        to="/client/dashboard"
        className={buttonClass({ variant: 'primary', size: 'sm' })}
        data-testid="header-dashboards-link"
      >
        <LayoutDashboard aria-hidden="true" className="hidden size-4 lg:block" />
        My Dashboards
      </Link>
      <Suspense fallback={<AccountButton user={user} />}>
        <AccountMenu user={user} />
      </Suspense>
    </>
  );
}

/** The mobile menu's account section; `onNavigate` closes the menu. */
export function MobileAccount({ user, onNavigate }: { user: User; onNavigate: () => void }) {
  return (
    <div
      className="mt-3 flex flex-col gap-1 border-t border-slate-200 pt-3 dark:border-slate-800"
      data-testid="mobile-account"
    >
      <p
        className="truncate px-3 pb-1 text-sm font-semibold text-slate-900 dark:text-white"
        data-testid="mobile-welcome"
      >
        Welcome, {displayName(user)}
      </p>
      <ul className="flex flex-col gap-1">
        {accountLinksFor(user).map(({ to, label, Icon, ...link }) => (
          <li key={to}>
            <Link
              to={to}
              className={mobileAccountLinkClass}
              onClick={onNavigate}
              data-testid={'mobileTestId' in link ? link.mobileTestId : undefined}
            >
              <Icon aria-hidden="true" className="size-5" />
              {label}
            </Link>
          </li>
        ))}
        <li>
          {/* A full page load: /api/logout ends the session and redirects home (spec section 7, D2). */}
          <a href="/api/logout" className={mobileAccountLinkClass} data-testid="mobile-logout">
            <LogOut aria-hidden="true" className="size-5" />
            Log Out
          </a>
        </li>
      </ul>
    </div>
  );
}
