import type { User } from '@app/contracts';
import { Menu } from '@ark-ui/react/menu';
import { Link } from '@tanstack/react-router';
import { ChevronDown, CircleUser, LogOut, Settings, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { buttonClass } from '../../../components/ui/button';
import { MenuPopup, menuItemClass } from '../../../components/ui/menu-popup';
import { cn } from '../../../lib/cn';
import { opensLater, tappedEarly } from '../../../lib/when-idle';
import { useLogout } from '../api/auth.mutations';
import { displayName } from '../utils/display-name';

const itemClass = cn(menuItemClass, 'px-2');

/**
 * The signed-in part of the desktop header: 'Welcome, {name}' opens a menu with 'Admin' (administrators),
 * 'Account Settings' and 'Log Out' (spec section 2). 'My Dashboards' stays a visible button beside it.
 */
export function AccountMenu({ user }: { user: User }) {
  const logout = useLogout();
  // Tapped before this code came (a touch screen's first touch): open now rather than ignore the tap.
  const [openAtOnce] = useState(() => tappedEarly('account'));
  return (
    <Menu.Root defaultOpen={openAtOnce} positioning={{ placement: 'bottom-end', gutter: 8 }} lazyMount unmountOnExit>
      <Menu.Trigger
        className={buttonClass({ variant: 'ghost', size: 'sm', className: 'max-w-64' })}
        data-testid="account-menu-trigger"
        {...opensLater('account')}
      >
        <CircleUser aria-hidden="true" className="size-5 shrink-0" />
        {/* Between 768 and 1023 px only the icon shows; the name stays the button's accessible name. */}
        <span className="truncate md:max-lg:sr-only" data-testid="header-welcome">
          Welcome, {displayName(user)}
        </span>
        <ChevronDown aria-hidden="true" className="size-4 shrink-0" />
      </Menu.Trigger>
      <MenuPopup className="min-w-56" data-testid="account-menu">
        <div className="px-2 py-1.5 text-xs text-slate-600 dark:text-slate-400">
          Signed in as
          <span className="block truncate font-medium text-slate-900 dark:text-white">{user.email}</span>
        </div>
        <Menu.Separator className="my-1 border-slate-200 dark:border-slate-700" />
        {user.isAdmin ? (
          <Menu.Item value="admin" asChild>
            <Link to="/admin" className={itemClass} data-testid="header-admin-link">
              <ShieldCheck aria-hidden="true" className="size-4" />
              Admin
            </Link>
          </Menu.Item>
        ) : null}
        <Menu.Item value="account" asChild>
          <Link to="/account" className={itemClass} data-testid="header-account-link">
            <Settings aria-hidden="true" className="size-4" />
            Account Settings
          </Link>
        </Menu.Item>
        <Menu.Separator className="my-1 border-slate-200 dark:border-slate-700" />
        {/* A click handler rather than onSelect: a mouse click and Enter (which clicks the item) both reach it. */}
        <Menu.Item value="logout" asChild>
          <button type="button" className={itemClass} onClick={() => logout.mutate()} data-testid="header-logout">
            <LogOut aria-hidden="true" className="size-4" />
            Log Out
          </button>
        </Menu.Item>
      </MenuPopup>
    </Menu.Root>
  );
}
