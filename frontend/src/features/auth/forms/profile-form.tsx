import type { CurrentUser, ProfileInput } from '@app/contracts';
import { ProfileSchema } from '@app/contracts/schemas/auth';
import { revalidateLogic } from '@tanstack/react-form';
import { useRef } from 'react';
import * as v from 'valibot';
import { focusFirstInvalid } from '../../../components/form/focus-first-invalid';
import { useAppForm } from '../../../components/form/form';
import { FormElement } from '../../../components/form/form-element';
import { applyServerIssues } from '../../../components/form/server-errors';
import { toast } from '../../../components/ui/toast';
import { failureMessage, isApiRequestError } from '../../../lib/api';
import { useUpdateProfile } from '../api/auth.mutations';

const profileOf = (user: CurrentUser): ProfileInput => ({
  firstName: user.firstName ?? '',
  lastName: user.lastName ?? '',
  email: user.email,
});

/**
 * 'Profile Information' of /account. Each field shows its own message (they differ); the outcome is a toast
 * ('Profile Updated' or 'Update Failed', spec section 8).
 */
export function ProfileForm({ user }: { user: CurrentUser }) {
  const updateProfile = useUpdateProfile();
  const formRef = useRef<HTMLFormElement>(null);

  const form = useAppForm({
    defaultValues: profileOf(user),
    validationLogic: revalidateLogic({ mode: 'submit', modeAfterSubmission: 'change' }),
    validators: { onDynamic: ProfileSchema },
    onSubmitInvalid: () => focusFirstInvalid(formRef.current),
    onSubmit: async ({ value, formApi }) => {
      try {
        const updated = await updateProfile.mutateAsync(v.parse(ProfileSchema, value));
        // The server's version (trimmed) becomes the new starting point of the form.
        formApi.reset(profileOf(updated));
        toast({ title: 'Profile Updated', description: 'Your profile information has been saved.' });
      } catch (error) {
        if (isApiRequestError(error)) {
          const issues =
            error.status === 409 && error.serverMessage
              ? [{ path: 'email', message: error.serverMessage }]
              : error.status === 422
                ? error.issues
                : [];
          if (applyServerIssues(formApi, issues)) focusFirstInvalid(formRef.current);
        }
        toast({
          title: 'Update Failed',
          description: failureMessage(error, 'Failed to update profile. Please try again.'),
          variant: 'destructive',
        });
      }
    },
  });

  return (
    <FormElement
      ref={formRef}
      aria-label="Profile information"
      data-testid="profile-form"
      className="flex flex-col gap-5"
      onSubmit={() => form.handleSubmit()}
    >
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
        {(field) => (
          <field.TextField
            label="Email"
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            data-testid="profile-email"
          />
        )}
      </form.AppField>
      <div>
        <form.AppForm>
          <form.SubmitButton pendingLabel="Updating..." className="w-full sm:w-auto" data-testid="profile-submit">
            Update Profile
          </form.SubmitButton>
        </form.AppForm>
      </div>
    </FormElement>
  );
}
