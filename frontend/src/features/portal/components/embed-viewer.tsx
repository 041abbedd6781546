// Long file: the viewer with the frame states only it uses (loading, refused, work in progress, full screen).
import { Construction, ExternalLink, Maximize, Minimize, RotateCcw } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, buttonClass } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { isHttpsUrl, isImageUrl, withPowerBiParams } from '../utils/embed-url';

/** Spec section 9: the embedded dashboard's height. */
const FRAME_HEIGHT_PX = 900;
/** A frame gives no error event for a refused or failed page, so one that has not loaded after this has failed. */
const FRAME_LOAD_TIMEOUT_MS = 20_000;

/**
 * The tightest sandbox that PowerBI, Looker Studio and Tableau embeds work in: their scripts run on their own origin,
 * their "open in new tab", filters and exports work; they may not navigate this page (no allow-top-navigation).
 */
export const FRAME_SANDBOX =
  'allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox allow-forms allow-downloads';

type Status = 'loading' | 'loaded' | 'failed';

export interface EmbedViewerProps {
  /** The dashboard's embedUrl. */
  url: string;
  /** The dashboard's name: the frame's title and the picture's alt text. */
  title: string;
  /** How long a frame may take to load before it counts as failed (tests shorten it). */
  loadTimeoutMs?: number;
  /**
   * The server found the frame's URL unreachable (its host refused the connection, or its certificate is invalid):
   * such a frame still fires 'load' with the browser's own error page, so the viewer cannot tell by itself.
   */
  unreachable?: boolean;
  /** 'Try again' (and 'Reset Pages') was pressed: ask the server again. */
  onRetry?: () => void;
  /** Called once when the viewer is first shown (not on a preload, which renders nothing): records the view (D33). */
  onShown?: () => void;
}

/**
 * The embed viewer (spec sections 2 and 4): loading, loaded or failed ('Work in Progress'); fullscreen on or off.
 * A URL ending in an image extension is shown as a picture, anything else in a sandboxed frame of 900 px; a frame
 * URL that is not https is refused upfront (D18: the Content Security Policy would block it anyway).
 */
