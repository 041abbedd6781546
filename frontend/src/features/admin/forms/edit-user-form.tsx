// Long file: one overlay form and its three confirmations (deactivate, delete, remove from an organization).
import type { AdminOrganization, EditUserInput, User } from '@app/contracts';
import { EditUserSchema } from '@app/contracts/api/admin';
import { useStore } from '@tanstack/react-form';
import { useState } from 'react';
import * as v from 'valibot';
import { FormElement } from '../../../components/form/form-element';
import { emailConflictOrValidationIssues, useSchemaForm } from '../../../components/form/use-schema-form';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Spinner } from '../../../components/ui/spinner';
import {
  useDeleteUser,
  useRemoveOrganizationUser,
  useSendAdminEmail,
  useToggleUserStatus,
  useUpdateUser,
} from '../api/admin.mutations';
import { organizationOptions } from '../utils/admin-lists';
import { notifyFailure, notifySuccess } from '../utils/notify';
import { toastFirstFieldError } from './first-error';

const FIELDS = ['email', 'firstName', 'lastName', 'organizationIds'] as const;

/** The form's values: organization ids as strings (spec section 3). */
type EditUserValues = EditUserInput;

const valuesOf = (user: User): EditUserValues => ({
  email: user.email,
  firstName: user.firstName ?? '',
  lastName: user.lastName ?? '',
  organizationIds: user.organizations.map((o) => String(o.id)),
  isAdmin: user.isAdmin,
});

const deactivateQuestion = (isActive: boolean) =>
  `Are you sure you want to ${isActive ? 'deactivate' : 'activate'} this user?`;
export const removeFromOrganizationQuestion = (email: string, organization: string) =>
  `Remove ${email} from '${organization}'? They will no longer see its dashboards.`;
const DELETE_USER_QUESTION = 'Are you sure you want to permanently delete this user? This action cannot be undone.';

/**
 * The 'Edit User' overlay's form: details, organizations and admin right (PUT), the e-mail actions (queued, D22) and
 * the dangerous actions, each asked first. Closes with `onClose` (after Cancel, an update or the deletion).
 */
