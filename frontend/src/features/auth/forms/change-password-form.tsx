import { type ChangePasswordInput, ChangePasswordSchema } from '@app/contracts';
import { AlertFormElement, useAlertForm } from '../../../components/form/alert-form';
import { DeclaredFields, type FieldSpec } from '../../../components/form/declared-field';
import { passwordInput } from '../../../components/form/field-presets';
import { toast } from '../../../components/ui/toast';
import { useChangePassword } from '../api/account-security.api';

const empty: ChangePasswordInput = { currentPassword: '', newPassword: '' };

const FIELDS: readonly FieldSpec<keyof ChangePasswordInput>[] = [
  {
    name: 'currentPassword',
    label: 'Current password',
    ...passwordInput('current-password'),
    'data-testid': 'change-password-current',
  },
  {
    name: 'newPassword',
    label: 'New password',
    description: '8 to 128 characters.',
    ...passwordInput('new-password'),
    'data-testid': 'change-password-new',
  },
];

/** Change the password with the current one (issue 17): every other session is signed out, this one stays. */
export function ChangePasswordForm() {
  const change = useChangePassword();
  const { form, alert } = useAlertForm({
    testId: 'change-password',
    fields: ['currentPassword', 'newPassword'],
    failureFallback: 'Your password could not be changed. Please try again.',
    defaultValues: empty,
    schema: ChangePasswordSchema,
    onSubmit: async (value, api) => {
      const { message } = await change.mutateAsync(value);
      api.reset();
      toast({ title: 'Password changed', description: message });
    },
  });
  return (
    <form.AppForm>
      <AlertFormElement alert={alert} aria-label="Change password" data-testid="change-password-form">
        <DeclaredFields form={form} fields={FIELDS} />
        <form.FormActions pendingLabel="Changing..." data-testid="change-password-submit">
          Change password
        </form.FormActions>
      </AlertFormElement>
    </form.AppForm>
  );
}
