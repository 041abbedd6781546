import { Link } from '@tanstack/react-router';
import { ArrowRight, Pause, Play } from 'lucide-react';
import { useState } from 'react';
import { cn } from '../../../lib/cn';
import { previewDashboards } from '../data/preview-dashboards';
import { CAROUSEL_FADE_MS, useCarousel, usePrefersReducedMotion } from '../utils/use-carousel';

const count = previewDashboards.length;

/**
 * The rotating preview of the five sample dashboards beside the hero (spec sections 2, 4 and 9): a new one every
 * 10 s with an 800 ms fade, wrapping; still for visitors who prefer reduced motion, while hovered or focused, and
 * after 'Pause'. Each picture links to /dashboards; the dots choose a slide.
 */
export function DashboardPreview() {
  const reducedMotion = usePrefersReducedMotion();
  const [stopped, setStopped] = useState(false);
  const [held, setHeld] = useState(false);
  const paused = reducedMotion || stopped || held;
  const { index, goTo } = useCarousel(count, { paused });
  const current = previewDashboards[index] ?? previewDashboards[0];

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Sample dashboard previews"
      className="relative mx-auto w-full max-w-xl"
      data-testid="dashboard-carousel"
      data-index={index}
      data-paused={paused ? 'true' : 'false'}
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setHeld(false);
      }}
    >
      <div
        aria-hidden="true"
        className="absolute -inset-4 -z-10 rounded-[2rem] bg-gradient-to-tr from-blue-200/60 via-sky-100/40 to-transparent blur-2xl dark:from-blue-900/40 dark:via-sky-900/20"
      />
      <Link
        to="/dashboards"
        className="group block overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-xl dark:border-slate-700 dark:bg-slate-900"
        data-testid="carousel-link"
      >
        <div className="flex items-center gap-1.5 border-b border-slate-200 px-4 py-2.5 dark:border-slate-700">
          <span className="size-2.5 rounded-full bg-red-400" />
          <span className="size-2.5 rounded-full bg-amber-400" />
          <span className="size-2.5 rounded-full bg-green-400" />
          <span className="ml-3 truncate text-xs font-medium text-slate-600 dark:text-slate-300">{current.label}</span>
          <span className="ml-auto rounded-full bg-blue-100 px-2 py-0.5 text-xs font-semibold text-blue-800 dark:bg-blue-950 dark:text-blue-200">
            {current.platform}
          </span>
        </div>
        <div className="relative aspect-[8/5] bg-slate-100 dark:bg-slate-800">
          {previewDashboards.map((dashboard, i) => (
            <img
              key={dashboard.image}
              src={dashboard.image}
              alt={i === index ? dashboard.alt : ''}
              aria-hidden={i === index ? undefined : true}
              width={1200}
              height={750}
              loading={i === 0 ? 'eager' : 'lazy'}
              fetchPriority={i === 0 ? 'high' : undefined}
              decoding="async"
              data-active={i === index ? 'true' : 'false'}
              className={cn(
                'absolute inset-0 size-full object-cover transition-opacity ease-in-out',
                i === index ? 'opacity-100' : 'opacity-0',
              )}
              style={{ transitionDuration: `${CAROUSEL_FADE_MS}ms` }}
            />
          ))}
        </div>
        <span className="flex items-center justify-between gap-2 border-t border-slate-200 px-4 py-2.5 text-sm font-semibold text-blue-700 dark:border-slate-700 dark:text-blue-300">
          See sample dashboards
          <ArrowRight aria-hidden="true" className="size-4 transition-transform group-hover:translate-x-0.5" />
        </span>
      </Link>

      <div className="mt-4 flex items-center justify-center gap-3">
        <button
          type="button"
          onClick={() => setStopped((value) => !value)}
          className="flex size-9 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
          aria-label={stopped ? 'Play the dashboard previews' : 'Pause the dashboard previews'}
          data-testid="carousel-toggle"
        >
          {stopped ? <Play aria-hidden="true" className="size-4" /> : <Pause aria-hidden="true" className="size-4" />}
        </button>
        <ul className="flex items-center gap-1" aria-label="Choose a dashboard preview">
          {previewDashboards.map((dashboard, i) => (
            <li key={dashboard.image}>
              <button
                type="button"
                onClick={() => goTo(i)}
                aria-label={`${dashboard.label} (${i + 1} of ${count})`}
                aria-current={i === index ? 'true' : undefined}
                className="group/dot flex size-7 items-center justify-center rounded-full"
              >
                <span
                  className={cn(
                    'block h-2 rounded-full transition-all',
                    i === index
                      ? 'w-6 bg-blue-700 dark:bg-blue-400'
                      : 'w-2 bg-slate-300 group-hover/dot:bg-slate-400 dark:bg-slate-600',
                  )}
                />
              </button>
            </li>
          ))}
        </ul>
      </div>
      <p className="sr-only" aria-live={paused ? 'polite' : 'off'} aria-atomic="true">
        {`Showing ${current.label} (${current.platform}), ${index + 1} of ${count}`}
      </p>
    </section>
  );
}
