import * as v from 'valibot';
import { bodyToken, filledIn, filledInText, requiredEmail, requiredText } from './common';
import { EmailSchema } from './contact';
import { UserSchema } from './users';

/** Password rules of D4: at least 8 characters, at most 128 (refused, never truncated). */
const PASSWORD_MIN = 8;
const PASSWORD_MAX = 128;

const FILL_IN = 'Please fill in all fields';

export const PasswordSchema = v.pipe(
  filledIn(FILL_IN),
  v.minLength(PASSWORD_MIN, 'Password must be at least 8 characters long'),
  v.maxLength(PASSWORD_MAX, 'Password must be at most 128 characters long'),
);

/** POST /api/auth/login. The e-mail is not checked for shape here: a wrong one simply fails to sign in. */
export const LoginSchema = v.object({
  email: v.pipe(filledInText(FILL_IN), v.maxLength(254, 'Invalid email or password')),
  password: v.pipe(filledIn(FILL_IN), v.maxLength(PASSWORD_MAX, 'Invalid email or password')),
  /** Where to go after signing in: only a path of this site is honoured. */
  redirectUrl: v.optional(v.pipe(v.string(), v.maxLength(2000))),
});
export type LoginInput = v.InferInput<typeof LoginSchema>;
/** What the browser sends: a path of this site to come back to is answered as `redirectUrl` when it is safe. */
export type LoginValues = v.InferOutput<typeof LoginSchema>;

/** The form of /register and of the token step of /reset-password: the two passwords must match. */
export const NewPasswordFormSchema = v.pipe(
  v.object({
    password: filledIn(FILL_IN),
    confirmPassword: filledIn(FILL_IN),
  }),
  v.forward(
    v.check((input) => input.password.length >= PASSWORD_MIN, 'Password must be at least 8 characters long'),
    ['password'],
  ),
  v.forward(
    v.check((input) => input.password.length <= PASSWORD_MAX, 'Password must be at most 128 characters long'),
    ['password'],
  ),
  v.forward(
    v.check((input) => input.password === input.confirmPassword, 'Passwords do not match'),
    ['confirmPassword'],
  ),
);
export type NewPasswordForm = v.InferInput<typeof NewPasswordFormSchema>;

const TokenSchema = bodyToken('Invalid token');

/** POST /api/auth/complete-registration */
export const CompleteRegistrationSchema = v.object({ token: TokenSchema, password: PasswordSchema });

/** POST /api/auth/confirm-email-change: the token of the link sent to the new address. */
export const ConfirmEmailChangeSchema = v.object({ token: TokenSchema });

/** POST /api/auth/reset-password */
export const ResetPasswordSchema = v.object({ token: TokenSchema, newPassword: PasswordSchema });

/** POST /api/auth/request-password-reset and /api/auth/password-reset-request */
export const RequestPasswordResetSchema = v.object({ email: requiredEmail('Please enter your email address') });

/** PUT /api/auth/profile */
export const ProfileSchema = v.object({
  firstName: requiredText('First name is required', 100),
  lastName: requiredText('Last name is required', 100),
  email: EmailSchema,
  /** Needed only when the e-mail changes (issue 32). */
  currentPassword: v.optional(v.pipe(v.string(), v.maxLength(PASSWORD_MAX, 'Incorrect password'))),
});
export type ProfileInput = v.InferInput<typeof ProfileSchema>;

/** PUT /api/auth/profile when the e-mail changes (202): names are saved, the address waits for its link. */
export const EmailChangePendingSchema = v.object({
  message: v.string(),
  /** The address the link was sent to, as typed. */
  pendingEmail: v.string(),
  user: UserSchema,
});
export type EmailChangePending = v.InferOutput<typeof EmailChangePendingSchema>;

/** POST /api/auth/confirm-email-change: the address now in use. */
export const EmailChangedSchema = v.object({ message: v.string(), email: v.string() });

/** POST /api/auth/login */
export const LoginResultSchema = v.object({
  user: UserSchema,
  /** The safe, same-site path to go to, when one was asked for. */
  redirectUrl: v.optional(v.string()),
});
export type LoginResult = v.InferOutput<typeof LoginResultSchema>;

/**
 * POST /api/auth/complete-registration and /api/auth/reset-password (200): the password is set, and the person is
 * signed in (`signedIn`, with `user`) unless they are an administrator, who signs in on the sign-in page where the
 * administration's second-factor rule applies (issue 26). Someone with two-factor sign-in gets 202 instead: the code
 * is asked next, as after a password (SecondFactorRequired).
 */
export const PasswordSetSchema = v.object({
  message: v.string(),
  signedIn: v.boolean(),
  user: v.optional(UserSchema),
});
export type PasswordSet = v.InferOutput<typeof PasswordSetSchema>;

/** GET /api/auth/validate-registration-token/{token} and /validate-reset-token/{token} */
export const TokenValidationSchema = v.object({
  valid: v.boolean(),
  message: v.string(),
  user: v.nullable(v.object({ email: v.string(), firstName: v.nullable(v.string()) })),
});
export type TokenValidation = v.InferOutput<typeof TokenValidationSchema>;

/** Messages of D4 and D8. */
export const AuthMessages = {
  invalidCredentials: 'Invalid email or password',
  deactivated: 'This account has been deactivated',
  tooManyAttempts: 'Too many attempts. Please try again later.',
  resetRequested: 'If the email exists in our system, a password reset link has been sent.',
  /** The same whether or not the new address has an account (issue 32). */
  emailChangeRequested: 'We sent a confirmation link to the new address. Your email address changes once you open it.',
  currentPasswordRequired: 'Please enter your current password to change your email address',
  currentPasswordWrong: 'Your current password is incorrect',
  emailChangeInvalid: 'This confirmation link is invalid or has expired. Please change your email address again.',
  emailChangeTaken: 'This email address is now used by another account. Please choose another address.',
} as const;
