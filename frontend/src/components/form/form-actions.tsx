import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Button, type ButtonProps } from '../ui/button';
import { Spinner } from '../ui/spinner';
import { useFormContext } from './form-context';

interface CancelAction {
  onClick: () => void;
  'data-testid': string;
  /** Disabled while the form submits. */
  lockWhileSubmitting?: boolean;
}

export interface FormActionsProps extends Omit<ButtonProps, 'type' | 'children'> {
  /** The submit button's label. */
  children: ReactNode;
  /** Shown with a spinner while the form submits ('Sending...'). */
  pendingLabel: ReactNode;
  /** Keep the pending state after the submit ended (the page is about to be left). */
  pending?: boolean;
  /** A Cancel button beside the submit. */
  cancel?: CancelAction | undefined;
  /** 'dialog': Cancel, then the submit, at the row's end (the submit on top on phones); 'row': the submit first. */
  layout?: 'row' | 'dialog';
  /** More classes of the row (the submit button's are `className`). */
  rowClassName?: string;
  /** The submit button's. */
  'data-testid'?: string;
}

/** The submit of a visitor's form (a booking, a new time, a message): large, and the full width on phones. */
export const visitorSubmit = { size: 'lg', className: 'w-full sm:w-auto' } as const satisfies Partial<FormActionsProps>;

/** The form's buttons: the submit (disabled, with a spinner and the pending label, while submitting) and Cancel. */
export function FormActions({ cancel, layout = 'row', rowClassName, ...submit }: FormActionsProps) {
  const dialog = layout === 'dialog';
  const cancelButton = cancel ? <CancelButton {...cancel} /> : null;
  return (
    <div
      className={cn(
        dialog ? 'flex flex-col-reverse gap-3 sm:flex-row sm:justify-end' : 'flex flex-wrap gap-3',
        rowClassName,
      )}
    >
      {dialog ? cancelButton : null}
      <SubmitButton {...submit} />
      {dialog ? null : cancelButton}
    </div>
  );
}

function SubmitButton({
  children,
  pendingLabel,
  disabled,
  pending = false,
  ...props
}: Omit<FormActionsProps, 'cancel' | 'layout' | 'rowClassName'>) {
  const form = useFormContext();
  return (
    <form.Subscribe selector={(state) => state.isSubmitting || pending}>
      {(isSubmitting) => (
        <Button {...props} type="submit" disabled={disabled || isSubmitting} aria-busy={isSubmitting || undefined}>
          {isSubmitting ? (
            <>
              <Spinner />
              {pendingLabel}
            </>
          ) : (
            children
          )}
        </Button>
      )}
    </form.Subscribe>
  );
}

function CancelButton({ onClick, 'data-testid': testId, lockWhileSubmitting = false }: CancelAction) {
  const form = useFormContext();
  return (
    <form.Subscribe selector={(state) => lockWhileSubmitting && state.isSubmitting}>
      {(locked) => (
        <Button variant="outline" onClick={onClick} disabled={locked} data-testid={testId}>
          Cancel
        </Button>
      )}
    </form.Subscribe>
  );
}
