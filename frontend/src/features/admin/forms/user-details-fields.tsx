import type { EditUserInput, NewUserInput } from '@app/contracts';
import { emailInput } from '../../../components/form/field-presets';
import { withFieldGroup } from '../../../components/form/form';

type UserDetails = Pick<NewUserInput & EditUserInput, 'email' | 'firstName' | 'lastName'>;

/** The form fields the group binds to, the same names in both user dialogs. */
export const USER_DETAILS = { email: 'email', firstName: 'firstName', lastName: 'lastName' } as const;

/** The name fields, side by side under the address, and the end of each one's test id. */
const NAME_FIELDS = [
  { name: 'firstName', label: 'First Name', suffix: 'first-name' },
  { name: 'lastName', label: 'Last Name', suffix: 'last-name' },
] as const;

/** A user's e-mail address and name, in the 'Create New User' and 'Edit User' dialogs (spec section 3). */
export const UserDetailsFields = withFieldGroup({
  defaultValues: { email: '', firstName: '', lastName: '' } as UserDetails,
  props: { testIdPrefix: '' as 'new-user' | 'edit-user' },
  render: ({ group, testIdPrefix }) => (
    <>
      <group.AppField name="email">
        {(field) => (
          <field.TextField label="Email" {...emailInput} autoComplete="off" data-testid={`${testIdPrefix}-email`} />
        )}
      </group.AppField>
      <div className="grid gap-4 sm:grid-cols-2">
        {NAME_FIELDS.map(({ name, label, suffix }) => (
          <group.AppField key={name} name={name}>
            {(field) => <field.TextField label={label} autoComplete="off" data-testid={`${testIdPrefix}-${suffix}`} />}
          </group.AppField>
        ))}
      </div>
    </>
  ),
});
