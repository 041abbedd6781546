import type { AdminOrganization, NewUserInput } from '@app/contracts';
import { NewUserSchema } from '@app/contracts/api/admin';
import * as v from 'valibot';
import { FormElement } from '../../../components/form/form-element';
import { emailConflictOrValidationIssues, useSchemaForm } from '../../../components/form/use-schema-form';
import { Button } from '../../../components/ui/button';
import { useCreateUser } from '../api/admin.mutations';
import { organizationOptions } from '../utils/admin-lists';
import { notifyFailure, notifySuccess } from '../utils/notify';
import { toastFirstFieldError } from './first-error';

const FIELDS = ['email', 'firstName', 'lastName', 'organizationId'] as const;

const emptyUser: NewUserInput = {
  email: '',
  firstName: '',
  lastName: '',
  organizationId: '',
  isAdmin: false,
  sendRegistrationEmail: true,
};

/**
 * The 'Create New User' dialog's form (spec section 3). A refused submit toasts 'Validation error' with the first
 * message (spec section 5); the server's refusal ('A user with this email already exists') is the 'Error creating
 * user' toast.
 */
export function NewUserForm({
  organizations,
  onDone,
  onCancel,
}: {
  organizations: readonly AdminOrganization[];
  onDone: () => void;
  onCancel: () => void;
}) {
  const createUser = useCreateUser();

  const { form, formRef } = useSchemaForm({
    defaultValues: emptyUser,
    schema: NewUserSchema,
    fieldIssues: emailConflictOrValidationIssues,
    onInvalid: (formApi) => toastFirstFieldError(formApi, FIELDS),
    onSubmit: async (value) => {
      const user = await createUser.mutateAsync(v.parse(NewUserSchema, value));
      notifySuccess(
        'User created',
        value.sendRegistrationEmail ? `A registration email is on its way to ${user.email}.` : undefined,
      );
      onDone();
    },
    onFailure: (error) => notifyFailure('Error creating user', error, 'Failed to create user'),
  });

  return (
    <FormElement
      ref={formRef}
      aria-label="Create New User"
      data-testid="new-user-form"
      className="flex flex-col gap-4"
      onSubmit={() => form.handleSubmit()}
    >
      <form.AppField name="email">
        {(field) => (
          <field.TextField label="Email" type="email" autoComplete="off" required data-testid="new-user-email" />
        )}
      </form.AppField>
      <div className="grid gap-4 sm:grid-cols-2">
        <form.AppField name="firstName">
          {(field) => <field.TextField label="First Name" autoComplete="off" data-testid="new-user-first-name" />}
        </form.AppField>
        <form.AppField name="lastName">
          {(field) => <field.TextField label="Last Name" autoComplete="off" data-testid="new-user-last-name" />}
        </form.AppField>
      </div>
      <form.AppField name="organizationId">
        {(field) => (
          <field.SelectField
            label="Organization"
            options={organizationOptions(organizations)}
            placeholder="No organization"
            data-testid="new-user-organization"
          />
        )}
      </form.AppField>
      <form.AppField name="isAdmin">
        {(field) => <field.CheckboxField label="Admin User" data-testid="new-user-is-admin" />}
      </form.AppField>
      <form.AppField name="sendRegistrationEmail">
        {(field) => (
          <field.CheckboxField
            label="Send registration email"
            description="The user gets a link to set their password (valid 72 hours)."
            data-testid="new-user-send-email"
          />
        )}
      </form.AppField>
      <div className="mt-2 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel} data-testid="new-user-cancel">
          Cancel
        </Button>
        <form.AppForm>
          <form.SubmitButton pendingLabel="Creating..." data-testid="new-user-submit">
            Create User
          </form.SubmitButton>
        </form.AppForm>
      </div>
    </FormElement>
  );
}
