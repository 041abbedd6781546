import { Link } from '@tanstack/react-router';
import { buttonClass } from '../ui/button';

/** Any unknown path (spec section 2). */
export function NotFoundPage() {
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col items-center px-4 py-24 text-center sm:py-32">
      <title>Page Not Found | Lucid Insight</title>
      <p className="text-sm font-semibold tracking-wide text-blue-700 uppercase dark:text-blue-400" aria-hidden="true">
        Error 404
      </p>
      <h1
        className="mt-3 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white"
        data-testid="not-found-heading"
      >
        404 Page Not Found
      </h1>
      <p className="mt-4 text-lg text-slate-600 dark:text-slate-300">We can't find the page you're looking for.</p>
      {/* The page's one way on: the home page's code is fetched as soon as this shows. */}
      <Link to="/" preload="render" className={buttonClass({ size: 'lg', className: 'mt-8' })}>
        Return to Homepage
      </Link>
    </div>
  );
}
