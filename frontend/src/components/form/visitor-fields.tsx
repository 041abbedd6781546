import { emailInput } from './field-presets';
import { withPublicFieldGroup } from './public-form';

/** The form fields the group binds to, the same names in the contact and booking forms. */
export const VISITOR_FIELDS = { name: 'name', email: 'email' } as const;

/** The visitor's name and e-mail address, side by side, on the public forms (contact, booking). */
export const VisitorFields = withPublicFieldGroup({
  defaultValues: { name: '', email: '' } as { name?: string; email?: string },
  render: ({ group }) => (
    <div className="grid gap-5 sm:grid-cols-2">
      <group.AppField name="name">
        {(field) => <field.TextField label="Your Name" placeholder="Enter your name" autoComplete="name" required />}
      </group.AppField>
      <group.AppField name="email">
        {(field) => <field.TextField label="Your Email" placeholder="Enter your email" {...emailInput} />}
      </group.AppField>
    </div>
  ),
});
