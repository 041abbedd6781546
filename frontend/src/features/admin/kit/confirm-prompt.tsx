import { ConfirmDialog } from '../../../components/ui/confirm-dialog';

/** What a destructive action asks before it runs (an alertdialog). */
export interface Confirmation {
  title: string;
  question: string;
  /** The dialog's confirm button; the action's label when absent. */
  confirmLabel?: string;
  pendingLabel: string;
  pending: boolean;
  /** Runs the action; `close` closes the dialog (call it once done). */
  onConfirm: (close: () => void) => void;
  'data-testid': string;
}

/**
 * The question a destructive action asks before it runs (an alertdialog, issue 27), opened from code (a menu's
 * entry): Cancel or the action; busy while it runs; focus back to `returnFocusTo` when it closes.
 */
export function ConfirmPrompt({
  confirmation,
  fallbackLabel,
  onClose,
  returnFocusTo,
}: {
  confirmation: Confirmation;
  /** The confirm button's label when the confirmation names none: the action's own. */
  fallbackLabel: string;
  onClose: () => void;
  returnFocusTo: () => HTMLElement | null;
}) {
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      finalFocusEl={returnFocusTo}
      title={confirmation.title}
      question={confirmation.question}
      confirmLabel={confirmation.confirmLabel ?? fallbackLabel}
      pendingLabel={confirmation.pendingLabel}
      pending={confirmation.pending}
      onConfirm={() => confirmation.onConfirm(onClose)}
      data-testid={confirmation['data-testid']}
    />
  );
}
