import type { User } from '@app/contracts';
import { GoogleAccountInputSchema } from '@app/contracts/api/lookerstudio';
import * as v from 'valibot';
import { optionalEmailInput } from '../../../components/form/field-presets';
import { useSchemaForm, validationIssues } from '../../../components/form/use-schema-form';
import { toastFailure } from '../../../components/ui/failure-toast';
import { toast } from '../../../components/ui/toast';
import { useSaveGoogleAccount } from '../api/auth.mutations';

/**
 * 'Google account for Looker Studio dashboards' of /account (issue 28): the account the organizations' Looker Studio
 * reports are shared with. Empty: the person's e-mail address. Its message under the field; the outcome a toast.
 */
export function GoogleAccountForm({ user }: { user: User }) {
  const save = useSaveGoogleAccount();
  const form = useSchemaForm({
    defaultValues: { googleAccount: user.googleAccount ?? '' },
    schema: GoogleAccountInputSchema,
    fieldIssues: validationIssues,
    onSubmit: async (value, formApi) => {
      const { googleAccount } = await save.mutateAsync(v.parse(GoogleAccountInputSchema, value));
      formApi.reset({ googleAccount: googleAccount ?? '' });
      toast({
        title: 'Google Account Saved',
        description: `Looker Studio reports are shared with ${googleAccount ?? user.email}. Sign in to Google with it to see them.`,
      });
    },
    onFailure: (error) =>
      toastFailure('Update Failed', error, 'Your Google account could not be saved. Please try again.'),
  });

  return (
    <form.AppForm>
      <form.FormElement aria-label="Google account" data-testid="google-account-form" className="flex flex-col gap-5">
        <form.AppField name="googleAccount">
          {(field) => (
            <field.TextField
              label="Google account for Looker Studio dashboards"
              {...optionalEmailInput}
              spellCheck={false}
              placeholder={user.email}
              description={`Looker Studio asks you to sign in to Google with this account. Leave it empty to use ${user.email}.`}
              data-testid="google-account"
            />
          )}
        </form.AppField>
        <form.FormActions pendingLabel="Saving..." className="w-full sm:w-auto" data-testid="google-account-submit">
          Save Google Account
        </form.FormActions>
      </form.FormElement>
    </form.AppForm>
  );
}
