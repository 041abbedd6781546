import type { ComponentProps } from 'react';

export interface FormElementProps extends Omit<ComponentProps<'form'>, 'onSubmit'> {
  /** The TanStack Form submit: `() => form.handleSubmit()`. */
  onSubmit: () => unknown;
}

/**
 * The `<form>` of every app form: the browser never submits it itself (the form library validates with the contracts'
 * schemas and sends the request), and its own validation is off unless a form asks for it (`noValidate={false}`).
 */
export function FormElement({ onSubmit, noValidate = true, ...props }: FormElementProps) {
  return (
    <form
      noValidate={noValidate}
      {...props}
      onSubmit={(event) => {
        event.preventDefault();
        event.stopPropagation();
        void onSubmit();
      }}
    />
  );
}
