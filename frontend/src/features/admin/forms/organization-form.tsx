import type { AdminOrganization, OrganizationInput } from '@app/contracts';
import { OrganizationInputSchema } from '@app/contracts/api/admin';
import { useSaveOrganization } from '../api/admin.mutations';
import { SavePanel, useSavePanel } from './panel-form';

const valuesOf = (organization?: AdminOrganization): OrganizationInput => ({
  name: organization?.name ?? '',
  domain: organization?.domain ?? '',
  logoUrl: organization?.logoUrl ?? '',
  googleGroup: organization?.googleGroup ?? '',
});

export const GOOGLE_GROUP_HINT =
  'A Google group this organization manages itself: its Looker Studio reports are shared with the group instead of with each member, and the organization adds its people to the group.';

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
  const { form, panel } = useSavePanel({
    thing: 'Organization',
    item: organization,
    valuesOf,
    schema: OrganizationInputSchema,
    save: save.mutateAsync,
    onDone,
  });

  return (
    <form.AppForm>
      <SavePanel {...panel}>
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
        <form.AppField name="googleGroup">
          {(field) => (
            <field.TextField
              label="Google group (optional)"
              type="email"
              autoComplete="off"
              spellCheck={false}
              placeholder="analysts@example.com"
              description={GOOGLE_GROUP_HINT}
              data-testid="organization-google-group"
            />
          )}
        </form.AppField>
      </SavePanel>
    </form.AppForm>
  );
}
