import type { ProfileInput, User } from '@app/contracts';
import { ProfileSchema } from '@app/contracts/api/auth';
import { useMemo, useState } from 'react';
import * as v from 'valibot';
import { emailInput, passwordInput } from '../../../components/form/field-presets';
import { emailConflictOrValidationIssues, useSchemaForm } from '../../../components/form/use-schema-form';
import { toastFailure } from '../../../components/ui/failure-toast';
import { toast } from '../../../components/ui/toast';
import { useUpdateProfile } from '../api/auth.mutations';

const profileOf = (user: User): ProfileInput => ({
  firstName: user.firstName ?? '',
  lastName: user.lastName ?? '',
  email: user.email,
  currentPassword: '',
});

const CURRENT_PASSWORD_REQUIRED = 'Please enter your current password to change your email address';

/** The same address in other letter case is the same mailbox (D4): nothing to confirm. */
const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The form's rules: the profile's, and the current password when the address changes (issue 32). */
const profileFormSchema = (currentEmail: string) =>
  v.pipe(
    ProfileSchema,
    v.forward(
      v.check(
        (input) => sameAddress(input.email, currentEmail) || Boolean(input.currentPassword),
        CURRENT_PASSWORD_REQUIRED,
      ),
      ['currentPassword'],
    ),
  );

/** What is sent: the current password only when the address changes. */
const requestOf = (value: ProfileInput, currentEmail: string): ProfileInput => {
  const parsed = v.parse(ProfileSchema, value);
  if (sameAddress(parsed.email, currentEmail)) return { ...parsed, currentPassword: undefined };
  return parsed;
};

/**
 * 'Profile Information' of /account. Each field shows its own message (they differ); the outcome is a toast
 * ('Profile Updated' or 'Update Failed', spec section 8). A new e-mail address asks for the current password and
 * changes only once the link sent to it is opened (issue 12): meanwhile the form says where the link went.
 */
export function ProfileForm({ user }: { user: User }) {
  const updateProfile = useUpdateProfile();
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  const schema = useMemo(() => profileFormSchema(user.email), [user.email]);

  const form = useSchemaForm({
    defaultValues: profileOf(user),
    schema,
    fieldIssues: (error) => (error.status === 403 ? error.issues : emailConflictOrValidationIssues(error)),
    onSubmit: async (value, formApi) => {
      const result = await updateProfile.mutateAsync(requestOf(value, user.email));
      // The server's version (trimmed) becomes the new starting point of the form: the address stays the current
      // one until the link is opened.
      if ('pendingEmail' in result) {
        formApi.reset(profileOf(result.user));
        setPendingEmail(result.pendingEmail);
        toast({ title: 'Confirm Your New Email', description: result.message });
        return;
      }
      formApi.reset(profileOf(result));
      toast({ title: 'Profile Updated', description: 'Your profile information has been saved.' });
    },
    onFailure: (error) => toastFailure('Update Failed', error, 'Failed to update profile. Please try again.'),
  });

  return (
    <form.AppForm>
      <form.FormElement aria-label="Profile information" data-testid="profile-form" className="flex flex-col gap-5">
        <div className="grid gap-5 sm:grid-cols-2">
          <form.AppField name="firstName">
            {(field) => (
              <field.TextField label="First Name" autoComplete="given-name" required data-testid="profile-first-name" />
            )}
          </form.AppField>
          <form.AppField name="lastName">
            {(field) => (
              <field.TextField label="Last Name" autoComplete="family-name" required data-testid="profile-last-name" />
            )}
          </form.AppField>
        </div>
        <form.AppField name="email">
          {(field) => <field.TextField label="Email" {...emailInput} data-testid="profile-email" />}
        </form.AppField>
        <form.Subscribe selector={(state) => !sameAddress(state.values.email ?? '', user.email)}>
          {(changing) =>
            changing ? (
              <form.AppField name="currentPassword">
                {(field) => (
                  <field.TextField
                    label="Current Password"
                    {...passwordInput('current-password')}
                    description="Needed to change your email address. We'll send a confirmation link to the new address."
                    data-testid="profile-current-password"
                  />
                )}
              </form.AppField>
            ) : null
          }
        </form.Subscribe>
        {pendingEmail ? (
          <p
            role="status"
            className="rounded-xl border border-sky-200 bg-sky-50 p-4 text-sm text-sky-900 dark:border-sky-800 dark:bg-sky-950 dark:text-sky-100"
            data-testid="profile-email-pending"
          >
            We sent a confirmation link to <strong className="break-all">{pendingEmail}</strong>. Your email address
            changes once you open it (within 24 hours).
          </p>
        ) : null}
        <form.FormActions pendingLabel="Updating..." className="w-full sm:w-auto" data-testid="profile-submit">
          Update Profile
        </form.FormActions>
      </form.FormElement>
    </form.AppForm>
  );
}
