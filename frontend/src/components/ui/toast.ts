import type { ReactNode } from 'react';

/**
 * Notifications (spec section 9): `toast()` is all a page needs, and it loads nothing. The region that shows them
 * (`Toaster`, with Ark UI's toast) is mounted by the root layout once the page is idle; a toast asked for before that
 * waits for it.
 */

/** Spec section 9: one toast on screen at a time, 5 s each, bottom right; F8 moves focus to the toasts. */
export const TOAST_DURATION = 5000;

export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  duration?: number;
}

/** A toast as the region's store takes it. */
export interface ToastOptions {
  id: string;
  title: ReactNode;
  description: ReactNode;
  type: 'info' | 'error';
  closable: true;
  meta: { variant: ToastVariant };
  duration?: number;
}

let toastCount = 0;
/** The mounted region's way in; `null` until it is mounted. */
let show: ((options: ToastOptions) => void) | null = null;
/** The toast asked for before the region was mounted (one at a time, as on screen). */
let waiting: ToastOptions | null = null;

/**
 * Shows a notification. One is on screen at a time (spec section 9): a new one takes the place of the one showing,
 * so the answer to what a person just did is never held back behind an older message. Returns the toast's id.
 */
export function toast({ title, description, variant = 'default', duration }: ToastInput): string {
  const options: ToastOptions = {
    id: `toast-${++toastCount}`,
    title,
    description,
    type: variant === 'destructive' ? 'error' : 'info',
    closable: true,
    meta: { variant },
    ...(duration !== undefined && { duration }),
  };
  if (show) show(options);
  else waiting = options;
  return options.id;
}

/**
 * For the region, once mounted: it receives the toasts (the one waiting first, if any) until the returned cleanup.
 * Not at once but in the next task: Ark UI starts the region's store subscription just after it mounts, and a toast
 * created before that is never shown.
 */
export function connectToaster(receive: (options: ToastOptions) => void): () => void {
  const timer = setTimeout(() => {
    show = receive;
    const pending = waiting;
    waiting = null;
    if (pending) receive(pending);
  });
  return () => {
    clearTimeout(timer);
    if (show === receive) show = null;
  };
}

const PENDING_TOAST_KEY = 'pending-toast';
/** A toast kept for the next page is dropped when that page takes longer than this to come (it was not next). */
const PENDING_TOAST_MAX_AGE = 15_000;

interface PendingToast {
  title: string;
  description?: string;
  variant?: ToastVariant;
  at: number;
}

/**
 * Shows a notification now and again on the next page load, for a toast followed by a full-page navigation ('Login
 * successful' before the reload of spec section 2): the page that shows the first one is about to go away.
 */
export function toastAcrossReload(input: { title: string; description?: string; variant?: ToastVariant }): string {
  try {
    sessionStorage.setItem(PENDING_TOAST_KEY, JSON.stringify({ ...input, at: Date.now() } satisfies PendingToast));
  } catch {
    // Storage may be unavailable (private mode, quota): the toast is then shown only now.
  }
  return toast(input);
}

/** The toast `toastAcrossReload` kept for this page, if any; taken once. */
export function takePendingToast(): PendingToast | null {
  try {
    const raw = sessionStorage.getItem(PENDING_TOAST_KEY);
    if (!raw) return null;
    sessionStorage.removeItem(PENDING_TOAST_KEY);
    const pending = JSON.parse(raw) as Partial<PendingToast>;
    if (typeof pending.title !== 'string' || typeof pending.at !== 'number') return null;
    if (Date.now() - pending.at > PENDING_TOAST_MAX_AGE) return null;
    return pending as PendingToast;
  } catch {
    return null;
  }
}
