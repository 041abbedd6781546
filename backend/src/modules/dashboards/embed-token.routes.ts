import { ApiErrorSchema, EmbedStartingSchema, EmbedTokenRequestSchema, EmbedTokenSchema } from '@app/contracts';
import { Elysia } from 'elysia';
import * as v from 'valibot';
import type { AppDeps } from '../../deps';
import { readableById } from '../../lib/route-options';
import type { GuardDeps } from '../../plugins/auth';
import { embedToken } from './embed-token.service';

const DESCRIPTION =
  'Checks access exactly as GET /api/dashboards/{id} does (D10), at every call: the viewer asks again before its ' +
  'token expires, so access removed (the link, the person, the organization) ends at the next renewal. In `url` ' +
  'mode it answers the URL. In a token mode it mints a token for one organization: `organizationId` chooses among ' +
  "the person's active organizations linked to the dashboard (default: the first by name; admins may choose any " +
  'linked organization, a preview, and read the identity the token carries in `identity`). Every token minted is ' +
  'audited (never the token). 403 when the organization has no data scope for the dashboard (nothing is shown ' +
  "unfiltered); 404 for a dashboard or an organization the person may not see; 422 for a malformed body, or an admin's " +
  "dashboard linked to no organization; 202 { status: 'starting', retryAfterSeconds } while the dashboard's Power BI " +
  'capacity is paused and being started (ask again then; one resume however many viewers); 429 past 60 tokens a minute per person; 502 when the provider refused or ' +
  'failed, 504 when it did not answer in time (a message safe to show, naming the provider); 503 when the server ' +
  'cannot open the connection (APP_ENCRYPTION_KEY) or the dashboard is not set up completely.';

const errors = {
  400: ApiErrorSchema,
  403: ApiErrorSchema,
  422: ApiErrorSchema,
  429: ApiErrorSchema,
  502: ApiErrorSchema,
  503: ApiErrorSchema,
  504: ApiErrorSchema,
};

/** The token the viewer embeds a dashboard with (issue 14, decision 030); anyone who may read the dashboard calls it. */
export const embedTokenRoutes = (
  deps: Pick<AppDeps, 'config' | 'db' | 'clock' | 'secretBox' | 'logger' | 'rateLimiter'> & GuardDeps,
) =>
  new Elysia({ name: 'embed-token-routes' }).use(deps.auth).post(
    '/api/dashboards/:id/embed-token',
    async ({ params, body, viewer, set }) => {
      const answer = await embedToken(deps, params.id, viewer, body?.organizationId ?? null);
      if ('status' in answer) {
        set.status = 202;
        set.headers['retry-after'] = String(answer.retryAfterSeconds);
      }
      return answer;
    },
    {
      body: v.optional(EmbedTokenRequestSchema),
      ...readableById(
        ['Dashboards'],
        'A token to embed the dashboard with, for one of the organizations of the person (or the URL in url mode)',
        { 200: EmbedTokenSchema, 202: EmbedStartingSchema, ...errors },
        { description: DESCRIPTION },
      ),
    },
  );
