import type { AdminOrganization, EditUserInput, User } from '@app/contracts';
import { EditUserSchema } from '@app/contracts/api/admin';
import { useState } from 'react';
import * as v from 'valibot';
import { verbatimInput } from '../../../components/form/field-presets';
import { emailConflictOrValidationIssues, useSchemaForm } from '../../../components/form/use-schema-form';
import { useRemoveOrganizationUser, useUpdateUser } from '../api/admin.mutations';
import { notifyFailure, notifySuccess } from '../utils/notify';
import { DangerousActions, EmailActions, runWithToasts } from './edit-user-actions';
import { toastFirstFieldError } from './first-error';
import { Memberships } from './memberships-editor';
import { USER_DETAILS, UserDetailsFields } from './user-details-fields';

const FIELDS = ['email', 'firstName', 'lastName', 'googleAccount', 'organizationIds'] as const;

/** The form's values: organization ids as strings (spec section 3). */
type EditUserValues = EditUserInput;

const valuesOf = (user: User): EditUserValues => ({
  email: user.email,
  firstName: user.firstName ?? '',
  lastName: user.lastName ?? '',
  organizationIds: user.organizations.map((o) => String(o.id)),
  isAdmin: user.isAdmin,
  googleAccount: user.googleAccount ?? '',
});

export const USER_GOOGLE_ACCOUNT_HINT =
  'The Google account Looker Studio reports are shared with for this person. Empty: their e-mail address.';

/** Why an admin's own admin right cannot be taken away from their screen (the server refuses it too, D10). */
export const OWN_ADMIN_REASON = 'You cannot remove your own admin rights; another administrator can.';

/**
 * The 'Edit User' overlay's form: details, organizations and admin right (PUT), the e-mail actions (queued, D22) and
 * the dangerous actions, each asked first. Closes with `onClose` (after Cancel, an update or the deletion).
 */
export function EditUserForm({
  user,
  organizations,
  onClose,
  isSelf = false,
}: {
  user: User;
  organizations: readonly AdminOrganization[];
  onClose: () => void;
  /** The signed-in admin's own account: their admin right is shown, not changeable (D10); not deactivated or deleted. */
  isSelf?: boolean;
}) {
  const ownAdmin = isSelf && user.isAdmin;
  const updateUser = useUpdateUser();
  const removeMembership = useRemoveOrganizationUser();
  const [confirming, setConfirming] = useState<number | null>(null);

  const form = useSchemaForm({
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
          googleAccount: parsed.googleAccount ?? null,
        },
      });
      notifySuccess('User updated');
      onClose();
    },
    onFailure: (error) => notifyFailure('Error updating user', error, 'Failed to update user'),
  });

  /** DELETE the membership now (audited on its own), and drop it from the form so 'Update User' keeps it removed. */
  const removeFromOrganization = (organization: { id: number; name: string }) =>
    runWithToasts(
      async () => {
        await removeMembership.mutateAsync({ organizationId: organization.id, userId: user.id });
        form.setFieldValue('organizationIds', (ids) =>
          (ids ?? []).filter((id: string | number) => String(id) !== String(organization.id)),
        );
      },
      ['User removed from organization', `${user.email} is no longer a member of ${organization.name}.`],
      ['Error removing user from organization', 'Failed to remove user from organization'],
      () => setConfirming(null),
    );

  return (
    <form.AppForm>
      <div className="flex flex-col gap-6">
        <form.FormElement
          id="edit-user-form"
          aria-label="Edit User"
          data-testid="edit-user-form"
          className="flex flex-col gap-4"
        >
          <UserDetailsFields form={form} fields={USER_DETAILS} testIdPrefix="edit-user" />
          <form.AppField name="googleAccount">
            {(field) => (
              <field.TextField
                label="Google account (optional)"
                type="email"
                {...verbatimInput}
                placeholder={user.email}
                description={USER_GOOGLE_ACCOUNT_HINT}
                data-testid="edit-user-google-account"
              />
            )}
          </form.AppField>
          <form.AppField name="isAdmin">
            {(field) => (
              <field.CheckboxField
                label="Admin User"
                disabled={ownAdmin}
                {...(ownAdmin && { description: OWN_ADMIN_REASON })}
                data-testid="edit-user-is-admin"
              />
            )}
          </form.AppField>
        </form.FormElement>

        <form.Field name="organizationIds">
          {(field) => (
            <Memberships
              user={user}
              organizations={organizations}
              ids={(field.state.value ?? []).map(String)}
              onChange={(ids) => field.handleChange(ids)}
              confirming={confirming}
              setConfirming={setConfirming}
              removing={removeMembership.isPending}
              onRemoveSaved={(organization) => void removeFromOrganization(organization)}
            />
          )}
        </form.Field>

        <EmailActions email={user.email} />
        <DangerousActions user={user} onDeleted={onClose} isSelf={isSelf} />
        <form.FormActions
          form="edit-user-form"
          layout="dialog"
          rowClassName="border-t border-slate-200 pt-4 dark:border-slate-700"
          cancel={{ onClick: onClose, 'data-testid': 'edit-user-cancel', lockWhileSubmitting: true }}
          pendingLabel="Updating..."
          data-testid="edit-user-submit"
        >
          Update User
        </form.FormActions>
      </div>
    </form.AppForm>
  );
}
