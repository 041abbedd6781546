import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import { AlertTriangle } from 'lucide-react';
import { isApiRequestError } from '../../lib/api';
import { Button } from '../ui/button';

/** The id to quote when reporting an error: the server's request id when a request failed, else none. */
const requestIdOf = (error: unknown): string | null =>
  isApiRequestError(error) && error.requestId ? error.requestId : null;

/**
 * The router's default error component (issue 27): an exception in a screen (its loader or its render) shows a clear
 * message, 'Try again' (which loads the page again) and, when a request failed, its id for support; never a blank
 * page. The layout around the screen (header, admin sidebar) stays, so the rest of the app is a click away.
 */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const requestId = requestIdOf(error);
  return (
    <div
      role="alert"
      className="mx-auto flex w-full max-w-2xl flex-col items-center px-4 py-16 text-center"
      data-testid="route-error"
    >
      <span className="flex size-12 items-center justify-center rounded-full bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-200">
        <AlertTriangle aria-hidden="true" className="size-6" />
      </span>
      <h1 className="mt-4 text-2xl font-bold tracking-tight text-slate-900 dark:text-white">
        Something went wrong on this page
      </h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">
        The page could not be shown. Try again; if it keeps happening, tell us what you were doing
        {requestId ? ' and quote the reference below' : ''}.
      </p>
      {requestId ? (
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-300" data-testid="route-error-request-id">
          Reference: <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono dark:bg-slate-800">{requestId}</code>
        </p>
      ) : null}
      <Button
        className="mt-6"
        onClick={() => {
          reset();
          void router.invalidate();
        }}
        data-testid="route-error-retry"
      >
        Try again
      </Button>
    </div>
  );
}
