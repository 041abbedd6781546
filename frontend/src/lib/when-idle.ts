import { type ComponentType, lazy } from 'react';

/**
 * Resolves once the browser has a quiet moment after the page's own work (an idle callback), or at the visitor's
 * first interaction if that comes sooner; at once outside a browser (prerendering, D25). Code that is not needed to
 * show and hydrate a page (menus, tooltips, toasts) is loaded then, so it stays out of the page's initial JavaScript
 * and out of the hydration task.
 */
let idle: Promise<void> | undefined;

const INTERACTIONS = ['pointerdown', 'pointerover', 'keydown', 'focusin', 'touchstart'] as const;

export function whenIdle(): Promise<void> {
  if (typeof window === 'undefined') return Promise.resolve();
  idle ??= new Promise<void>((resolve) => {
    const done = () => {
      for (const type of INTERACTIONS) window.removeEventListener(type, done, true);
      resolve();
    };
    for (const type of INTERACTIONS) window.addEventListener(type, done, { capture: true, passive: true });
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(done, { timeout: 2000 });
    else setTimeout(done, 1);
  });
  return idle;
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
