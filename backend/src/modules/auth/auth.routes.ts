// Long file: the auth module's public routes (sign-in with its second step and single sign-on entry, registration, reset, profile), each with every documented answer; one flow reads top to bottom.
import {
  ApiErrorSchema,
  CompleteRegistrationSchema,
  ConfirmEmailChangeSchema,
  EmailChangedSchema,
  EmailChangePendingSchema,
  GoogleAccountInputSchema,
  GoogleAccountSchema,
  LoginResultSchema,
  LoginSchema,
  MessageSchema,
  PasswordSetSchema,
  ProfileSchema,
  RequestPasswordResetSchema,
  ResetPasswordSchema,
  SecondFactorRequiredSchema,
  SecurityMessages,
  safeRedirectPath,
  TokenParamsSchema,
  TokenValidationSchema,
  UserSchema,
} from '@app/contracts';
import { Elysia, status } from 'elysia';
import type { AppDeps } from '../../deps';
import {
  clearSessionCookies,
  readCookie,
  SESSION_COOKIE,
  setPendingSignInCookie,
  setSessionCookies,
} from '../../lib/cookies';
import { described } from '../../lib/route-options';
import type { GuardDeps } from '../../plugins/auth';
import { requestContext } from '../../plugins/request-context';
import * as auth from './auth.service';
import { setGoogleAccount } from './google-account.service';
import { signInAfterPasswordSet } from './password-set-sign-in';
import { PENDING_SIGN_IN_MS } from './sign-in-steps';
import { globalSignIn } from './sso/sso.routes';

const tags = ['Auth'];

/** Who asks, as the request context tells (the address its proxies vouch for, D8). */
interface Asker {
  request: Request;
  clientIp: () => string | null;
  requestId: string;
}

