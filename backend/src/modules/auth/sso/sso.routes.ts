import { SSO_ERROR_REASONS, SsoLookupSchema, safeRedirectPath } from '@app/contracts';
import { Elysia } from 'elysia';
import { readCookie, sessionCookies } from '../../../lib/cookies';
import { requestContext } from '../../../plugins/request-context';
import type { RequestInfo } from '../auth.service';
import * as sso from './sso.service';

const tags = ['Auth', 'Single sign-on'];

const MAX_ID = 2_147_483_647;

/** Who asks (the address its proxies vouch for, D8). */
interface Asker {
  request: Request;
  clientIp: () => string | null;
  requestId: string;
}

const info = ({ request, clientIp, requestId }: Asker): RequestInfo => ({
  ip: clientIp() ?? 'unknown',
  userAgent: request.headers.get('user-agent'),
  requestId,
});

const query = (name: string, description: string) => ({
  name,
  in: 'query' as const,
  required: false,
  schema: { type: 'string' as const },
  description,
});

const redirectDescription = `302: to the identity provider, to the return path, or to /login/sso-error?reason= with one of ${SSO_ERROR_REASONS.join(', ')} (never a 500).`;

/**
 * A full-page step of single sign-on (a browser navigates to it): 302 with the step's cookies. An unexpected fault
 * (the database down) still lands on the error page: the person sees a page, never an error's JSON.
 */
function redirectTo(step: sso.SsoStep, secure: boolean): Response {
  const headers = new Headers({ location: step.location, 'cache-control': 'no-store' });
  const flag = secure ? '; Secure' : '';
  if (step.flowCookie) {
    const { name, value } = step.flowCookie;
    const ttl = Math.floor(sso.STATE_LIFETIME_MS / 1000);
    headers.append(
      'set-cookie',
      value === null
        ? `${name}=; Path=/api/auth/sso; HttpOnly; SameSite=Lax; Max-Age=0${flag}`
        : `${name}=${value}; Path=/api/auth/sso; HttpOnly; SameSite=Lax; Max-Age=${ttl}${flag}`,
    );
  }
  if (step.session)
    for (const cookie of sessionCookies(step.session.token, secure)) headers.append('set-cookie', cookie);
  return new Response(null, { status: 302, headers });
}

/** Single sign-on at an organization's identity provider (issue 17, decision 034). */
export const ssoRoutes = (deps: sso.SsoDeps) => {
  const secure = new URL(deps.config.APP_URL).protocol === 'https:';
  const appOrigin = new URL(deps.config.APP_URL).origin;
  const safely = async (step: () => Promise<sso.SsoStep>) => {
    try {
      return redirectTo(await step(), secure);
    } catch (error) {
      deps.logger.error({ err: error }, 'single sign-on: unexpected fault');
      return redirectTo({ location: '/login/sso-error?reason=unexpected' }, secure);
    }
  };
  return new Elysia({ name: 'sso-routes' })
    .use(requestContext(deps.config.TRUST_PROXY))
    .get(
      '/api/auth/sso',
      ({ request }) => {
        // Read from the URL itself: a validated query would split an address with a comma into a list.
        const email = new URL(request.url).searchParams.get('email') ?? '';
        return sso.lookup(deps, email.length > 320 ? '' : email);
      },
      {
        response: { 200: SsoLookupSchema },
        detail: {
          tags,
          parameters: [query('email', 'The address typed so far (only its domain is looked at)')],
          summary: "Whether an e-mail address's domain signs in at its organization's identity provider",
          description:
            'Says only whether the DOMAIN has single sign-on (and the organization, for the button), never whether ' +
            'an account with the address exists.',
        },
      },
    )
    .get(
      '/api/auth/sso/start',
      (context) => {
        // Read from the URL itself, as GET /api/login does: a validated query would split a value with a comma.
        const search = new URL(context.request.url).searchParams;
        const id = search.get('organizationId');
        const organizationId = id && /^\d{1,10}$/.test(id) && Number(id) <= MAX_ID ? Number(id) : undefined;
        const email = search.get('email')?.trim().slice(0, 320) || undefined;
        const redirect = safeRedirectPath(search.get('redirect'), appOrigin);
        return safely(() => sso.start(deps, { email, organizationId, redirect }, info(context)));
      },
      {
        detail: {
          tags,
          summary: "Start signing in at an organization's identity provider (authorization code flow with PKCE)",
          parameters: [
            query('email', "The person's e-mail address: its domain names the organization"),
            query('organizationId', 'Or the organization itself'),
            query('redirect', 'A path of this site to return to after signing in (kept only when it is one)'),
          ],
          responses: { 302: { description: redirectDescription } },
        },
      },
    )
    .get(
      '/api/auth/sso/callback',
      (context) =>
        safely(() =>
          sso.callback(deps, new URL(context.request.url), (name) => readCookie(context.request, name), info(context)),
        ),
      {
        detail: {
          tags,
          summary: 'Where the identity provider sends the person back: signs them in (the D3 session cookie)',
          parameters: [query('code', 'The authorization code'), query('state', 'The state sent at the start')],
          responses: { 302: { description: redirectDescription } },
        },
      },
    );
};

/** GET /api/login's single sign-on (D2): the flow of OIDC_ISSUER, when configured; null otherwise. */
export function globalSignIn(deps: sso.SsoDeps) {
  if (!sso.globalProvider(deps.config)) return null;
  const secure = new URL(deps.config.APP_URL).protocol === 'https:';
  return async (redirect: string | undefined, asker: Asker) => {
    try {
      return redirectTo(await sso.start(deps, { redirect }, info(asker), true), secure);
    } catch (error) {
      deps.logger.error({ err: error }, 'single sign-on: unexpected fault');
      return redirectTo({ location: '/login/sso-error?reason=unexpected' }, secure);
    }
  };
}
