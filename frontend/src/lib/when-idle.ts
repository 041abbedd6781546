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
 * Taps on a control whose code has not arrived yet. A visitor's first touch may be the tap on a menu's button itself:
 * that touch starts loading the menu's code, and the tap that follows lands on server HTML with nothing to answer it
 * (a touch screen has no hover to load it earlier). The button says which control it is (`data-opens-later="theme"`);
 * the tap is kept, and the control opens itself when its code has come (`tappedEarly`), instead of ignoring the tap.
 */
const OPENS_LATER = 'data-opens-later';
const earlyTaps = new Set<string>();
const arrived = new Set<string>();

if (typeof window !== 'undefined')
  window.addEventListener(
    'click',
    (event) => {
      const control = (event.target as Element | null)?.closest?.(`[${OPENS_LATER}]`);
      const name = control?.getAttribute(OPENS_LATER);
      if (name && !arrived.has(name)) earlyTaps.add(name);
    },
    { capture: true, passive: true },
  );

/** Whether the control was tapped before its code came; asked once, when it first renders. */
export function tappedEarly(name: string): boolean {
  return earlyTaps.delete(name);
}

/** The attribute that names a control whose code comes later (see `tappedEarly`). */
export const opensLater = (name: string) => ({ [OPENS_LATER]: name });

/**
 * A component whose code is loaded at the visitor's first intent (`whenIdle`), for `<Suspense>`: on a prerendered page React
 * keeps the server's HTML for it until then and hydrates it in place (links in it work as plain links meanwhile).
 */
export function lazyWhenIdle<Props extends object>(load: () => Promise<ComponentType<Props>>, name?: string) {
  return lazy(() =>
    whenIdle()
      .then(load)
      .then((component) => {
        if (name) arrived.add(name);
        return { default: component };
      }),
  );
}
