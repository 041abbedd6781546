import { type ComponentType, lazy } from 'react';

/**
 * The moment for code that is not needed to show and hydrate a page (menus, tooltips, toasts, the footer's): once the
 * page has loaded and its own requests (data, pictures, the page's code) have settled, at an idle moment; or at the
 * visitor's first interaction, or when `loadIdleCodeNow` asks, if that comes sooner; at once outside a browser
 * (prerendering, D25). So that code neither competes with what the page shows first nor lengthens its hydration.
 */
let idle: Promise<void> | undefined;
let release: (() => void) | undefined;

const INTERACTIONS = ['pointerdown', 'keydown', 'focusin', 'touchstart'] as const;
/** How long without a request finishing counts as settled. */
const QUIET_MS = 300;
/** Settled or not, this long after the page's load event is enough. */
const MAX_WAIT_MS = 5000;

const pageLoaded = () =>
  new Promise<void>((resolve) => {
    if (document.readyState === 'complete') resolve();
    else window.addEventListener('load', () => resolve(), { once: true });
  });

/** No resource (script, picture, API answer) has finished for `QUIET_MS`. */
const networkQuiet = () =>
  new Promise<void>((resolve) => {
    let observer: PerformanceObserver | undefined;
    const done = () => {
      observer?.disconnect();
      resolve();
    };
    let timer = setTimeout(done, QUIET_MS);
    try {
      observer = new PerformanceObserver(() => {
        clearTimeout(timer);
        timer = setTimeout(done, QUIET_MS);
      });
      observer.observe({ type: 'resource' });
    } catch {
      // No resource timing here: the quiet period alone.
    }
  });

const idleCallback = () =>
  new Promise<void>((resolve) => {
    if (typeof window.requestIdleCallback === 'function')
      window.requestIdleCallback(() => resolve(), { timeout: 1000 });
    else setTimeout(resolve, 1);
  });

export function whenIdle(): Promise<void> {
  if (typeof window === 'undefined') return Promise.resolve();
  idle ??= new Promise<void>((resolve) => {
    const done = () => {
      for (const type of INTERACTIONS) window.removeEventListener(type, done, true);
      resolve();
    };
    release = done;
    for (const type of INTERACTIONS) window.addEventListener(type, done, { capture: true, passive: true });
    void pageLoaded().then(() => {
      setTimeout(done, MAX_WAIT_MS);
      return networkQuiet().then(idleCallback).then(done);
    });
  });
  return idle;
}

/** For what needs that code now (a toast to show): `whenIdle` resolves at once. */
export function loadIdleCodeNow(): void {
  void whenIdle();
  release?.();
}

/**
 * A component whose code is loaded once the page is idle (`whenIdle`), for `<Suspense>`: on a prerendered page React
 * keeps the server's HTML for it until then and hydrates it in place (links in it work as plain links meanwhile).
 */
export function lazyWhenIdle<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  return lazy(() =>
    whenIdle()
      .then(load)
      .then((component) => ({ default: component })),
  );
}
