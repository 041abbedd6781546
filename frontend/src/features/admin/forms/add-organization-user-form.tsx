import type { AdminOrganization, User } from '@app/contracts';
import * as v from 'valibot';
import { useAddOrganizationUser } from '../api/admin.mutations';
import { organizationChoice, PanelForm, useLinkPanel, userChoice } from './panel-form';

const AddUserSchema = v.object({
  organizationId: v.pipe(v.string(), v.minLength(1, 'Please choose an organization')),
  userId: v.pipe(v.string(), v.minLength(1, 'Please choose a user')),
});

/** 'Add User to Organization' (POST /api/admin/organization-users, role Member: spec sections 3 and 8). */
export function AddOrganizationUserForm({
  organizations,
  users,
  onDone,
}: {
  organizations: readonly AdminOrganization[];
  users: readonly User[];
  /** After adding (the side panel closes). */
  onDone?: () => void;
}) {
  const add = useAddOrganizationUser();
  const form = useLinkPanel({
    defaultValues: { organizationId: '', userId: '' },
    schema: AddUserSchema,
    link: (value) =>
      add.mutateAsync({ organizationId: Number(value.organizationId), userId: Number(value.userId), role: 'Member' }),
    done: 'User added to organization',
    failed: ['Error adding user', 'Failed to add user to organization'],
    onDone,
  });

  return (
    <form.AppForm>
      <PanelForm
        title="Add User to Organization"
        data-testid="add-organization-user-form"
        submit="Add User"
        actions={{ pendingLabel: 'Adding...', variant: 'outline', 'data-testid': 'member-submit' }}
      >
        <form.AppField name="organizationId">
          {(field) => (
            <field.SelectField
              {...organizationChoice(
                organizations.map((o) => ({ value: String(o.id), label: o.name })),
                'member-organization',
              )}
            />
          )}
        </form.AppField>
        <form.AppField name="userId">
          {(field) => <field.SelectField {...userChoice(users, 'member-user')} />}
        </form.AppField>
      </PanelForm>
    </form.AppForm>
  );
}
