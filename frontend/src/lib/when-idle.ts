import { type ComponentType, lazy } from 'react';

/**
 * The moment for code that is not needed to show and hydrate a page (menus, tooltips, toasts, the footer's): the
 * visitor's first sign of intent (a pointer over the page, a touch, a key, a focus, a scroll), or when `loadIdleCodeNow` asks;
 * at once outside a browser (prerendering, D25) and on a page the browser renders itself (`loadIdleCodeNow` from
 * main.tsx), which has no server HTML to show meanwhile. Never on a timer (issue 30): a visitor who only reads a
 * marketing page downloads only what it shows, and that code neither competes with it nor lengthens its hydration.
 */
let idle: Promise<void> | undefined;
let release: (() => void) | undefined;

/** A pointer over the page, a touch, a key, a focus, or a scroll (towards the footer). */
const INTENTS = ['pointerover', 'pointerdown', 'touchstart', 'keydown', 'focusin', 'scroll'] as const;

export function whenIdle(): Promise<void> {
  if (typeof window === 'undefined') return Promise.resolve();
  idle ??= new Promise<void>((resolve) => {
    const done = () => {
      for (const type of INTENTS) window.removeEventListener(type, done, true);
      resolve();
    };
    release = done;
    for (const type of INTENTS) window.addEventListener(type, done, { capture: true, passive: true });
  });
  return idle;
}

/** For what needs that code now (a toast to show): `whenIdle` resolves at once. */
export function loadIdleCodeNow(): void {
  void whenIdle();
  release?.();
}

/**
 * A component whose code is loaded at the visitor's first intent (`whenIdle`), for `<Suspense>`: on a prerendered page React
 * keeps the server's HTML for it until then and hydrates it in place (links in it work as plain links meanwhile).
 */
export function lazyWhenIdle<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  return lazy(() =>
    whenIdle()
      .then(load)
      .then((component) => ({ default: component })),
  );
}
