import type { ReactNode } from 'react';
import { CheckboxField, type CheckboxFieldProps } from './checkbox-field';
import { TextareaField, type TextareaFieldProps, TextField, type TextFieldProps } from './text-field';

/**
 * One field of a form declared as data (its value's `name`, its kind and the kind's props), so a form lists its fields
 * once and renders them all alike (`DeclaredFields`).
 */
export type FieldSpec<N extends string> =
  | ({ name: N; kind?: 'text' } & TextFieldProps & { 'data-testid': string })
  | ({ name: N; kind: 'textarea' } & TextareaFieldProps & { 'data-testid': string })
  | ({ name: N; kind: 'checkbox' } & CheckboxFieldProps & { 'data-testid': string });

/** The control of a declared field, bound to the surrounding `form.AppField` (a text input unless `kind` says). */
export function DeclaredField(spec: Omit<FieldSpec<string>, 'name'>) {
  if (spec.kind === 'checkbox') {
    const { kind: _, ...props } = spec;
    return <CheckboxField {...props} />;
  }
  if (spec.kind === 'textarea') {
    const { kind: _, ...props } = spec;
    return <TextareaField {...props} />;
  }
  const { kind: _, ...props } = spec;
  return <TextField {...props} />;
}

/**
 * The declared `fields` of `form`, in order: each its own `form.AppField` around its `DeclaredField`
 * (`<DeclaredFields form={form} fields={FIELDS} />`).
 */
export function DeclaredFields<N extends string>({
  form,
  fields,
}: {
  form: { AppField: (props: { name: N; children: () => ReactNode }) => ReactNode | Promise<ReactNode> };
  fields: readonly FieldSpec<N>[];
}) {
  return fields.map(({ name, ...spec }) => (
    <form.AppField key={name} name={name}>
      {() => <DeclaredField {...spec} />}
    </form.AppField>
  ));
}
