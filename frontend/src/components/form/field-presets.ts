import type { TextFieldProps } from './text-field';

/** An e-mail address typed in, with the address keyboard on phones; may be left empty. */
export const optionalEmailInput = {
  type: 'email',
  inputMode: 'email',
  autoComplete: 'email',
} as const satisfies Partial<TextFieldProps>;

/** An e-mail address typed in: the address keyboard on phones; required. */
export const emailInput = { ...optionalEmailInput, required: true } as const satisfies Partial<TextFieldProps>;

/** A password typed in (`current-password` to sign in or confirm, `new-password` to choose one); required. */
export const passwordInput = (autoComplete: 'current-password' | 'new-password') =>
  ({ type: 'password', autoComplete, required: true }) as const satisfies Partial<TextFieldProps>;

/** A name, code or address typed as it is (a role, a parameter, a Google group): no autofill, no spell check. */
export const verbatimInput = { autoComplete: 'off', spellCheck: false } as const satisfies Partial<TextFieldProps>;

/** A six-digit code from an authenticator app (or a recovery code) typed as it is; required. */
export const oneTimeCodeInput = {
  autoComplete: 'one-time-code',
  autoCapitalize: 'none',
  spellCheck: false,
  required: true,
  placeholder: '123456',
} as const satisfies Partial<TextFieldProps>;
