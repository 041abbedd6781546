import { Construction, ExternalLink, Maximize, Minimize, RotateCcw } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { Button, buttonClass } from '../../../components/ui/button';
import { StatusMessage } from '../../../components/ui/status-message';
import { cn } from '../../../lib/cn';

/** Where a viewer is: loading (the skeleton over it), loaded, or failed ('Work in Progress'). */
export type ViewerStatus = 'loading' | 'loaded' | 'failed';

export interface ViewerShellProps {
  /** The dashboard's name: the viewer's label, in sight in fullscreen. */
  title: string;
  status: ViewerStatus;
  /** 'Reset Pages': the dashboard back at its first page. */
  onReset: () => void;
  /** Before the buttons (the organization chooser of a token-mode dashboard). */
  controls?: ReactNode;
  /** The content's box grows to hold the skeleton while it loads (a picture has no height of its own yet). */
  tallWhileLoading?: boolean;
  /** Extra data-* attributes of the viewer (its mode, for tests and styles). */
  data?: Record<`data-${string}`, string | number>;
  /** Shown in place of the skeleton while it loads (a dashboard whose capacity is starting says so). */
  loading?: ReactNode;
  /** The content, told whether the viewer is in fullscreen (it then fills it). */
  children: (fullscreen: boolean) => ReactNode;
}

/**
 * The frame of every viewer (spec sections 2 and 4): the name, 'Reset Pages' and 'Fullscreen' above the content, the
 * skeleton over it while it loads. URL frames, pictures and the providers' embeds all live in it.
 */
export function ViewerShell({
  title,
  status,
  onReset,
  controls,
  tallWhileLoading,
  data,
  loading,
  children,
}: ViewerShellProps) {
  const viewerRef = useRef<HTMLElement>(null);
  const fullscreen = useFullscreen(viewerRef);
  // Nothing to reset or enlarge on 'Work in Progress' (its own 'Try again' is the way on); leaving fullscreen stays.
  const failed = status === 'failed';
  const toolbar = !failed || controls || fullscreen.active;
  return (
    <section
      ref={viewerRef}
      aria-label={`${title} (dashboard viewer)`}
      className={cn(
        'flex flex-col overflow-hidden border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900',
        fullscreen.active ? 'h-full w-full' : 'rounded-2xl border shadow-sm',
        fullscreen.fallback && 'fixed inset-0 z-50',
      )}
      data-testid="embed-viewer"
      data-status={status}
      data-fullscreen={fullscreen.active ? (fullscreen.fallback ? 'window' : 'screen') : 'off'}
      {...data}
    >
      {toolbar ? (
        <div className="flex flex-wrap items-center justify-end gap-2 border-b border-slate-200 px-3 py-2 sm:px-4 dark:border-slate-800">
          {/* The name only in fullscreen, where the page's heading is out of sight: once on the page otherwise. */}
          {fullscreen.active ? (
            <p
              aria-hidden="true"
              className="mr-auto min-w-0 flex-1 truncate text-sm font-semibold text-slate-700 dark:text-slate-200"
            >
              {title}
            </p>
          ) : null}
          {controls}
          {failed ? null : (
            <Button variant="outline" size="sm" onClick={onReset} data-testid="viewer-reset">
              <RotateCcw aria-hidden="true" className="size-4" />
              Reset Pages
            </Button>
          )}
          {failed && !fullscreen.active ? null : (
            <Button
              variant="outline"
              size="sm"
              onClick={() => void fullscreen.toggle()}
              data-testid="viewer-fullscreen"
            >
              {fullscreen.active ? (
                <Minimize aria-hidden="true" className="size-4" />
              ) : (
                <Maximize aria-hidden="true" className="size-4" />
              )}
              {fullscreen.active ? 'Exit Fullscreen' : 'Fullscreen'}
            </Button>
          )}
        </div>
      ) : null}
      <div
        className={cn(
          'relative min-h-0 bg-slate-50 dark:bg-slate-950',
          fullscreen.active && 'flex-1',
          status === 'loading' && tallWhileLoading && 'min-h-96',
        )}
      >
        {children(fullscreen.active)}
        {status === 'loading' ? (loading ?? <LoadingSkeleton />) : null}
      </div>
    </section>
  );
}

