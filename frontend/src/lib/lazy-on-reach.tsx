import { type ComponentType, lazy, memo, type ReactNode, Suspense, useEffect, useRef } from 'react';

/** A pointer over the part, a press or touch on it, or focus moving into it (from the keyboard or a tap). */
const REACH = ['pointerover', 'pointerdown', 'touchstart', 'focusin'] as const;

export interface OnReachProps {
  /** Shown where there is no server HTML to keep (a page the browser renders itself) while the code comes. */
  fallback: ReactNode;
}

/**
 * A part of a prerendered page that shows at once (its server HTML) but whose code, heavy and needed only to use it
 * (a form's library, validation, pickers), comes when the visitor reaches for that part: a pointer over it, a touch,
 * focus moving into it (issue 30). Until then React keeps the server's HTML in place (a suspended boundary while
 * hydrating) and hydrates it when the code has come; what was typed meanwhile is kept (React replays the change).
 * A submit before then (a tap on the button as the first touch, Enter in a field) is held and made again once the
 * part has hydrated, so the form validates and sends as usual instead of the browser submitting it itself.
 *
 * Where the browser renders the page itself (no server HTML), the fallback shows and the code is fetched at once;
 * `preload` fetches it earlier (a route's loader, when a link to the page shows intent). Outside a browser
 * (prerendering, D25) the part renders at once.
 */
export function lazyOnReach<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  let release: () => void = () => {};
  const reached =
    typeof window === 'undefined'
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          release = resolve;
        });
  let arrived = false;
  let heldSubmit: HTMLFormElement | null = null;

  /** Runs once the part has rendered with its code (hydrated in place, or rendered): a held submit is made now. */
  function Arrived() {
    useEffect(() => {
      arrived = true;
      const form = heldSubmit;
      heldSubmit = null;
      if (form?.isConnected) form.requestSubmit();
    }, []);
    return null;
  }

  const Part = lazy(() =>
    reached.then(load).then((Component) => ({
      default: (props: Props) => (
        <>
          <Component {...props} />
          <Arrived />
        </>
      ),
    })),
  );

  /** The fallback commits only where there is no server HTML to keep: the code is wanted now. */
  function LoadNow({ children }: { children: ReactNode }) {
    useEffect(() => release(), []);
    return children;
  }

  // Memoized: a render of the page above it (its data arriving) must not reach the boundary while it waits with the
  // server's HTML, or React would give that HTML up and show the fallback (a boundary updated before it hydrated).
  const OnReach = memo(function OnReach({ fallback, ...props }: Props & OnReachProps) {
    const ref = useRef<HTMLDivElement>(null);
    useEffect(() => {
      const element = ref.current;
      if (!element || arrived) return;
      // On the window, in the capture phase: React stops a discrete event (a touch, a focus, a submit) aimed inside a
      // boundary that still waits to hydrate at its root, before any listener inside the page would see it.
      const within = (event: Event) => event.target instanceof Node && element.contains(event.target);
      const reach = (event: Event) => {
        if (within(event)) release();
      };
      const hold = (event: Event) => {
        if (arrived || !within(event) || !(event.target instanceof HTMLFormElement)) return;
        event.preventDefault();
        heldSubmit = event.target;
        release();
      };
      for (const type of REACH) window.addEventListener(type, reach, { capture: true, passive: true });
      window.addEventListener('submit', hold, true);
      return () => {
        for (const type of REACH) window.removeEventListener(type, reach, true);
        window.removeEventListener('submit', hold, true);
      };
    }, []);
    return (
      <div ref={ref} className="contents">
        <Suspense fallback={<LoadNow>{fallback}</LoadNow>}>
          <Part {...(props as Props)} />
        </Suspense>
      </div>
    );
  });

  return {
    Component: OnReach,
    /** Fetches the code now (and lets the part render with it). */
    preload: () => {
      release();
      void load();
    },
  };
}
