import { SecurityMessages, TWO_FACTOR_ENROLMENT_REQUIRED } from '@app/contracts';
import type * as schema from '@app/db/schema';
import { Elysia } from 'elysia';
import { clearSessionCookies, readCookie, SESSION_COOKIE, setSessionCookies } from '../lib/cookies';
import { HttpError } from '../lib/http-error';

/**
 * `enrolment`: signed in, an administrator who must still set up two-factor sign-in included (only the few routes
 * that set-up needs: who am I, the status, the set-up and its confirmation). `user` and `admin` refuse that
 * administrator with the enrolment 403 (issue 26: "before anything else" means every page and every API).
 */
export type AuthLevel = 'user' | 'admin' | 'enrolment';

/** A valid session's user; `renewedUntil` is set when the session was extended and the cookie must be sent again. */
export interface CheckedSession {
  user: typeof schema.users.$inferSelect;
  renewedUntil?: Date;
  /** An administrator who must set up two-factor sign-in before anything else (issue 17, issue 26). */
  enrolmentRequired?: boolean;
}

/**
 * The 403 of an administrator who must set up two-factor sign-in first (issue 17): its issue's path is the code the
 * SPA reacts to (it sends them to the set-up page).
 */
export const enrolmentRequiredError = () =>
  new HttpError(403, SecurityMessages.enrolmentRequired, [
    { path: TWO_FACTOR_ENROLMENT_REQUIRED, message: SecurityMessages.enrolmentRequired },
  ]);

/** Finds the session of a cookie's token (the sessions' own rules: expiry, renewal, deactivated users), or null. */
export type SessionCheck = (token: string | null) => Promise<CheckedSession | null>;

/**
 * The one auth macro of the API: `{ auth: 'user' }` lets signed-in people through (401 otherwise), `{ auth: 'admin' }`
 * only administrators (403 for everyone else), both only once an administrator required to use two-factor sign-in has
 * it (the enrolment 403 otherwise); `{ auth: 'enrolment' }` also lets that administrator through. A deactivated or deleted user's session ends on their next request.
 * `{ optionalAuth: true }` gives `viewer` (the user or null) to routes anyone may call. Built once by the app, from
 * the session check it is given (the plugin knows no module), and handed to the modules that guard routes.
 */
export const authPlugin = (validateSession: SessionCheck, secureCookies: boolean) => {
  // Checked in `transform`, before the body is validated, so an anonymous caller learns nothing about a route's body;
  // `resolve` then hands the same session to the handler without a second lookup.
  const checked = new WeakMap<Request, CheckedSession>();
  return new Elysia({ name: 'auth', seed: secureCookies }).macro({
    auth: (level: AuthLevel) => ({
      async transform({ request, set }) {
        const token = readCookie(request, SESSION_COOKIE);
        const session = await validateSession(token);
        if (!session) {
          if (token) clearSessionCookies(set, secureCookies);
          throw new HttpError(401, 'Authentication required');
        }
        if (session.renewedUntil && token) setSessionCookies(set, token, secureCookies);
        if (level === 'admin' && !session.user.isAdmin) throw new HttpError(403, 'Administrator access required');
        if (level !== 'enrolment' && session.enrolmentRequired) throw enrolmentRequiredError();
        checked.set(request, session);
      },
      resolve({ request }) {
        const session = checked.get(request);
        if (!session) throw new HttpError(401, 'Authentication required');
        return { user: session.user, sessionToken: readCookie(request, SESSION_COOKIE) as string };
      },
    }),
    optionalAuth: {
      async resolve({ request, set }) {
        const token = readCookie(request, SESSION_COOKIE);
        const session = await validateSession(token);
        if (!session && token) clearSessionCookies(set, secureCookies);
        if (session?.renewedUntil && token) setSessionCookies(set, token, secureCookies);
        // An administrator who must still set up two-factor sign-in does that before anything else (issue 26), here
        // too: not as an administrator, nor as a member or an anonymous visitor meanwhile.
        if (session?.enrolmentRequired) throw enrolmentRequiredError();
        return { viewer: session?.user ?? null };
      },
    },
  });
};

type AuthPlugin = ReturnType<typeof authPlugin>;

/** What a module that guards its routes needs: the app's one auth plugin. */
export interface GuardDeps {
  auth: AuthPlugin;
}

/**
 * A module's administration routes: every route added to the instance this returns is behind the admin guard (401
 * anonymous, 403 non-admin, D10).
 */
export const adminOnly = (name: string, { auth }: GuardDeps) => new Elysia({ name }).use(auth).guard({ auth: 'admin' });
