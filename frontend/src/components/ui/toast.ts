import type { ReactNode } from 'react';
import { loadIdleCodeNow } from '../../lib/when-idle';
import { keepToastForNextPage, type ToastVariant } from './pending-toast';

/**
 * Notifications (spec section 9): `toast()` is all a page needs, and it loads nothing. The region that shows them
 * (`Toaster`, with Ark UI's toast) is mounted by the root layout once the page is idle, or at once for a toast asked
 * for before that, which waits for it.
 */

/** Spec section 9: one toast on screen at a time, 5 s each, bottom right; F8 moves focus to the toasts. */
export const TOAST_DURATION = 5000;

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
  else {
    waiting = options;
    // The region's code may still be waiting for the page to be idle: it is wanted now.
    loadIdleCodeNow();
  }
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

/**
 * Shows a notification now and again on the next page load, for a toast followed by a full-page navigation ('Login
 * successful' before the reload of spec section 2): the page that shows the first one is about to go away.
 */
export function toastAcrossReload(input: { title: string; description?: string; variant?: ToastVariant }): string {
  keepToastForNextPage(input);
  return toast(input);
}

/** Whether a toast waits for the region (asked for before it was mounted). */
export const isToastWaiting = () => waiting !== null;
