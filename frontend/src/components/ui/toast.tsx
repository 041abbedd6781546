import { Portal } from '@ark-ui/react/portal';
import { Toaster as ArkToaster, createToaster, Toast } from '@ark-ui/react/toast';
import { CircleAlert, CircleCheck, X } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { cn } from '../../lib/cn';

/** Spec section 9: one toast on screen at a time, 5 s each, bottom right; F8 moves focus to the toasts. */
export const TOAST_DURATION = 5000;

export const toaster = createToaster({
  placement: 'bottom-end',
  max: 1,
  duration: TOAST_DURATION,
  hotkey: ['F8'],
  gap: 12,
  overlap: false,
});

export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  duration?: number;
}

/**
 * Shows a notification. One is on screen at a time (spec section 9): a new one takes the place of the one showing,
 * so the answer to what a person just did is never held back behind an older message. Returns the toast's id.
 */
export function toast({ title, description, variant = 'default', duration }: ToastInput): string {
  toaster.remove();
  return toaster.create({
    title,
    description,
    type: variant === 'destructive' ? 'error' : 'info',
    closable: true,
    meta: { variant },
    ...(duration !== undefined && { duration }),
  });
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

function takePendingToast(): PendingToast | null {
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

/** Renders the toasts; mounted once in the root layout. */
export function Toaster() {
  useEffect(() => {
    const pending = takePendingToast();
    if (pending)
      toast({
        title: pending.title,
        ...(pending.description && { description: pending.description }),
        ...(pending.variant && { variant: pending.variant }),
      });
  }, []);

  return (
    <Portal>
      <ArkToaster toaster={toaster} className="w-[min(420px,calc(100vw-2rem))]" data-testid="toaster">
        {(item) => {
          const destructive = item.meta?.variant === 'destructive';
          const Icon = destructive ? CircleAlert : CircleCheck;
          return (
            <Toast.Root
              className={cn(
                'w-[min(420px,calc(100vw-2rem))] rounded-xl border p-4 pr-10 shadow-lg',
                destructive
                  ? 'border-red-700 bg-red-700 text-white dark:border-red-600 dark:bg-red-700'
                  : 'border-slate-200 bg-white text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100',
              )}
              data-variant={destructive ? 'destructive' : 'default'}
              data-testid="toast"
            >
              <div className="flex items-start gap-3">
                <Icon
                  aria-hidden="true"
                  className={cn(
                    'mt-0.5 size-5 shrink-0',
                    destructive ? 'text-white' : 'text-blue-700 dark:text-blue-400',
                  )}
                />
                <div className="min-w-0">
                  <Toast.Title className="text-sm font-semibold">{item.title}</Toast.Title>
                  {item.description ? (
                    <Toast.Description
                      className={cn('mt-1 text-sm', destructive ? 'text-red-50' : 'text-slate-600 dark:text-slate-300')}
                    >
                      {item.description}
                    </Toast.Description>
                  ) : null}
                </div>
              </div>
              <Toast.CloseTrigger
                aria-label="Close notification"
                className={cn(
                  'absolute top-3 right-3 rounded-md p-1 opacity-80 transition hover:opacity-100',
                  destructive
                    ? 'text-white hover:bg-red-800'
                    : 'text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800',
                )}
              >
                <X aria-hidden="true" className="size-4" />
              </Toast.CloseTrigger>
            </Toast.Root>
          );
        }}
      </ArkToaster>
    </Portal>
  );
}
