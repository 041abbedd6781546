import type { AdminOrganization, OrganizationInput } from '@app/contracts';
import { OrganizationInputSchema } from '@app/contracts/api/admin';
import type { FieldSpec } from '../../../components/form/declared-field';
import { verbatimInput } from '../../../components/form/field-presets';
import { useSaveOrganization } from '../api/admin.mutations';
import { DeclaredSavePanel, textValues } from './panel-form';

const valuesOf = (organization?: AdminOrganization): OrganizationInput =>
  textValues(organization, ['name', 'domain', 'logoUrl', 'googleGroup']);

export const GOOGLE_GROUP_HINT =
  'A Google group this organization manages itself: its Looker Studio reports are shared with the group instead of with each member, and the organization adds its people to the group.';

/** The form's fields, in screen order. */
const FIELDS: readonly FieldSpec<keyof OrganizationInput>[] = [
  { name: 'name', label: 'Name', required: true, 'data-testid': 'organization-name' },
  { name: 'domain', label: 'Domain', placeholder: 'example.com', 'data-testid': 'organization-domain' },
  { name: 'logoUrl', label: 'Logo URL', type: 'url', placeholder: 'https://', 'data-testid': 'organization-logo-url' },
  {
    name: 'googleGroup',
    label: 'Google group (optional)',
    type: 'email',
    ...verbatimInput,
    placeholder: 'analysts@example.com',
    description: GOOGLE_GROUP_HINT,
    'data-testid': 'organization-google-group',
  },
];

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
  return (
    <DeclaredSavePanel
      thing="Organization"
      item={organization}
      valuesOf={valuesOf}
      schema={OrganizationInputSchema}
      save={save.mutateAsync}
      onDone={onDone}
      fields={FIELDS}
    />
  );
}
