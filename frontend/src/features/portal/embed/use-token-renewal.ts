import type { EmbedToken } from '@app/contracts';
import { useEffect, useRef } from 'react';
import { isAccessEnded, renewalDelay, renewalTime, retryDelay } from './embed-token';

export interface TokenRenewalOptions {
  /** The expiry of the token the embed was loaded with. */
  expiresAt: string;
  /**
   * true (Power BI): renewed on a timer ahead of the expiry, and at once when the tab is shown again near or past it.
   * false (Tableau, Metabase): renewed only when the tab is shown again after the expiry.
   */
  ahead: boolean;
  /** Asks the server for a new token (every time it checks that the person may still see the dashboard). */
  request: () => Promise<EmbedToken>;
  /** Puts the new token to use (Power BI: setAccessToken); a failure is retried like a failed request. */
  apply: (token: EmbedToken) => Promise<void> | void;
  /** The server refused (401, 403, 404): access has ended. Nothing more is tried. */
  onEnded: () => void;
}

/**
 * Keeps an embed's token fresh for as long as the embed is shown (issue 14): a dashboard left open through a long
 * meeting keeps working. Timers of a hidden tab are slowed down by browsers, so the tab's return is a renewal point
 * too. A failed renewal that is not a refusal (the provider down, a 502, no network) keeps the current embed and is
 * tried again with a growing wait. Returns `renewNow` (the embed said its token expired).
 */
export function useTokenRenewal(options: TokenRenewalOptions): { renewNow: () => void } {
  const latest = useRef(options);
  latest.current = options;
  const renewNowRef = useRef<() => void>(() => {});

  useEffect(() => {
    let stopped = false;
    let inFlight = false;
    let failures = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let renewAt = renewalTime(latest.current.expiresAt, Date.now(), latest.current.ahead);

    const wait = (delay: number) => {
      clearTimeout(timer);
      timer = setTimeout(() => void renew(), delay);
    };
    const scheduleNext = () => {
      if (latest.current.ahead && Number.isFinite(renewAt)) wait(renewalDelay(renewAt, Date.now()));
    };

    async function renew(): Promise<void> {
      if (stopped || inFlight) return;
      inFlight = true;
      clearTimeout(timer);
      try {
        const token = await latest.current.request();
        if (stopped) return;
        await latest.current.apply(token);
        if (stopped) return;
        failures = 0;
        renewAt = 'expiresAt' in token ? renewalTime(token.expiresAt, Date.now(), latest.current.ahead) : Number.NaN;
        scheduleNext();
      } catch (error) {
        if (stopped) return;
        if (isAccessEnded(error)) {
          stopped = true;
          latest.current.onEnded();
          return;
        }
        wait(retryDelay(failures++));
      } finally {
        inFlight = false;
      }
    }

    const onVisibility = () => {
      if (document.visibilityState === 'visible' && !inFlight && Date.now() >= renewAt) void renew();
    };
    renewNowRef.current = () => void renew();
    scheduleNext();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      stopped = true;
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisibility);
      renewNowRef.current = () => {};
    };
  }, []);

  return { renewNow: () => renewNowRef.current() };
}
