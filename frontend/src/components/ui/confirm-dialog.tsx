import type { ReactElement, ReactNode } from 'react';
import { Button } from './button';
import { Dialog, DialogCloseTrigger } from './dialog';
import { Spinner } from './spinner';

/**
 * A confirmation (an Ark alertdialog, never window.confirm): the question, Cancel, and the action. It stays open and
 * busy while the action runs.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  trigger,
  finalFocusEl,
  title,
  question,
  confirmLabel,
  pendingLabel,
  pending,
  onConfirm,
  destructive = true,
  'data-testid': testId,
  cancelTestId = 'confirm-cancel',
  confirmTestId = 'confirm-action',
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opens it; none when opened from code (a menu's entry), then `finalFocusEl` gets focus back. */
  trigger?: ReactElement;
  finalFocusEl?: () => HTMLElement | null;
  title: ReactNode;
  question: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  pending: boolean;
  onConfirm: () => void;
  destructive?: boolean;
  'data-testid'?: string;
  cancelTestId?: string;
  confirmTestId?: string;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      {...(trigger && { trigger })}
      {...(finalFocusEl && { finalFocusEl })}
      title={title}
      description={question}
      role="alertdialog"
      size="sm"
      busy={pending}
      {...(testId && { 'data-testid': testId })}
      actions={
        <>
          <DialogCloseTrigger asChild>
            <Button variant="outline" disabled={pending} data-testid={cancelTestId}>
              Cancel
            </Button>
          </DialogCloseTrigger>
          <Button
            variant={destructive ? 'destructive' : 'primary'}
            disabled={pending}
            aria-busy={pending || undefined}
            onClick={onConfirm}
            data-testid={confirmTestId}
          >
            {pending ? (
              <>
                <Spinner />
                {pendingLabel}
              </>
            ) : (
              confirmLabel
            )}
          </Button>
        </>
      }
    />
  );
}
