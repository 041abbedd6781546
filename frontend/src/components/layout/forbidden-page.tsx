import { Link } from '@tanstack/react-router';
import { LockKeyhole } from 'lucide-react';
import { buttonClass } from '../ui/button';
import { IconCircle } from '../ui/status-message';

/**
 * The product's 403 page: signed in, but not allowed here (the queue board for a client, issue 27). `what` says
 * what the page is for; the way on is the person's own dashboards.
 */
export function ForbiddenPage({ what }: { what: string }) {
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col items-center px-4 py-24 text-center sm:py-32">
      <IconCircle icon={LockKeyhole} tone="slate" />
      <p
        className="mt-5 text-sm font-semibold tracking-wide text-blue-700 uppercase dark:text-blue-400"
        aria-hidden="true"
      >
        Error 403
      </p>
      <h1
        className="mt-3 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white"
        data-testid="forbidden-heading"
      >
        You don't have access to this page
      </h1>
      <p className="mt-4 text-lg text-slate-600 dark:text-slate-300">{what}</p>
      <Link
        to="/client/dashboard"
        className={buttonClass({ size: 'lg', className: 'mt-8' })}
        data-testid="forbidden-home"
      >
        Go to your dashboards
      </Link>
    </div>
  );
}
