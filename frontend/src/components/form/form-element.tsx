import type { ComponentProps, RefObject } from 'react';
import { useFormContext } from './form-context';

/** The `<form>` element of each form built by `useSchemaForm`, which focuses the first invalid field in it. */
const elements = new WeakMap<object, RefObject<HTMLFormElement | null>>();

/** Called by `useSchemaForm`: `form.FormElement` of that form renders into `ref`. */
export function bindFormElement(form: object, ref: RefObject<HTMLFormElement | null>): void {
  elements.set(form, ref);
}

export type FormElementProps = Omit<ComponentProps<'form'>, 'onSubmit' | 'ref'>;

/**
 * The `<form>` of every app form (`<form.AppForm><form.FormElement aria-label=...>`): the browser never submits it
 * itself (the form library validates with the contracts' schemas and sends the request), and its own validation is
 * off unless a form asks for it (`noValidate={false}`).
 */
export function FormElement({ noValidate = true, ...props }: FormElementProps) {
  const form = useFormContext();
  return (
    <form
      ref={elements.get(form)}
      noValidate={noValidate}
      {...props}
      onSubmit={(event) => {
        event.preventDefault();
        event.stopPropagation();
        void form.handleSubmit();
      }}
    />
  );
}
