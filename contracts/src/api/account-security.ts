import * as v from 'valibot';
import { filledIn, OrganizationRefEntries } from './common';

/**
 * Issue 17, decision 035: two-factor sign-in (an authenticator app's time-based codes, or a one-time recovery code),
 * the person's own sessions, changing the password from the account page, and the sign-in audit administrators read.
 */

const CODE_MESSAGE = 'Please enter the code from your authenticator app or a recovery code';

/** A six-digit code of the app, or a recovery code (`xxxxx-xxxxx`); spaces and dashes are ignored. */
const CodeSchema = v.pipe(filledIn(CODE_MESSAGE), v.maxLength(64, 'Invalid authentication code'));

/**
 * POST /api/auth/login/second-factor (the pending sign-in's cookie says who), and the account page's confirmations:
 * enabling, disabling, new recovery codes.
 */
export const SecondFactorSchema = v.object({
  code: CodeSchema,
  /** Where to go after signing in: only a path of this site is honoured. */
  redirectUrl: v.optional(v.pipe(v.string(), v.maxLength(2000))),
});
export type SecondFactorInput = v.InferInput<typeof SecondFactorSchema>;

/** POST /api/auth/two-factor/enable, /disable and /recovery-codes. */
export const TwoFactorCodeSchema = v.object({ code: CodeSchema });
export type TwoFactorCodeInput = v.InferInput<typeof TwoFactorCodeSchema>;

/** POST /api/auth/login when the account has two-factor sign-in (202): no session yet, the code is asked next. */
export const SecondFactorRequiredSchema = v.object({
  secondFactorRequired: v.literal(true),
  message: v.string(),
});
export type SecondFactorRequired = v.InferOutput<typeof SecondFactorRequiredSchema>;

/** GET /api/auth/two-factor: the person's own state. */
export const TwoFactorStatusSchema = v.object({
  enabled: v.boolean(),
  enabledAt: v.nullable(v.string()),
  recoveryCodesLeft: v.number(),
  /** An administrator must enrol before using the administration (the setting is on and they have none). */
  enrolmentRequired: v.boolean(),
  /** Whether the server can keep a key at all (APP_ENCRYPTION_KEY is configured). */
  available: v.boolean(),
});
export type TwoFactorStatus = v.InferOutput<typeof TwoFactorStatusSchema>;

/** POST /api/auth/two-factor/setup: shown once, while enrolling; never again once enabled. */
export const TwoFactorSetupSchema = v.object({
  /** The key in base32, for typing into the app by hand. */
  manualKey: v.string(),
  otpauthUri: v.string(),
  /** The URI as a QR code: an SVG `data:` URL. */
  qrCodeDataUrl: v.string(),
});
export type TwoFactorSetup = v.InferOutput<typeof TwoFactorSetupSchema>;

/** POST /api/auth/two-factor/enable and /recovery-codes: ten new codes, shown this once. */
export const RecoveryCodesSchema = v.object({ recoveryCodes: v.array(v.string()) });
export type RecoveryCodes = v.InferOutput<typeof RecoveryCodesSchema>;

/** GET /api/auth/sessions: one of the person's signed-in browsers. */
export const SessionInfoSchema = v.object({
  /** Opaque: names the session, tells nothing of its token. */
  id: v.string(),
  browser: v.string(),
  os: v.string(),
  /** An approximate place from the address: 'This computer', 'Local network', or the address itself. */
  place: v.string(),
  ipAddress: v.nullable(v.string()),
  createdAt: v.string(),
  lastSeenAt: v.nullable(v.string()),
  current: v.boolean(),
});
export type SessionInfo = v.InferOutput<typeof SessionInfoSchema>;

/** POST /api/auth/sessions/end-others */
export const SessionsEndedSchema = v.object({ ended: v.number() });

/** `/{id}` of a session: the opaque public id (a UUID); anything else names nothing. */
export const SessionParamsSchema = v.object({ id: v.pipe(v.string(), v.maxLength(64)) });

