import {
  type ComponentType,
  type LazyExoticComponent,
  lazy,
  memo,
  type ReactNode,
  Suspense,
  useEffect,
  useRef,
} from 'react';

/** A pointer over the part, a press or touch on it, or focus moving into it (from the keyboard or a tap). */
const REACH = ['pointerover', 'pointerdown', 'touchstart', 'focusin'] as const;

/** When a part's code may come, whether it has rendered with it, and a submit held until then. */
interface Gate {
  reached: Promise<void>;
  release: () => void;
  arrived: boolean;
  heldSubmit: HTMLFormElement | null;
  /** The part's wrapper in the page, once rendered. */
  element: HTMLElement | null;
}

/** What `lazyOnReach` returns: the part for `<OnReach part=…>`, and `preload` to fetch its code before. */
export interface ReachablePart {
  gate: Gate;
  Part: LazyExoticComponent<ComponentType>;
  /** Fetches the code now (and lets the part render with it). */
  preload: () => void;
}

/**
 * A part of a prerendered page that shows at once (its server HTML) but whose code, heavy and needed only to use it
 * (a form's library, validation, pickers), comes when the visitor reaches for that part: a pointer over it, a touch,
 * focus moving into it (issue 30). Until then React keeps the server's HTML in place (a boundary that waits to
 * hydrate) and hydrates it when the code has come; what was typed meanwhile is kept (React replays the change). A
 * submit before then (a tap on the button as the first touch, Enter in a field) is held and made again once the part
 * has hydrated, so the form validates and sends as usual instead of the browser submitting it itself.
 *
 * Where the browser renders the page itself (no server HTML), the fallback shows and the code is fetched at once;
 * `preload` fetches it earlier (a route's loader, when a link to the page shows intent). Outside a browser
 * (prerendering, D25) the part renders at once.
 */
export function lazyOnReach(load: () => Promise<ComponentType>): ReachablePart {
  const gate: Gate = {
    reached: Promise.resolve(),
    release: () => {},
    arrived: false,
    heldSubmit: null,
    element: null,
  };
  if (typeof window !== 'undefined')
    gate.reached = new Promise<void>((resolve) => {
      gate.release = resolve;
    });
  return {
    gate,
    Part: lazy(() => gate.reached.then(load).then((component) => ({ default: component }))),
    preload: () => {
      gate.release();
      void load();
    },
  };
}

/**
 * What was typed into the server HTML before the part hydrated, handed to the part's own handlers: React keeps the text
 * on screen but not in the form's state (and its value tracker takes the text as the field's current value, so a plain
 * `input` event would not reach `onChange`). The tracked setter puts the tracker back on the rendered value, the
 * element's own setter puts the text back, and the `input` event is then a change, as if typed now.
 */
function replayTyped(element: HTMLElement | null) {
  for (const field of element?.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea') ?? []) {
    if (field.type === 'checkbox' || field.type === 'radio' || field.value === field.defaultValue) continue;
    const typed = field.value;
    field.value = field.defaultValue;
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, typed);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

/**
 * In the part's boundary: runs once the part has rendered with its code (hydrated or rendered); what was typed before
 * reaches the form, then a held submit goes.
 */
function Arrived({ gate }: { gate: Gate }) {
  useEffect(() => {
    gate.arrived = true;
    replayTyped(gate.element);
    const form = gate.heldSubmit;
    gate.heldSubmit = null;
    if (form?.isConnected) form.requestSubmit();
  }, [gate]);
  return null;
}

/** The fallback commits only where there is no server HTML to keep: the code is wanted now. */
function LoadNow({ gate, children }: { gate: Gate; children: ReactNode }) {
  useEffect(() => gate.release(), [gate]);
  return children;
}

export interface OnReachProps {
  part: ReachablePart;
  /** Shown where there is no server HTML to keep (a page the browser renders itself) while the code comes. */
  fallback: ReactNode;
}

/**
 * The part, in a boundary whose code comes on reach (`lazyOnReach`). Memoized: a render of the page above it (its
 * data arriving) must not reach the boundary while it waits with the server's HTML, or React would give that HTML up
 * and show the fallback (a boundary updated before it hydrated).
 */
export const OnReach = memo(function OnReach({ part, fallback }: OnReachProps) {
  const { gate, Part } = part;
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = ref.current;
    gate.element = element;
    if (!element || gate.arrived) return;
    // On the window, in the capture phase: React stops a discrete event (a touch, a focus, a submit) aimed inside a
    // boundary that still waits to hydrate at its root, before any listener inside the page would see it.
    const within = (event: Event) => event.target instanceof Node && element.contains(event.target);
    const reach = (event: Event) => {
      if (within(event)) gate.release();
    };
    const hold = (event: Event) => {
      if (gate.arrived || !within(event) || !(event.target instanceof HTMLFormElement)) return;
      event.preventDefault();
      gate.heldSubmit = event.target;
      gate.release();
    };
    for (const type of REACH) window.addEventListener(type, reach, { capture: true, passive: true });
    window.addEventListener('submit', hold, true);
    return () => {
      for (const type of REACH) window.removeEventListener(type, reach, true);
      window.removeEventListener('submit', hold, true);
    };
  }, [gate]);
  return (
    <div ref={ref} className="contents">
      <Suspense fallback={<LoadNow gate={gate}>{fallback}</LoadNow>}>
        <Part />
        <Arrived gate={gate} />
      </Suspense>
    </div>
  );
});
