import type { AdminOrganization, OrganizationInput } from '@app/contracts';
import { OrganizationInputSchema } from '@app/contracts/api/admin';
import * as v from 'valibot';
import { useSchemaForm, validationIssues } from '../../../components/form/use-schema-form';
import { useSaveOrganization } from '../api/admin.mutations';
import { notifyFailure, notifySuccess } from '../utils/notify';

const valuesOf = (organization?: AdminOrganization): OrganizationInput => ({
  name: organization?.name ?? '',
  domain: organization?.domain ?? '',
  logoUrl: organization?.logoUrl ?? '',
});

/**
 * 'Create Organization', or 'Edit Organization' with Cancel when `organization` is given (key it by the id so a
 * new pick starts afresh). Field messages under the fields; the outcome is a toast (spec section 8).
 */
export function OrganizationForm({
  organization,
  onDone,
}: {
  organization?: AdminOrganization | undefined;
  onDone: () => void;
}) {
  const save = useSaveOrganization();
  const editing = organization !== undefined;

  const form = useSchemaForm({
    defaultValues: valuesOf(organization),
    schema: OrganizationInputSchema,
    fieldIssues: validationIssues,
    onSubmit: async (value, formApi) => {
      await save.mutateAsync({ id: organization?.id, input: v.parse(OrganizationInputSchema, value) });
      notifySuccess(editing ? 'Organization updated' : 'Organization created');
      if (!editing) formApi.reset(valuesOf());
      onDone();
    },
    onFailure: (error) =>
      notifyFailure(
        editing ? 'Error updating organization' : 'Error creating organization',
        error,
        editing ? 'Failed to update organization' : 'Failed to create organization',
      ),
  });

  const title = editing ? 'Edit Organization' : 'Create Organization';
  return (
    <form.AppForm>
      <form.FormElement aria-label={title} data-testid="organization-form" className="flex flex-col gap-4">
        <h2 className="text-lg font-semibold text-slate-900 dark:text-white" data-testid="organization-form-title">
          {title}
        </h2>
        <form.AppField name="name">
          {(field) => <field.TextField label="Name" required data-testid="organization-name" />}
        </form.AppField>
        <form.AppField name="domain">
          {(field) => <field.TextField label="Domain" placeholder="example.com" data-testid="organization-domain" />}
        </form.AppField>
        <form.AppField name="logoUrl">
          {(field) => (
            <field.TextField label="Logo URL" type="url" placeholder="https://" data-testid="organization-logo-url" />
          )}
        </form.AppField>
        <form.FormActions
          pendingLabel={editing ? 'Updating...' : 'Creating...'}
          cancel={editing ? { onClick: onDone, 'data-testid': 'organization-cancel' } : undefined}
          data-testid="organization-submit"
        >
          {editing ? 'Update Organization' : 'Create Organization'}
        </form.FormActions>
      </form.FormElement>
    </form.AppForm>
  );
}