export function EditUserForm({
  user,
  organizations,
  onClose,
}: {
  user: User;
  organizations: readonly AdminOrganization[];
  onClose: () => void;
}) {
  const updateUser = useUpdateUser();
  const toggleStatus = useToggleUserStatus();
  const deleteUser = useDeleteUser();
  const sendRegistration = useSendAdminEmail('registration');
  const sendReset = useSendAdminEmail('password-reset');
  const removeMembership = useRemoveOrganizationUser();
  const [confirming, setConfirming] = useState<'status' | 'delete' | `membership-${number}` | null>(null);

  const { form, formRef } = useSchemaForm({
    defaultValues: valuesOf(user),
    schema: EditUserSchema,
    fieldIssues: emailConflictOrValidationIssues,
    onInvalid: (formApi) => toastFirstFieldError(formApi, FIELDS),
    onSubmit: async (value) => {
      const parsed = v.parse(EditUserSchema, value);
      await updateUser.mutateAsync({
        id: user.id,
        body: {
          email: parsed.email,
          firstName: parsed.firstName,
          lastName: parsed.lastName,
          organizationIds: parsed.organizationIds,
          isAdmin: value.isAdmin === true,
        },
      });
      notifySuccess('User updated');
      onClose();
    },
    onFailure: (error) => notifyFailure('Error updating user', error, 'Failed to update user'),
  });
  const submitting = useStore(form.store, (state) => state.isSubmitting);

  const sendEmail = async (kind: 'registration' | 'reset') => {
    const mutation = kind === 'registration' ? sendRegistration : sendReset;
    try {
      await mutation.mutateAsync(user.email);
      notifySuccess(kind === 'registration' ? 'Registration email sent' : 'Password reset email sent', user.email);
    } catch (error) {
      notifyFailure(
        kind === 'registration' ? 'Error sending registration email' : 'Error sending password reset email',
        error,
        kind === 'registration' ? 'Failed to send registration email' : 'Failed to send password reset email',
      );
    }
  };

  const toggle = async () => {
    try {
      await toggleStatus.mutateAsync({ id: user.id, isActive: !user.isActive });
      setConfirming(null);
      notifySuccess('User status updated');
    } catch (error) {
      setConfirming(null);
      notifyFailure('Error updating user status', error, 'Failed to update user status');
    }
  };

  /** DELETE the membership now (audited on its own), and drop it from the form so 'Update User' keeps it removed. */
  const removeFromOrganization = async (organization: { id: number; name: string }) => {
    try {
      await removeMembership.mutateAsync({ organizationId: organization.id, userId: user.id });
      form.setFieldValue('organizationIds', (ids) =>
        (ids ?? []).filter((id: string | number) => String(id) !== String(organization.id)),
      );
      setConfirming(null);
      notifySuccess('User removed from organization', `${user.email} is no longer a member of ${organization.name}.`);
    } catch (error) {
      setConfirming(null);
      notifyFailure('Error removing user from organization', error, 'Failed to remove user from organization');
    }
  };

  const remove = async () => {
    try {
      await deleteUser.mutateAsync(user.id);
      setConfirming(null);
      notifySuccess('User deleted', 'The user and their data were permanently removed.');
      onClose();
    } catch (error) {
      setConfirming(null);
      notifyFailure('Error deleting user', error, 'Failed to delete user');
    }
  };

  return (
    <div className="flex flex-col gap-6">
      <FormElement
        ref={formRef}
        id="edit-user-form"
        aria-label="Edit User"
        data-testid="edit-user-form"
        className="flex flex-col gap-4"
        onSubmit={() => form.handleSubmit()}
      >
        <form.AppField name="email">
          {(field) => (
            <field.TextField label="Email" type="email" autoComplete="off" required data-testid="edit-user-email" />
          )}
        </form.AppField>
        <div className="grid gap-4 sm:grid-cols-2">
          <form.AppField name="firstName">
            {(field) => <field.TextField label="First Name" autoComplete="off" data-testid="edit-user-first-name" />}
          </form.AppField>
          <form.AppField name="lastName">
            {(field) => <field.TextField label="Last Name" autoComplete="off" data-testid="edit-user-last-name" />}
          </form.AppField>
        </div>
        <form.AppField name="organizationIds">
          {(field) => (
            <field.CheckboxGroupField
              legend="Organizations"
              options={organizationOptions(organizations)}
              emptyText="No organizations available"
              data-testid="edit-user-organizations"
              emptyTestId="edit-user-no-organizations"
              optionTestId="edit-user-organization"
              optionData={(id) => ({ 'data-organization-id': id })}
            />
          )}
        </form.AppField>
        <form.AppField name="isAdmin">
          {(field) => <field.CheckboxField label="Admin User" data-testid="edit-user-is-admin" />}
        </form.AppField>
      </FormElement>

      <section aria-labelledby="edit-user-memberships" className="flex flex-col gap-2">
        <h3 id="edit-user-memberships" className="text-sm font-semibold text-slate-900 dark:text-white">
          Organization Memberships
        </h3>
        {user.organizations.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="edit-user-no-memberships">
            Not a member of any organization
          </p>
        ) : (
          <ul className="flex flex-col gap-2" data-testid="edit-user-memberships">
            {user.organizations.map((organization) => (
              <li
                key={organization.id}
                className="flex items-center justify-between gap-3 rounded-lg border border-slate-200 px-3 py-2 text-sm dark:border-slate-700"
                data-testid="edit-user-membership"
                data-organization-id={organization.id}
              >
                <span className="min-w-0 break-words font-medium text-slate-800 dark:text-slate-200">
                  {organization.name}
                </span>
                <ConfirmDialog
                  open={confirming === `membership-${organization.id}`}
                  onOpenChange={(open) => setConfirming(open ? `membership-${organization.id}` : null)}
                  trigger={
                    <Button
                      size="sm"
                      variant="outline"
                      aria-label={`Remove from ${organization.name}`}
                      data-testid="edit-user-remove-membership"
                    >
                      Remove
                    </Button>
                  }
                  title="Remove from Organization"
                  question={removeFromOrganizationQuestion(user.email, organization.name)}
                  confirmLabel="Remove"
                  pendingLabel="Removing..."
                  pending={removeMembership.isPending}
                  onConfirm={() => void removeFromOrganization(organization)}
                  data-testid="remove-membership-dialog"
                />
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="edit-user-email-actions" className="flex flex-col gap-2">
        <h3 id="edit-user-email-actions" className="text-sm font-semibold text-slate-900 dark:text-white">
          Email Actions
        </h3>
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            variant="outline"
            disabled={sendRegistration.isPending}
            onClick={() => void sendEmail('registration')}
            data-testid="edit-user-send-registration"
          >
            {sendRegistration.isPending ? <Spinner /> : null}
            Send Registration Email
          </Button>
          <Button
            size="sm"
            variant="outline"
            disabled={sendReset.isPending}
            onClick={() => void sendEmail('reset')}
            data-testid="edit-user-send-reset"
          >
            {sendReset.isPending ? <Spinner /> : null}
            Send Password Reset
          </Button>
        </div>
      </section>

      <section
        aria-labelledby="edit-user-danger"
        className="flex flex-col gap-2 rounded-xl border border-red-200 p-4 dark:border-red-900"
      >
        <h3 id="edit-user-danger" className="text-sm font-semibold text-red-800 dark:text-red-300">
          Dangerous Actions
        </h3>
        <div className="flex flex-wrap gap-2">
          <ConfirmDialog
            open={confirming === 'status'}
            onOpenChange={(open) => setConfirming(open ? 'status' : null)}
            trigger={
              <Button size="sm" variant={user.isActive ? 'outline' : 'primary'} data-testid="edit-user-toggle-status">
                {user.isActive ? 'Deactivate User' : 'Activate User'}
              </Button>
            }
            title={user.isActive ? 'Deactivate User' : 'Activate User'}
            question={deactivateQuestion(user.isActive)}
            confirmLabel={user.isActive ? 'Deactivate' : 'Activate'}
            pendingLabel="Updating..."
            pending={toggleStatus.isPending}
            destructive={user.isActive}
            onConfirm={() => void toggle()}
            data-testid="toggle-user-status-dialog"
          />
          <ConfirmDialog
            open={confirming === 'delete'}
            onOpenChange={(open) => setConfirming(open ? 'delete' : null)}
            trigger={
              <Button size="sm" variant="destructive" data-testid="edit-user-delete">
                Delete User
              </Button>
            }
            title="Delete User"
            question={DELETE_USER_QUESTION}
            confirmLabel="Delete"
            pendingLabel="Deleting..."
            pending={deleteUser.isPending}
            onConfirm={() => void remove()}
            data-testid="delete-user-dialog"
          />
        </div>
      </section>

      <div className="flex flex-col-reverse gap-3 border-t border-slate-200 pt-4 sm:flex-row sm:justify-end dark:border-slate-700">
        <Button variant="outline" onClick={onClose} disabled={submitting} data-testid="edit-user-cancel">
          Cancel
        </Button>
        <form.AppForm>
          <form.SubmitButton form="edit-user-form" pendingLabel="Updating..." data-testid="edit-user-submit">
            Update User
          </form.SubmitButton>
        </form.AppForm>
      </div>
    </div>
  );
}
