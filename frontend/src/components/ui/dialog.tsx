import { Dialog as ArkDialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import { X } from 'lucide-react';
import type { ReactElement, ReactNode } from 'react';

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The element that opens it (one focusable element); focus returns to it on close. */
  trigger: ReactElement;
  title: ReactNode;
  description?: ReactNode;
  /** The actions (buttons), laid out at the bottom. */
  children: ReactNode;
  /** 'alertdialog' for a confirmation that interrupts the user. */
  role?: 'dialog' | 'alertdialog';
  /** Refuse closing by Escape or a click outside (while a request is in flight). */
  busy?: boolean;
  'data-testid'?: string;
}

/**
 * A modal dialog (Ark UI): traps focus, closes on Escape, a click outside or the close button, and gives focus back
 * to its trigger.
 */
export function Dialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  children,
  role = 'dialog',
  busy = false,
  'data-testid': testId,
}: DialogProps) {
  return (
    <ArkDialog.Root
      open={open}
      onOpenChange={(details) => onOpenChange(details.open)}
      role={role}
      closeOnEscape={!busy}
      closeOnInteractOutside={!busy}
      lazyMount
      unmountOnExit
    >
      <ArkDialog.Trigger asChild>{trigger}</ArkDialog.Trigger>
      <Portal>
        <ArkDialog.Backdrop className="fixed inset-0 z-50 bg-slate-950/60 backdrop-blur-sm" />
        <ArkDialog.Positioner className="fixed inset-0 z-50 flex items-end justify-center p-4 sm:items-center">
          <ArkDialog.Content
            className="relative w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-xl outline-none dark:border-slate-700 dark:bg-slate-900"
            {...(testId && { 'data-testid': testId })}
          >
            <ArkDialog.Title className="pr-8 text-lg font-semibold text-slate-900 dark:text-white">
              {title}
            </ArkDialog.Title>
            {description ? (
              <ArkDialog.Description className="mt-2 text-sm leading-6 text-slate-600 dark:text-slate-300">
                {description}
              </ArkDialog.Description>
            ) : null}
            <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">{children}</div>
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

/** A button inside `Dialog` that closes it ('Cancel'). */
export const DialogCloseTrigger = ArkDialog.CloseTrigger;
