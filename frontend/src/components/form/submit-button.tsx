import type { ReactNode } from 'react';
import { Button, type ButtonProps } from '../ui/button';
import { Spinner } from '../ui/spinner';
import { useFormContext } from './form-context';

export interface SubmitButtonProps extends Omit<ButtonProps, 'type' | 'children'> {
  children: ReactNode;
  /** Shown with a spinner while the form submits ('Sending...'). */
  pendingLabel: ReactNode;
  /** Keep the pending state after the submit ended (the page is about to be left). */
  pending?: boolean;
}

/** The form's submit button: disabled, with a spinner and the pending label, while submitting. */
export function SubmitButton({ children, pendingLabel, disabled, pending = false, ...props }: SubmitButtonProps) {
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
