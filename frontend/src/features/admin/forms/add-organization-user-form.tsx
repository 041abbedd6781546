import type { AdminOrganization, User } from '@app/contracts';
import * as v from 'valibot';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { useAddOrganizationUser } from '../api/admin.mutations';
import { fullName } from '../utils/admin-lists';
import { notifyFailure, notifySuccess } from '../utils/notify';

const AddUserSchema = v.object({
  organizationId: v.pipe(v.string(), v.minLength(1, 'Please choose an organization')),
  userId: v.pipe(v.string(), v.minLength(1, 'Please choose a user')),
});

/** 'Add User to Organization' (POST /api/admin/organization-users, role Member: spec sections 3 and 8). */
export function AddOrganizationUserForm({
  organizations,
  users,
}: {
  organizations: readonly AdminOrganization[];
  users: readonly User[];
}) {
  const add = useAddOrganizationUser();
  const form = useSchemaForm({
    defaultValues: { organizationId: '', userId: '' },
    schema: AddUserSchema,
    onSubmit: async (value, formApi) => {
      await add.mutateAsync({
        organizationId: Number(value.organizationId),
        userId: Number(value.userId),
        role: 'Member',
      });
      notifySuccess('User added to organization');
      formApi.reset();
    },
    onFailure: (error) => notifyFailure('Error adding user', error, 'Failed to add user to organization'),
  });

  return (
    <form.AppForm>
      <form.FormElement
        aria-label="Add User to Organization"
        data-testid="add-organization-user-form"
        className="flex flex-col gap-4"
      >
        <h2 className="text-lg font-semibold text-slate-900 dark:text-white">Add User to Organization</h2>
        <form.AppField name="organizationId">
          {(field) => (
            <field.SelectField
              label="Organization"
              placeholder="Select an organization"
              options={organizations.map((o) => ({ value: String(o.id), label: o.name }))}
              required
              data-testid="member-organization"
            />
          )}
        </form.AppField>
        <form.AppField name="userId">
          {(field) => (
            <field.SelectField
              label="User"
              placeholder="Select a user"
              options={users.map((u) => ({
                value: String(u.id),
                label: fullName(u) ? `${fullName(u)} (${u.email})` : u.email,
              }))}
              required
              data-testid="member-user"
            />
          )}
        </form.AppField>
        <form.FormActions pendingLabel="Adding..." variant="outline" data-testid="member-submit">
          Add User
        </form.FormActions>
      </form.FormElement>
    </form.AppForm>
  );
}
