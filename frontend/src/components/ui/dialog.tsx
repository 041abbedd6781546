import { Dialog as ArkDialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import { X } from 'lucide-react';
import type { ComponentProps, ReactElement, ReactNode } from 'react';
import { cn } from '../../lib/cn';

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  /** The body: a form with its own buttons. */
  children?: ReactNode;
  /** The buttons of a short dialog (a confirmation), laid out at the bottom. */
  actions?: ReactNode;
  /** The element that opens it (one focusable element); focus returns to it on close. */
  trigger?: ReactElement;
  /** Opened from code rather than by a trigger: where focus goes when it closes (Ark's default otherwise). */
  finalFocusEl?: () => HTMLElement | null;
  /** 'alertdialog' for a confirmation that interrupts the user. */
  role?: 'dialog' | 'alertdialog';
  /** Refuse closing by Escape or a click outside (while a request is in flight). */
  busy?: boolean;
  /** 'sm': a question and its buttons, at the bottom of small screens; 'md' and 'lg': a form, scrolling inside. */
  size?: 'sm' | 'md' | 'lg';
  'data-testid'?: string;
}

const contentWidth = { sm: 'max-w-md', md: 'max-w-lg', lg: 'max-w-2xl' } as const;

/**
 * The one modal dialog of the app (Ark UI): traps focus, closes on Escape, a click outside or the close button, and
 * gives focus back to its trigger (or to `finalFocusEl`). Closing a toast is not a click outside.
 */
/** Closing a toast (shown above everything) is not a click outside that should close a dialog or a panel. */
export function keepOpenOnToastClick(event: {
  detail?: { originalEvent?: Event };
  target: EventTarget | null;
  preventDefault(): void;
}) {
  const target = (event.detail?.originalEvent?.target ?? event.target) as Element | null;
  if (target?.closest?.('[data-scope="toast"]')) event.preventDefault();
}

export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  actions,
  trigger,
  finalFocusEl,
  role = 'dialog',
  busy = false,
  size = 'md',
  'data-testid': testId,
}: DialogProps) {
  const small = size === 'sm';
  return (
    <ArkDialog.Root
      open={open}
      onOpenChange={(details) => onOpenChange(details.open)}
      role={role}
      closeOnEscape={!busy}
      closeOnInteractOutside={!busy}
      lazyMount
      unmountOnExit
      onInteractOutside={keepOpenOnToastClick}
      {...(finalFocusEl && { finalFocusEl })}
    >
      {trigger ? <ArkDialog.Trigger asChild>{trigger}</ArkDialog.Trigger> : null}
      <Portal>
        <ArkDialog.Backdrop className="fixed inset-0 z-50 bg-slate-950/60 backdrop-blur-sm" />
        <ArkDialog.Positioner
          className={cn(
            'fixed inset-0 z-50 flex justify-center p-4 sm:items-center',
            small ? 'items-end' : 'items-start overflow-y-auto',
          )}
        >
          <ArkDialog.Content
            className={cn(
              'relative w-full rounded-2xl border border-slate-200 bg-white p-6 shadow-xl outline-none dark:border-slate-700 dark:bg-slate-900',
              contentWidth[size],
              !small && 'my-auto',
            )}
            {...(testId && { 'data-testid': testId })}
          >
            <ArkDialog.Title className="pr-8 text-lg font-semibold text-slate-900 dark:text-white">
              {title}
            </ArkDialog.Title>
            {description ? (
              <ArkDialog.Description
                className={cn('text-sm leading-6 text-slate-600 dark:text-slate-300', small ? 'mt-2' : 'mt-1')}
              >
                {description}
              </ArkDialog.Description>
            ) : null}
            {children ? <div className="mt-5">{children}</div> : null}
            {actions ? (
              <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">{actions}</div>
            ) : null}
            <DialogCloseButton
              aria-label="Close dialog"
              disabled={busy}
              className="absolute top-4 right-4 rounded-md p-1 text-slate-500 transition hover:bg-slate-100 hover:text-slate-900 disabled:opacity-50 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white"
            />
          </ArkDialog.Content>
        </ArkDialog.Positioner>
      </Portal>
    </ArkDialog.Root>
  );
}

/** The X in a dialog's corner that closes it; its name (`aria-label`) says what it closes. */
export function DialogCloseButton(props: ComponentProps<typeof ArkDialog.CloseTrigger> & { 'aria-label': string }) {
  return (
    <ArkDialog.CloseTrigger {...props}>
      <X aria-hidden="true" className="size-5" />
    </ArkDialog.CloseTrigger>
  );
}

/** A button inside `Dialog` that closes it ('Cancel'). */
export const DialogCloseTrigger = ArkDialog.CloseTrigger;
