import {
  ApiErrorSchema,
  ChangePasswordSchema,
  LoginResultSchema,
  MessageSchema,
  RecoveryCodesSchema,
  SecondFactorSchema,
  SessionInfoSchema,
  SessionParamsSchema,
  SessionsEndedSchema,
  safeRedirectPath,
  TwoFactorCodeSchema,
  TwoFactorSetupSchema,
  TwoFactorStatusSchema,
} from '@app/contracts';
import { Elysia, status } from 'elysia';
import * as v from 'valibot';
import type { AppDeps } from '../../deps';
import { clearSessionCookies, PENDING_SIGN_IN_COOKIE, readCookie, setSessionEndingPending } from '../../lib/cookies';
import { described } from '../../lib/route-options';
import type { GuardDeps } from '../../plugins/auth';
import { requestContext } from '../../plugins/request-context';
import * as security from './account-security.service';
import type { AuthDeps } from './auth.deps';
import { completeSecondFactor } from './second-factor.service';
import * as twoFactor from './two-factor.service';

const tags = ['Account security'];

/** 204, no body. */
const NoContent = v.pipe(v.undefined(), v.description('No content'));

/**
 * What every signed-in route of this file may answer besides its own (403: an administrator who must set up
 * two-factor sign-in first, on every route but the set-up's own).
 */
const signedIn = { 401: ApiErrorSchema, 403: ApiErrorSchema, 422: ApiErrorSchema };
/** What a route that checks a code may answer besides its own. */
const codeChecked = { ...signedIn, 400: ApiErrorSchema, 409: ApiErrorSchema, 429: ApiErrorSchema, 503: ApiErrorSchema };
/** A route that takes a current code of the app (or a recovery code) and answers `answer`. */
const takesCode = <const S extends v.GenericSchema>(summary: string, answer: S) => ({
  body: TwoFactorCodeSchema,
  ...described(tags, summary, { 200: answer, ...codeChecked }),
});

/**
 * Issue 17 (decision 035): finishing a sign-in with a second factor; the account page's two-factor set-up, its
 * sessions and its password change. Every route but the first needs a session.
 */
export const accountSecurityRoutes = (deps: Pick<AppDeps, 'config'> & AuthDeps & GuardDeps) => {
  const secure = new URL(deps.config.APP_URL).protocol === 'https:';
  const appOrigin = new URL(deps.config.APP_URL).origin;
  const info = ({ request, clientIp }: { request: Request; clientIp: () => string | null }) => ({
    ip: clientIp() ?? 'unknown',
    userAgent: request.headers.get('user-agent'),
  });

  return new Elysia({ name: 'account-security-routes' })
    .use(requestContext(deps.config.TRUST_PROXY))
    .use(deps.auth)
    .post(
      '/api/auth/login/second-factor',
      async (context) => {
        const { body, request, set } = context;
        const pending = readCookie(request, PENDING_SIGN_IN_COOKIE);
        const { session, ...result } = await completeSecondFactor(deps, pending, body.code, info(context));
        setSessionEndingPending(set, session.token, secure);
        const redirectUrl = safeRedirectPath(body.redirectUrl, appOrigin);
        return { ...result, ...(redirectUrl ? { redirectUrl } : {}) };
      },
      {
        body: SecondFactorSchema,
        ...described(
          tags,
          'Finish a sign-in with a code of the authenticator app or a recovery code; sets the session cookie',
          {
            200: LoginResultSchema,
            401: ApiErrorSchema,
            403: ApiErrorSchema,
            422: ApiErrorSchema,
            429: ApiErrorSchema,
          },
          {
            description:
              'Needs the pending sign-in cookie of `POST /api/auth/login` (5 minutes, used once). 401 "Invalid ' +
              'authentication code" for any wrong, replayed or spent code; 401 when the pending sign-in expired or ' +
              'was used; 429 after 5 codes on one pending sign-in or 10 failures of one person in 15 minutes.',
          },
        ),
      },
    )
    .get('/api/auth/two-factor', ({ user }) => twoFactor.status(deps, user), {
      // Set-up itself: an administrator required to use it gets here before anything else.
      auth: 'enrolment',
      ...described(tags, "The person's two-factor sign-in: on or off, recovery codes left", {
        200: TwoFactorStatusSchema,
        ...signedIn,
      }),
    })
    .post('/api/auth/two-factor/setup', ({ user }) => twoFactor.startSetup(deps, user), {
      // Set-up itself: an administrator required to use it gets here before anything else.
      auth: 'enrolment',
      ...described(
        tags,
        'Start setting up two-factor sign-in: a new key, as a QR code and as text (shown this once)',
        { 200: TwoFactorSetupSchema, 409: ApiErrorSchema, 503: ApiErrorSchema, ...signedIn },
        { description: '409 when it is already on; 503 when the server has no APP_ENCRYPTION_KEY.' },
      ),
    })
    .post('/api/auth/two-factor/enable', ({ user, body }) => twoFactor.enable(deps, user, body.code), {
      // Set-up itself: an administrator required to use it gets here before anything else.
      auth: 'enrolment',
      ...takesCode(
        'Confirm the set-up with a current code; answers ten recovery codes, shown this once',
        RecoveryCodesSchema,
      ),
    })
    .post('/api/auth/two-factor/disable', ({ user, body }) => twoFactor.disable(deps, user, body.code), {
      auth: 'user',
      ...takesCode('Turn two-factor sign-in off with a current code or a recovery code', TwoFactorStatusSchema),
    })
    .post(
      '/api/auth/two-factor/recovery-codes',
      ({ user, body }) => twoFactor.regenerateRecoveryCodes(deps, user, body.code),
      {
        auth: 'user',
        ...takesCode(
          'New recovery codes (the old ones stop working); needs a current code of the app',
          RecoveryCodesSchema,
        ),
      },
    )
    .get('/api/auth/sessions', ({ user, sessionToken }) => security.listSessions(deps, user.id, sessionToken), {
      auth: 'user',
      ...described(tags, "The person's signed-in browsers, this one first", {
        200: v.array(SessionInfoSchema),
        ...signedIn,
      }),
    })
    .delete(
      '/api/auth/sessions/:id',
      async ({ user, sessionToken, params, set }) => {
        const own = await security.endSession(deps, user.id, params.id, sessionToken);
        if (own) clearSessionCookies(set, secure);
        return status(204, undefined);
      },
      {
        auth: 'user',
        params: SessionParamsSchema,
        ...described(
          tags,
          "End one of the person's sessions (by its id in the list); that browser is signed out at its next request",
          { 204: NoContent, 404: ApiErrorSchema, ...signedIn },
          { responses: { 204: { description: 'Ended' } } },
        ),
      },
    )
    .post(
      '/api/auth/sessions/end-others',
      ({ user, sessionToken }) => security.endOtherSessions(deps, user.id, sessionToken),
      {
        auth: 'user',
        ...described(tags, 'End every session of the person but this one', { 200: SessionsEndedSchema, ...signedIn }),
      },
    )
    .post(
      '/api/auth/change-password',
      async ({ user, sessionToken, body }) => {
        const { message } = await security.changePassword(deps, user, sessionToken, body);
        return { message };
      },
      {
        auth: 'user',
        body: ChangePasswordSchema,
        ...described(
          tags,
          'Change the password with the current one; every other session ends',
          { 200: MessageSchema, 400: ApiErrorSchema, 429: ApiErrorSchema, ...signedIn },
          { description: '400 when the current password is wrong; 429 after 10 wrong ones in 15 minutes.' },
        ),
      },
    );
};
