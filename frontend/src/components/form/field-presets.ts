import type { TextFieldProps } from './text-field';

/** An e-mail address typed in: the address keyboard on phones; required. */
export const emailInput = {
  type: 'email',
  inputMode: 'email',
  required: true,
} as const satisfies Partial<TextFieldProps>;

/** A password typed in (`current-password` to sign in or confirm, `new-password` to choose one); required. */
export const passwordInput = (autoComplete: 'current-password' | 'new-password') =>
  ({ type: 'password', autoComplete, required: true }) as const satisfies Partial<TextFieldProps>;

/** A name, code or address typed as it is (a role, a parameter, a Google group): no autofill, no spell check. */
export const verbatimInput = { autoComplete: 'off', spellCheck: false } as const satisfies Partial<TextFieldProps>;