/** POST /api/auth/change-password: D4's rules for the new one. */
export const ChangePasswordSchema = v.pipe(
  v.object({
    currentPassword: v.pipe(
      filledIn('Please enter your current password'),
      v.maxLength(128, 'Your current password is incorrect'),
    ),
    newPassword: v.pipe(
      filledIn('Please enter a new password'),
      v.minLength(8, 'Password must be at least 8 characters long'),
      v.maxLength(128, 'Password must be at most 128 characters long'),
    ),
  }),
  v.forward(
    v.check(
      (input) => input.currentPassword !== input.newPassword,
      'The new password must differ from the current one',
    ),
    ['newPassword'],
  ),
);
export type ChangePasswordInput = v.InferInput<typeof ChangePasswordSchema>;

/** GET and PUT /api/admin/settings/security */
export const SecuritySettingsSchema = v.object({ requireAdminTwoFactor: v.boolean() });
export type SecuritySettings = v.InferOutput<typeof SecuritySettingsSchema>;

export const SIGN_IN_METHODS = ['password', 'sso', 'totp', 'recovery_code'] as const;
export const SIGN_IN_RESULTS = ['success', 'failure'] as const;

/** How lists name a person whose personal data was erased (issue 27): never a name or an address. */
export const ERASED_PERSON = 'Erased person';

/** The marker an erase leaves where the person's address was (decision 037): `erased-user-<id>@invalid`. */
export const erasedMarker = (accountId: number | null) =>
  accountId === null ? 'erased@invalid' : `erased-user-${accountId}@invalid`;

/** Whether a stored address is an erase's marker. */
export const isErasedMarker = (text: string | null | undefined) =>
  typeof text === 'string' && /^erased(?:-user-\d+)?@invalid$/.test(text);

/**
 * One row of GET /api/admin/sign-ins (a list paged by the server like the others, decision 038; its query is
 * `SignInListQuerySchema`): the attempt with the names it refers to resolved, ids kept beside them.
 */
export const SignInEventSchema = v.object({
  id: v.number(),
  userId: v.nullable(v.number()),
  email: v.string(),
  /** The account's first and last name now; 'Erased person' when their personal data was erased; else null. */
  personName: v.nullable(v.string()),
  /** Their personal data was erased (decision 037): `email` is a marker, never an address to show. */
  erased: v.boolean(),
  method: v.picklist(SIGN_IN_METHODS),
  result: v.picklist(SIGN_IN_RESULTS),
  reason: v.nullable(v.string()),
  /** The organization whose single sign-on was used. */
  ...OrganizationRefEntries,
  ipAddress: v.nullable(v.string()),
  userAgent: v.nullable(v.string()),
  /** The User-Agent as words: 'Chrome 131', 'Unknown browser'. */
  browser: v.string(),
  /** 'Windows 10', 'macOS Sonoma', 'Unknown system'. */
  system: v.string(),
  createdAt: v.string(),
});
export type SignInEvent = v.InferOutput<typeof SignInEventSchema>;

/** What the two-factor and security routes answer. */
export const SecurityMessages = {
  invalidCode: 'Invalid authentication code',
  pendingExpired: 'Your sign-in has expired. Please sign in again.',
  secondFactorRequired: 'Enter the code from your authenticator app to finish signing in.',
  encryptionKeyMissing:
    'Two-factor sign-in is not available at the moment. Please try again later, or ask your administrator.',
  alreadyEnabled: 'Two-factor sign-in is already on. Turn it off first to set up a new authenticator app.',
  notEnabled: 'Two-factor sign-in is not on for this account.',
  setupFirst: 'Start the set-up first: scan the QR code, then enter a code.',
  enrolmentRequired: 'Administrators must use two-factor sign-in. Set it up on your account page before anything else.',
  requireOwnFirst: 'Set up two-factor sign-in for your own account before requiring it of every administrator.',
  currentPasswordWrong: 'Your current password is incorrect',
  passwordChanged: 'Your password has been changed. Your other sessions have been signed out.',
  sessionNotFound: 'This session has already ended.',
} as const;

/** The `issues[0].path` of the 403 that sends an administrator to enrol (the SPA reacts to it). */
export const TWO_FACTOR_ENROLMENT_REQUIRED = 'TWO_FACTOR_ENROLMENT_REQUIRED';