export const authRoutes = (deps: Pick<AppDeps, 'config' | 'secretBox'> & auth.AuthDeps & GuardDeps) => {
  // D2: with OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET set, GET /api/login starts that provider's sign-in.
  const signInGlobally = globalSignIn(deps);
  const secure = new URL(deps.config.APP_URL).protocol === 'https:';
  // Return addresses after signing in are paths of this origin only (contracts/src/site.ts, shared with the SPA).
  const appOrigin = new URL(deps.config.APP_URL).origin;
  const info = ({ request, clientIp, requestId }: Asker): auth.RequestInfo => ({
    ip: clientIp() ?? 'unknown',
    userAgent: request.headers.get('user-agent'),
    requestId,
  });
  /** A reset link asked for, from the reset page or the account page: 202, whether or not the address is known (D6). */
  const requestReset = async (asker: Asker & { body: { email: string } }) =>
    status(202, await auth.requestPasswordReset(deps, asker.body.email, info(asker)));
  const resetRequest = (summary: string) => ({
    body: RequestPasswordResetSchema,
    ...described(tags, summary, { 202: MessageSchema, 429: ApiErrorSchema }),
  });
  /** The page of an e-mailed link checks it before asking for a password (D5, D6). */
  const linkCheck = (summary: string) => ({
    params: TokenParamsSchema,
    ...described(tags, summary, TokenValidationSchema),
  });
  /** The password set with an e-mailed link (once), then signed in where that is safe (issue 26). */
  const passwordSet = (summary: string) =>
    described(
      tags,
      summary,
      { 200: PasswordSetSchema, 202: SecondFactorRequiredSchema, 400: ApiErrorSchema, 422: ApiErrorSchema },
      {
        description:
          'Then signs the person in (a session cookie, `signedIn: true` and the user), except an administrator ' +
          '(`signedIn: false`: they sign in on the sign-in page, where the second-factor rule applies). With ' +
          'two-factor sign-in: 202 and a pending sign-in cookie, finished by `POST /api/auth/login/second-factor`.',
      },
    );
  const setPasswordAndSignIn = async (
    context: Asker & { set: Parameters<typeof setSessionCookies>[0] },
    kind: 'registration' | 'password_reset',
    token: string,
    password: string,
  ) => {
    const { message, user } = await auth.usePasswordToken(deps, kind, token, password);
    const outcome = await signInAfterPasswordSet(deps, kind, user, message, info(context));
    if ('pendingSignIn' in outcome) {
      setPendingSignInCookie(context.set, outcome.pendingSignIn.token, secure, PENDING_SIGN_IN_MS / 1000);
      return status(202, { secondFactorRequired: true as const, message: SecurityMessages.secondFactorRequired });
    }
    if (!outcome.signedIn) return { message: outcome.message, signedIn: false };
    setSessionCookies(context.set, outcome.session.token, secure);
    return { message: outcome.message, signedIn: true, user: outcome.user };
  };

  return new Elysia({ name: 'auth-routes' })
    .use(requestContext(deps.config.TRUST_PROXY))
    .use(deps.auth)
    .get('/api/auth/user', ({ user }) => auth.currentUser(deps, user), {
      // Says `twoFactor.enrolmentRequired`: how the SPA knows to send an administrator to set it up.
      auth: 'enrolment',
      response: { 200: UserSchema, 401: ApiErrorSchema },
      detail: { tags, summary: 'The signed-in user (401 when anonymous)' },
    })
    .post(
      '/api/auth/login',
      async (context) => {
        const { body, set } = context;
        const outcome = await auth.login(deps, body, info(context));
        if ('pendingSignIn' in outcome) {
          // Two-factor sign-in (issue 17): no session yet; the code is asked next, with this cookie.
          setPendingSignInCookie(set, outcome.pendingSignIn.token, secure, PENDING_SIGN_IN_MS / 1000);
          return status(202, { secondFactorRequired: true as const, message: SecurityMessages.secondFactorRequired });
        }
        const { session, ...result } = outcome;
        setSessionCookies(set, session.token, secure);
        const redirectUrl = safeRedirectPath(body.redirectUrl, appOrigin);
        return { ...result, ...(redirectUrl ? { redirectUrl } : {}) };
      },
      {
        body: LoginSchema,
        response: {
          200: LoginResultSchema,
          202: SecondFactorRequiredSchema,
          401: ApiErrorSchema,
          403: ApiErrorSchema,
          429: ApiErrorSchema,
        },
        detail: {
          tags,
          summary: 'Sign in with e-mail and password; sets the session cookie',
          description:
            'An account with two-factor sign-in gets no session: 202 and a pending sign-in cookie (5 minutes, once), ' +
            'finished by `POST /api/auth/login/second-factor`.',
        },
      },
    )
    .post(
      '/api/auth/logout',
      async ({ request, set }) => {
        await auth.logout(deps, readCookie(request, SESSION_COOKIE));
        clearSessionCookies(set, secure);
        set.status = 204;
      },
      { detail: { tags, summary: 'Sign out (ends this session)', responses: { 204: { description: 'Signed out' } } } },
    )
    .put(
      '/api/auth/profile',
      async ({ user, body, set, requestId }) => {
        const result = await auth.updateProfile(deps, user, body, requestId);
        set.status = result.status;
        return result.body;
      },
      {
        auth: 'user',
        body: ProfileSchema,
        response: {
          200: UserSchema,
          202: EmailChangePendingSchema,
          401: ApiErrorSchema,
          403: ApiErrorSchema,
          409: ApiErrorSchema,
          422: ApiErrorSchema,
          429: ApiErrorSchema,
        },
        detail: {
          tags,
          summary: 'Update first name, last name and e-mail',
          description:
            'Names change at once (200, the updated user). A different e-mail address needs `currentPassword` ' +
            '(422 when missing, 403 when wrong, 429 after 10 tries in 15 minutes) and changes only when the link ' +
            'e-mailed to the new address is opened: 202, the same answer whether or not the address has an account. ' +
            '409 only when the same address in other letter case collides with a parallel change.',
        },
      },
    )
    .put(
      '/api/account/google-account',
      ({ user, body, requestId }) => setGoogleAccount(deps, user, body.googleAccount, requestId),
      {
        auth: 'user',
        body: GoogleAccountInputSchema,
        response: { 200: GoogleAccountSchema, 401: ApiErrorSchema, 422: ApiErrorSchema },
        detail: {
          tags,
          summary: 'Set the Google account Looker Studio reports are shared with (null: the e-mail)',
          description:
            'Looker Studio dashboards are shared with each person’s Google account (issue 28): their e-mail unless ' +
            'they name another one here. The reports they see move to it within moments. 422 for text that is not ' +
            'an e-mail address.',
        },
      },
    )
    .post(
      '/api/auth/confirm-email-change',
      ({ body, requestId }) => auth.confirmEmailChange(deps, body.token, requestId),
      {
        body: ConfirmEmailChangeSchema,
        response: {
          200: EmailChangedSchema,
          400: ApiErrorSchema,
          409: ApiErrorSchema,
          422: ApiErrorSchema,
        },
        detail: {
          tags,
          summary: 'Confirm a new e-mail address with the link sent to it (once, within 24 hours)',
          description:
            'Changes the address, ends every session of the user and tells the old address. 400 when the link is ' +
            'unknown, used, replaced by a newer one or expired; 409 when the address now belongs to another account.',
        },
      },
    )
    .post(
      '/api/auth/request-password-reset',
      requestReset,
      resetRequest('E-mail a reset link; the same answer whether or not the address is known'),
    )
    .post('/api/auth/password-reset-request', requestReset, {
      auth: 'user',
      ...resetRequest('From the account page: e-mail a reset link'),
    })
    .get(
      '/api/auth/validate-registration-token/:token',
      ({ params }) => auth.validateToken(deps, 'registration', params.token),
      linkCheck('Check an invitation link'),
    )
    .get(
      '/api/auth/validate-reset-token/:token',
      ({ params }) => auth.validateToken(deps, 'password_reset', params.token),
      linkCheck('Check a password-reset link'),
    )
    .post(
      '/api/auth/complete-registration',
      (context) => setPasswordAndSignIn(context, 'registration', context.body.token, context.body.password),
      { body: CompleteRegistrationSchema, ...passwordSet('Set the password of an invited user (once)') },
    )
    .post(
      '/api/auth/reset-password',
      (context) => setPasswordAndSignIn(context, 'password_reset', context.body.token, context.body.newPassword),
      {
        body: ResetPasswordSchema,
        ...passwordSet('Set a new password with a reset link; ends every other session of the user'),
      },
    )
    .get(
      '/api/login',
      (context) => {
        const { request, redirect } = context;
        // Read from the URL itself: a validated query would split a value with a comma into a list and refuse it.
        const asked = new URL(request.url).searchParams.get('redirect');
        const target = safeRedirectPath(asked, appOrigin);
        if (signInGlobally) return signInGlobally(target, context);
        return redirect(target ? `/client/login?redirect=${encodeURIComponent(target)}` : '/client/login', 302);
      },
      {
        detail: {
          tags,
          summary: 'Start signing in (the client login page, or the OIDC_ISSUER provider when configured)',
          parameters: [
            {
              name: 'redirect',
              in: 'query',
              required: false,
              schema: { type: 'string' },
              description:
                "A path of this site to return to after signing in; kept only when it resolves on the app's origin.",
            },
          ],
          responses: {
            302: {
              description:
                'To /client/login, with `?redirect=` when the path asked for is of this site; with OIDC_ISSUER, ' +
                'OIDC_CLIENT_ID and OIDC_CLIENT_SECRET set, to that provider (existing active users only, D2), or ' +
                'to /login/sso-error?reason= when it cannot be used',
            },
          },
        },
      },
    )
    .get(
      '/api/logout',
      async ({ request, set, redirect }) => {
        await auth.logout(deps, readCookie(request, SESSION_COOKIE));
        clearSessionCookies(set, secure);
        return redirect('/', 302);
      },
      {
        detail: {
          tags,
          summary: 'Sign out and go home (a full-page link)',
          responses: { 302: { description: 'To the home page' } },
        },
      },
    );
};
