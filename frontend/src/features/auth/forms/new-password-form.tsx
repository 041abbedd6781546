import type { NewPasswordForm as NewPasswordValues } from '@app/contracts';
import { NewPasswordFormSchema } from '@app/contracts/api/auth';
import { useState } from 'react';
import { AlertFormElement, cardSubmit, useAlertForm } from '../../../components/form/alert-form';
import { DeclaredFields, type FieldSpec } from '../../../components/form/declared-field';
import { passwordInput } from '../../../components/form/field-presets';
import { ReadOnlyField } from '../../../components/form/read-only-field';

const emptyPasswords: NewPasswordValues = { password: '', confirmPassword: '' };

/** The new password, then the same again ('Confirm ' and the first field's label). */
const passwordFields = ({
  passwordLabel,
  testId,
}: Pick<NewPasswordFormProps, 'passwordLabel' | 'testId'>): FieldSpec<keyof NewPasswordValues>[] => [
  {
    name: 'password',
    label: passwordLabel,
    ...passwordInput('new-password'),
    placeholder: 'At least 8 characters',
    minLength: 8,
    'data-testid': `${testId}-password`,
  },
  {
    name: 'confirmPassword',
    label: `Confirm ${passwordLabel}`,
    ...passwordInput('new-password'),
    placeholder: 'Type the password again',
    'data-testid': `${testId}-confirm-password`,
  },
];

export interface NewPasswordFormProps {
  /** The account's address, shown read-only (and given to password managers as the user name). */
  email: string;
  /** The first field's label ('New Password'); the second's is 'Confirm New Password'. */
  passwordLabel: string;
  submitLabel: string;
  pendingLabel: string;
  /** Shown when the server gives no message of its own. */
  failureFallback: string;
  /** Sends the new password; a rejection is shown in the form's alert. */
  onSubmit: (password: string) => Promise<unknown>;
  /** After a successful submit (a toast and a navigation). */
  onSuccess: () => void;
  /** Prefix of the data-testids: `${testId}-form`, `-password`, `-confirm-password`, `-submit`, `-error`. */
  testId: string;
}

/**
 * A new password typed twice (the /register page and the token step of /reset-password). Spec section 5: both
 * required ('Please fill in all fields'), at least 8 characters, the same twice ('Passwords do not match').
 */
export function NewPasswordForm({
  email,
  passwordLabel,
  submitLabel,
  pendingLabel,
  failureFallback,
  onSubmit,
  onSuccess,
  testId,
}: NewPasswordFormProps) {
  const [done, setDone] = useState(false);

  const { form, alert } = useAlertForm({
    testId,
    fields: ['password', 'confirmPassword'],
    failureFallback,
    defaultValues: emptyPasswords,
    schema: NewPasswordFormSchema,
    onSubmit: async (value) => {
      await onSubmit(value.password ?? '');
      setDone(true);
      onSuccess();
    },
  });

  return (
    <form.AppForm>
      <AlertFormElement alert={alert} data-testid={`${testId}-form`}>
        <ReadOnlyField
          label="Email"
          type="email"
          value={email}
          autoComplete="username"
          data-testid={`${testId}-email`}
        />
        <DeclaredFields form={form} fields={passwordFields({ passwordLabel, testId })} />
        <form.FormActions {...cardSubmit} pendingLabel={pendingLabel} pending={done} data-testid={`${testId}-submit`}>
          {submitLabel}
        </form.FormActions>
      </AlertFormElement>
    </form.AppForm>
  );
}
