import { useEffect, useState } from 'react';
import { cn } from '../../../lib/cn';
import { isHttpsUrl, isImageUrl, withPowerBiParams } from '../utils/embed-url';
import { useViewOutcome } from './use-view-outcome';
import { ViewerShell, type ViewerStatus, WorkInProgress } from './viewer-shell';

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
  /** The server is still asked whether the frame's URL can be reached: a frame's 'load' is not yet the outcome. */
  checking?: boolean;
  /**
   * Called once the dashboard has loaded (true) or failed (false), each at most once (not on a preload, which
   * renders nothing): records the view and how it went (D33, D37).
   */
  onOutcome?: (loaded: boolean) => void;
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
  checking = false,
  onOutcome,
}: EmbedViewerProps) {
  const picture = isImageUrl(url);
  const src = picture ? url.trim() : withPowerBiParams(url.trim());
  const refused = !picture && !isHttpsUrl(src);

  const [attempt, setAttempt] = useState(0);
  const [loadStatus, setStatus] = useState<ViewerStatus>(refused ? 'failed' : 'loading');
  const status: ViewerStatus = unreachable && !picture ? 'failed' : loadStatus;
  // A frame that fired 'load' may still be one the server finds unreachable: its outcome waits for the answer.
  useViewOutcome(status === 'loaded' && checking && !picture ? 'checking' : status, onOutcome);

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

  return (
    <ViewerShell title={title} status={status} onReset={reset} tallWhileLoading={picture}>
      {(fullscreen) =>
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
              fullscreen && 'h-full w-full object-contain',
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
            className={cn('block w-full border-0 bg-white', fullscreen ? 'h-full' : 'h-[900px]')}
            data-testid="viewer-frame"
            data-attempt={attempt}
          />
        )
      }
    </ViewerShell>
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
