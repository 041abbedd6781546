import { useCallback, useEffect, useState } from 'react';

/** Spec section 9: the home carousel advances every 10 s with an 800 ms fade. */
export const CAROUSEL_INTERVAL_MS = 10_000;
export const CAROUSEL_FADE_MS = 800;

export interface CarouselState {
  /** The slide on screen. */
  index: number;
  goTo(index: number): void;
}

/**
 * The slide of a carousel of `count` slides: the next one every `intervalMs`, wrapping from the last to the first.
 * Nothing moves while `paused` (reduced motion, hover, focus, the pause button); choosing a slide restarts the wait.
 */
export function useCarousel(count: number, { intervalMs = CAROUSEL_INTERVAL_MS, paused = false } = {}): CarouselState {
  const [state, setState] = useState({ index: 0, epoch: 0 });
  const { epoch } = state;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `epoch` restarts the wait after a manual choice
  useEffect(() => {
    if (paused || count < 2) return;
    const timer = setInterval(() => {
      setState((current) => ({ ...current, index: (current.index + 1) % count }));
    }, intervalMs);
    return () => clearInterval(timer);
  }, [paused, count, intervalMs, epoch]);

  const goTo = useCallback(
    (index: number) => setState((current) => ({ index: ((index % count) + count) % count, epoch: current.epoch + 1 })),
    [count],
  );
  return { index: count > 0 ? state.index % count : 0, goTo };
}

/** Whether the visitor asked the system for reduced motion; `true` until known, so nothing moves by surprise. */
export function usePrefersReducedMotion(): boolean {
  const [reduced, setReduced] = useState(true);
  useEffect(() => {
    if (typeof matchMedia !== 'function') return;
    const query = matchMedia('(prefers-reduced-motion: reduce)');
    const update = () => setReduced(query.matches);
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return reduced;
}
