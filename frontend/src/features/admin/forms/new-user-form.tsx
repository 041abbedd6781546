import type { AdminOrganization, NewUserInput } from '@app/contracts';
import { NewUserSchema } from '@app/contracts/api/admin';
import * as v from 'valibot';
import { DeclaredFields, type FieldSpec } from '../../../components/form/declared-field';
import { emailConflictOrValidationIssues, useSchemaForm } from '../../../components/form/use-schema-form';
import { useCreateUser } from '../api/admin.mutations';
import { organizationOptions } from '../utils/admin-lists';
import { notifyFailure, notifySuccess } from '../utils/notify';
import { toastFirstFieldError } from './first-error';
import { USER_DETAILS, UserDetailsFields } from './user-details-fields';

const FIELDS = ['email', 'firstName', 'lastName', 'organizationId'] as const;

/** The choices under the details, in screen order. */
const CHOICES: readonly FieldSpec<'isAdmin' | 'sendRegistrationEmail'>[] = [
  { name: 'isAdmin', kind: 'checkbox', label: 'Admin User', 'data-testid': 'new-user-is-admin' },
  {
    name: 'sendRegistrationEmail',
    kind: 'checkbox',
    label: 'Send registration email',
    description: 'The user gets a link to set their password (valid 72 hours).',
    'data-testid': 'new-user-send-email',
  },
];

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

  const form = useSchemaForm({
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
    <form.AppForm>
      <form.FormElement aria-label="Create New User" data-testid="new-user-form" className="flex flex-col gap-4">
        <UserDetailsFields form={form} fields={USER_DETAILS} testIdPrefix="new-user" />
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
        <DeclaredFields form={form} fields={CHOICES} />
        <form.FormActions
          layout="dialog"
          rowClassName="mt-2"
          cancel={{ onClick: onCancel, 'data-testid': 'new-user-cancel' }}
          pendingLabel="Creating..."
          data-testid="new-user-submit"
        >
          Create User
        </form.FormActions>
      </form.FormElement>
    </form.AppForm>
  );
}
