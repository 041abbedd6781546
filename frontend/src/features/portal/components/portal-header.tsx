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