/** Shown over the frame or picture until it has loaded. */
function LoadingSkeleton() {
  return (
    <div
      role="status"
      className="absolute inset-0 flex flex-col gap-4 bg-white p-6 dark:bg-slate-900"
      data-testid="viewer-loading"
    >
      <span className="sr-only">Loading dashboard...</span>
      <div aria-hidden="true" className="flex animate-pulse flex-col gap-4 motion-reduce:animate-none">
        <div className="h-6 w-1/3 rounded bg-slate-200 dark:bg-slate-800" />
        <div className="grid grid-cols-3 gap-4">
          <div className="h-24 rounded-lg bg-slate-200 dark:bg-slate-800" />
          <div className="h-24 rounded-lg bg-slate-200 dark:bg-slate-800" />
          <div className="h-24 rounded-lg bg-slate-200 dark:bg-slate-800" />
        </div>
        <div className="h-64 rounded-lg bg-slate-200 dark:bg-slate-800" />
        <div className="grid grid-cols-2 gap-4">
          <div className="h-40 rounded-lg bg-slate-200 dark:bg-slate-800" />
          <div className="h-40 rounded-lg bg-slate-200 dark:bg-slate-800" />
        </div>
      </div>
    </div>
  );
}

/**
 * The failed state (spec section 4), with a way out: try again, or (a URL frame) open the dashboard in a new tab,
 * where the provider may show what is wrong or ask the person to sign in. Never the error itself.
 */
export function WorkInProgress({
  onRetry,
  href = null,
  detail = null,
}: {
  onRetry: () => void;
  href?: string | null;
  /** For admins: the server's own message (safe to show, never an error's trace), such as what is not set up. */
  detail?: string | null;
}) {
  return (
    <div
      className="flex min-h-96 flex-col items-center justify-center px-6 py-16 text-center"
      data-testid="viewer-unavailable"
    >
      <StatusMessage icon={Construction} tone="amber" title="Work in Progress">
        This dashboard is being prepared and can't be shown right now. Please check back soon or contact your account
        manager.
      </StatusMessage>
      {detail ? (
        <p className="mt-3 max-w-md text-sm text-slate-500 dark:text-slate-400" data-testid="viewer-unavailable-detail">
          {detail}
        </p>
      ) : null}
      <div className="mt-6 flex flex-wrap items-center justify-center gap-3">
        <Button size="sm" onClick={onRetry} data-testid="viewer-retry">
          <RotateCcw aria-hidden="true" className="size-4" />
          Try again
        </Button>
        {href ? (
          <a
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClass({ variant: 'outline', size: 'sm' })}
            data-testid="viewer-open-new-tab"
          >
            <ExternalLink aria-hidden="true" className="size-4" />
            Open in a new tab
          </a>
        ) : null}
      </div>
    </div>
  );
}

/**
 * Fullscreen for the viewer: the browser's Fullscreen API on the element, followed through 'fullscreenchange' (so
 * Escape or the browser's own controls keep the label right); where the API is missing or refuses, a CSS
 * full-window mode that Escape also leaves.
 */
function useFullscreen(ref: React.RefObject<HTMLElement | null>) {
  const [screen, setScreen] = useState(false);
  const [fallback, setFallback] = useState(false);

  useEffect(() => {
    const follow = () => setScreen(ref.current !== null && document.fullscreenElement === ref.current);
    document.addEventListener('fullscreenchange', follow);
    return () => document.removeEventListener('fullscreenchange', follow);
  }, [ref]);

  useEffect(() => {
    if (!fallback) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setFallback(false);
    };
    const root = document.documentElement;
    const overflow = root.style.overflow;
    root.style.overflow = 'hidden';
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      root.style.overflow = overflow;
    };
  }, [fallback]);

  const toggle = useCallback(async () => {
    const element = ref.current;
    if (!element) return;
    if (fallback) {
      setFallback(false);
      return;
    }
    if (document.fullscreenElement) {
      await document.exitFullscreen?.().catch(() => {});
      setScreen(document.fullscreenElement === element);
      return;
    }
    if (document.fullscreenEnabled && typeof element.requestFullscreen === 'function') {
      try {
        await element.requestFullscreen();
        setScreen(document.fullscreenElement === element);
        return;
      } catch {
        // Refused (an iframe without allowfullscreen, a policy): the full-window mode below.
      }
    }
    setFallback(true);
  }, [ref, fallback]);

  return { active: screen || fallback, fallback, toggle };
}
