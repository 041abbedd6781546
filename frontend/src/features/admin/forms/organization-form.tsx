import type { AdminOrganization, OrganizationInput } from '@app/contracts';
import { OrganizationInputSchema } from '@app/contracts/api/admin';
import type { FieldSpec } from '../../../components/form/declared-field';
import { verbatimInput } from '../../../components/form/field-presets';
import { useSaveOrganization } from '../api/admin.mutations';
import { declaredSaveForm } from './declared-save-panel';
import { textValues } from './panel-form';

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

/** The form that creates an organization or edits one, for `DeclaredSavePanel`. */
export const ORGANIZATION_FORM = declaredSaveForm('Organization', {
  valuesOf,
  schema: OrganizationInputSchema,
  useSave: useSaveOrganization,
  fields: FIELDS,
});
