import { Dialog as ArkDialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

export interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  /** The body: a form with its own buttons. */
  children: ReactNode;
  /** Where focus goes when it closes (the button that opened it); Ark's default otherwise. */
  finalFocusEl?: () => HTMLElement | null;
  /** Refuse closing by Escape or a click outside (while a request is in flight). */
  busy?: boolean;
  size?: 'md' | 'lg';
  'data-testid'?: string;
}

/**
 * A modal dialog for a form (Ark UI), opened from code rather than by one trigger: traps focus, closes on Escape, a
 * click outside or the close button. Scrolls inside when taller than the screen.
 */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  children,
  finalFocusEl,
  busy = false,
  size = 'md',
  'data-testid': testId,
}: ModalProps) {
  return (
    <ArkDialog.Root
      open={open}
      onOpenChange={(details) => onOpenChange(details.open)}
      closeOnEscape={!busy}
      closeOnInteractOutside={!busy}
      lazyMount
      unmountOnExit
      // Closing a toast (shown above everything) is not a click outside that should close the form.
      onInteractOutside={(event) => {
        const target = (event.detail?.originalEvent?.target ?? event.target) as Element | null;
        if (target?.closest?.('[data-scope="toast"]')) event.preventDefault();
      }}
      {...(finalFocusEl && { finalFocusEl })}
    >
      <Portal>
        <ArkDialog.Backdrop className="fixed inset-0 z-50 bg-slate-950/60 backdrop-blur-sm" />
        <ArkDialog.Positioner className="fixed inset-0 z-50 flex items-start justify-center overflow-y-auto p-4 sm:items-center">
          <ArkDialog.Content
            className={cn(
              'relative my-auto w-full rounded-2xl border border-slate-200 bg-white p-6 shadow-xl outline-none dark:border-slate-700 dark:bg-slate-900',
              size === 'lg' ? 'max-w-2xl' : 'max-w-lg',
            )}
            {...(testId && { 'data-testid': testId })}
          >
            <ArkDialog.Title className="pr-8 text-lg font-semibold text-slate-900 dark:text-white">
              {title}
            </ArkDialog.Title>
            {description ? (
              <ArkDialog.Description className="mt-1 text-sm leading-6 text-slate-600 dark:text-slate-300">
                {description}
              </ArkDialog.Description>
            ) : null}
            <div className="mt-5">{children}</div>
            <ArkDialog.CloseTrigger
              aria-label="Close dialog"
              disabled={busy}
              className="absolute top-4 right-4 rounded-md p-1 text-slate-500 transition hover:bg-slate-100 hover:text-slate-900 disabled:opacity-50 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white"
            >
              <X aria-hidden="true" className="size-5" />
            </ArkDialog.CloseTrigger>
          </ArkDialog.Content>
        </ArkDialog.Positioner>
      </Portal>
    </ArkDialog.Root>
  );
}