export function EmbedViewer({
  url,
  title,
  loadTimeoutMs = FRAME_LOAD_TIMEOUT_MS,
  unreachable = false,
  onRetry,
  onShown,
}: EmbedViewerProps) {
  const picture = isImageUrl(url);
  const src = picture ? url.trim() : withPowerBiParams(url.trim());
  const refused = !picture && !isHttpsUrl(src);

  const [attempt, setAttempt] = useState(0);
  const [loadStatus, setStatus] = useState<Status>(refused ? 'failed' : 'loading');
  const status: Status = unreachable && !picture ? 'failed' : loadStatus;
  const viewerRef = useRef<HTMLElement>(null);
  const fullscreen = useFullscreen(viewerRef);

  // Once per viewer, also under React's development double effects; a preload never mounts the viewer.
  const shown = useRef(false);
  const onShownRef = useRef(onShown);
  onShownRef.current = onShown;
  useEffect(() => {
    if (shown.current) return;
    shown.current = true;
    onShownRef.current?.();
  }, []);

  // A frame that the site's Content Security Policy blocks (a host outside frame-src) shows the browser's error page
  // and still fires 'load'; the policy's violation event says what happened.
  useEffect(() => {
    if (picture || refused) return;
    const frameOrigin = originOf(src);
    const onViolation = (event: SecurityPolicyViolationEvent) => {
      const directive = event.effectiveDirective || event.violatedDirective;
      if (!/^(frame|child|default)-src/.test(directive)) return;
      if (event.blockedURI && originOf(event.blockedURI) !== frameOrigin) return;
      setStatus('failed');
    };
    document.addEventListener('securitypolicyviolation', onViolation);
    return () => document.removeEventListener('securitypolicyviolation', onViolation);
  }, [picture, refused, src]);

  // A frame that never reports 'load' (blocked, unreachable) has failed after the timeout.
  // biome-ignore lint/correctness/useExhaustiveDependencies: each attempt (Reset Pages) gets its own timer.
  useEffect(() => {
    if (picture || status !== 'loading') return;
    const timer = setTimeout(() => setStatus('failed'), loadTimeoutMs);
    return () => clearTimeout(timer);
  }, [picture, status, attempt, loadTimeoutMs]);

  /** 'Reset Pages' and 'Try again': a new frame (or picture) from the original URL, back at its first page. */
  const reset = () => {
    setAttempt((n) => n + 1);
    setStatus(refused ? 'failed' : 'loading');
    onRetry?.();
  };

  const content =
    status === 'failed' ? (
      <WorkInProgress onRetry={reset} href={/^https?:\/\//i.test(src) ? src : null} />
    ) : picture ? (
      <img
        key={attempt}
        src={src}
        alt={title}
        onLoad={() => setStatus('loaded')}
        onError={() => setStatus('failed')}
        className={cn(
          'mx-auto block h-auto max-w-full',
          fullscreen.active && 'h-full w-full object-contain',
          status === 'loading' && 'invisible',
        )}
        data-testid="viewer-image"
      />
    ) : (
      <iframe
        key={attempt}
        src={src}
        title={title}
        sandbox={FRAME_SANDBOX}
        referrerPolicy="strict-origin-when-cross-origin"
        allow="fullscreen"
        loading="lazy"
        height={FRAME_HEIGHT_PX}
        // Frames fire no 'error' event (a refused page still 'loads'): the timeout above covers them.
        onLoad={() => setStatus((current) => (current === 'loading' ? 'loaded' : current))}
        className={cn('block w-full border-0 bg-white', fullscreen.active ? 'h-full' : 'h-[900px]')}
        data-testid="viewer-frame"
        data-attempt={attempt}
      />
    );

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
    >
      <div className="flex flex-wrap items-center justify-end gap-2 border-b border-slate-200 px-3 py-2 sm:px-4 dark:border-slate-800">
        {/* The name stays in sight in fullscreen, where the card above is not. */}
        <p
          aria-hidden="true"
          className="mr-auto hidden min-w-0 flex-1 truncate text-sm font-semibold text-slate-700 sm:block dark:text-slate-200"
        >
          {title}
        </p>
        <Button variant="outline" size="sm" onClick={reset} data-testid="viewer-reset">
          <RotateCcw aria-hidden="true" className="size-4" />
          Reset Pages
        </Button>
        <Button variant="outline" size="sm" onClick={() => void fullscreen.toggle()} data-testid="viewer-fullscreen">
          {fullscreen.active ? (
            <Minimize aria-hidden="true" className="size-4" />
          ) : (
            <Maximize aria-hidden="true" className="size-4" />
          )}
          {fullscreen.active ? 'Exit Fullscreen' : 'Fullscreen'}
        </Button>
      </div>
      <div
        className={cn(
          'relative min-h-0 bg-slate-50 dark:bg-slate-950',
          fullscreen.active && 'flex-1',
          status === 'loading' && picture && 'min-h-96',
        )}
      >
        {content}
        {status === 'loading' ? <LoadingSkeleton /> : null}
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

/** The origin of a URL, or '' when it has none. */
function originOf(url: string): string {
  try {
    return new URL(url, window.location.href).origin;
  } catch {
    return '';
  }
}

/**
 * The failed state (spec section 4), with a way out: try again, or open the dashboard in a new tab, where the
 * provider may show what is wrong or ask the person to sign in.
 */
function WorkInProgress({ onRetry, href }: { onRetry: () => void; href: string | null }) {
  return (
    <div
      className="flex min-h-96 flex-col items-center justify-center px-6 py-16 text-center"
      data-testid="viewer-unavailable"
    >
      <span className="flex size-14 items-center justify-center rounded-full bg-amber-100 text-amber-700 dark:bg-amber-950 dark:text-amber-300">
        <Construction aria-hidden="true" className="size-7" />
      </span>
      <h2 className="mt-5 text-xl font-semibold text-slate-900 dark:text-white">Work in Progress</h2>
      <p className="mt-2 max-w-md text-slate-600 dark:text-slate-300">
        This dashboard is being prepared and can't be shown right now. Please check back soon or contact your account
        manager.
      </p>
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
