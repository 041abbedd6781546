import { Link } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { type ButtonVariant, buttonClass } from '../../../components/ui/button';
import type { PortalUser } from '../utils/greeting';

/**
 * The page's own controls beside its title. The portal's 'Welcome' + first name and 'Log Out' (spec section 2) are
 * in the application layout's header (components/layout/app-layout.tsx), once for every portal page: they are no
 * longer repeated here.
 */
export function PortalWelcome({ children }: { user?: PortalUser | null; children?: ReactNode }) {
  return children ? <div className="flex flex-wrap items-center gap-x-4 gap-y-2">{children}</div> : null;
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

/** A dashboard's description, or 'No description available' in grey italics; `className` sets its size and place. */
export function DashboardDescription({
  description,
  className,
  'data-testid': testId,
}: {
  description: string | null | undefined;
  className: string;
  'data-testid': string;
}) {
  const text = description?.trim();
  return (
    <p
      className={`${className} ${text ? 'text-slate-600 dark:text-slate-300' : 'text-slate-500 italic dark:text-slate-400'}`}
      data-testid={testId}
    >
      {text || 'No description available'}
    </p>
  );
}

/** The way back to the client's dashboard list (above a dashboard, and where its access has ended). */
export function BackToDashboards({
  variant,
  className,
  testId,
}: {
  variant: ButtonVariant;
  className: string;
  testId: string;
}) {
  return (
    <Link to="/client/dashboard" className={buttonClass({ variant, size: 'sm', className })} data-testid={testId}>
      <ArrowLeft aria-hidden="true" className="size-4" />
      Back to Dashboards
    </Link>
  );
}
