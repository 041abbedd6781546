import { LogOut } from 'lucide-react';
import type { ReactNode } from 'react';
import { buttonClass } from '../../../components/ui/button';
import { greetingName, type PortalUser } from '../utils/greeting';

/**
 * The welcome line and the 'Log Out' link of the portal pages (spec section 2). Logging out is the full-page
 * /api/logout of spec section 7, hence a plain link.
 */
export function PortalWelcome({ user, children }: { user: PortalUser | null; children?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
      <p className="text-sm font-medium text-slate-600 dark:text-slate-300" data-testid="portal-welcome">
        Welcome, <span className="font-semibold text-slate-900 dark:text-white">{greetingName(user)}</span>
      </p>
      {children}
      <a href="/api/logout" className={buttonClass({ variant: 'outline', size: 'sm' })} data-testid="portal-logout">
        <LogOut aria-hidden="true" className="size-4" />
        Log Out
      </a>
    </div>
  );
}

/** A category (or type) label on a card. */
export function Badge({ children, tone = 'blue' }: { children: ReactNode; tone?: 'blue' | 'slate' }) {
  return (
    <span
      className={
        tone === 'blue'
          ? 'inline-flex items-center rounded-full bg-blue-50 px-2.5 py-0.5 text-xs font-semibold text-blue-800 ring-1 ring-blue-200 ring-inset dark:bg-blue-950 dark:text-blue-200 dark:ring-blue-800'
          : 'inline-flex items-center rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700 ring-1 ring-slate-200 ring-inset dark:bg-slate-800 dark:text-slate-200 dark:ring-slate-700'
      }
    >
      {children}
    </span>
  );
}
