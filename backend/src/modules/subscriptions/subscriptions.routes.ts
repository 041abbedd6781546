import {
  ApiErrorSchema,
  IdParamsSchema,
  MessageSchema,
  MySubscriptionChangeSchema,
  MySubscriptionSchema,
  SubscriptionHistorySchema,
  SubscriptionInputSchema,
  SubscriptionListQuerySchema,
  SubscriptionRunSchema,
  SubscriptionSchema,
  UnsubscribeInputSchema,
  UnsubscribePreviewSchema,
} from '@app/contracts';
import { createUnsubscribeSigner } from '@app/platform/report-export/unsubscribe-token';
import { Elysia } from 'elysia';
import * as v from 'valibot';
import type { AppDeps } from '../../deps';
import { HttpError } from '../../lib/http-error';
import {
  adminChange,
  adminCreate,
  adminList,
  adminRemove,
  adminRoute,
  described,
  noContent,
} from '../../lib/route-options';
import { adminOnly, type GuardDeps } from '../../plugins/auth';
import { requestContext } from '../../plugins/request-context';
import * as subscriptions from './subscriptions.service';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'publisher' | 'logger' | 'config' | 'rateLimiter'> & GuardDeps;

/** RFC 8058's one-click unsubscribe: the mail client POSTs here itself (no page, no origin): its token is its proof. */
export const ONE_CLICK_UNSUBSCRIBE_PATH = '/api/subscriptions/one-click-unsubscribe';

const serviceDeps = (deps: Deps): subscriptions.SubscriptionsDeps => ({
  ...deps,
  signer: deps.config.APP_ENCRYPTION_KEY ? createUnsubscribeSigner(deps.config.APP_ENCRYPTION_KEY) : null,
});

const SCHEDULE_NOTE =
  'The body: `{ organizationId, dashboardId, frequency: weekly|monthly, weekday (0 Sunday … 6, weekly), dayOfMonth ' +
  "(1 … 31, monthly: a shorter month's last day), time: 'HH:MM', timeZone (IANA), format: PDF|PNG, recipients: " +
  "'all-members' | memberIds[] }`. The dashboard must be linked to the organization, with a data scope, and be a " +
  "Power BI or Tableau dashboard (422 otherwise); named recipients must be the organization's members.";

/** The admin's report subscriptions (issue 29), behind the admin guard (401 anonymous, 403 non-admin, D10). */
export const subscriptionsAdminRoutes = (deps: Deps) => {
  const service = serviceDeps(deps);
  return adminOnly('subscriptions-admin-routes', deps)
    .get('/api/admin/subscriptions', ({ query }) => subscriptions.list(service, query), {
      query: SubscriptionListQuerySchema,
      ...adminList(
        "Report subscriptions; `organizationId`: only that organization's (422 if not an id)",
        SubscriptionSchema,
      ),
    })
    .post(
      '/api/admin/subscriptions',
      async ({ body, user, status }) => status(201, await subscriptions.createSubscription(service, user, body)),
      adminCreate('Create a report subscription', SubscriptionInputSchema, SubscriptionSchema, {
        description: SCHEDULE_NOTE,
      }),
    )
    .put(
      '/api/admin/subscriptions/:id',
      ({ params, body, user }) => subscriptions.changeSubscription(service, user, params.id, body),
      adminChange('Change a report subscription', SubscriptionInputSchema, SubscriptionSchema, {
        description: SCHEDULE_NOTE,
      }),
    )
    .delete(
      '/api/admin/subscriptions/:id',
      ({ params, user }) => noContent(subscriptions.removeSubscription(service, user, params.id)),
      adminRemove(IdParamsSchema, 'Delete a report subscription (its history goes with it)', 'Deleted'),
    )
    .post(
      '/api/admin/subscriptions/:id/send-now',
      async ({ params, user, status }) => status(202, await subscriptions.sendNow(service, user, params.id)),
      {
        params: IdParamsSchema,
        ...adminRoute('Send a report subscription now (202: its run is queued; 409 while one is being sent)', {
          202: SubscriptionRunSchema,
        }),
      },
    )
    .get('/api/admin/subscriptions/:id/history', ({ params }) => subscriptions.history(service, params.id), {
      params: IdParamsSchema,
      ...adminRoute("A subscription's latest runs and e-mails (who, which file, when)", {
        200: SubscriptionHistorySchema,
      }),
    });
};

const UNSUBSCRIBES_PER_MINUTE = 30;

/**
 * A member's way off a subscription: the e-mail's link opens a page whose button POSTs here (a mail scanner that
 * follows the link changes nothing), RFC 8058's one-click POST, and the account page's own list.
 */
export const subscriptionsMemberRoutes = (deps: Deps) => {
  const service = serviceDeps(deps);
  const limited = (ip: string | null) =>
    deps.rateLimiter.hit([
      { key: `unsubscribe:ip:${ip ?? 'unknown'}`, max: UNSUBSCRIBES_PER_MINUTE, windowMs: 60_000 },
    ]);
  return new Elysia({ name: 'subscriptions-member-routes' })
    .use(requestContext(deps.config.TRUST_PROXY))
    .use(deps.auth)
    .post(
      '/api/subscriptions/unsubscribe/preview',
      async ({ body, clientIp }) => {
        await limited(clientIp());
        return subscriptions.previewUnsubscribe(service, body.token);
      },
      {
        body: UnsubscribeInputSchema,
        ...described(['Subscriptions'], "What an unsubscribe link's page names (404: not a valid link)", {
          200: UnsubscribePreviewSchema,
          404: ApiErrorSchema,
          429: ApiErrorSchema,
        }),
      },
    )
    .post(
      '/api/subscriptions/unsubscribe',
      async ({ body, clientIp }) => {
        await limited(clientIp());
        return subscriptions.unsubscribeByToken(service, body.token, 'link');
      },
      {
        body: UnsubscribeInputSchema,
        ...described(['Subscriptions'], "Unsubscribe with the e-mail's link (the page's button)", {
          200: MessageSchema,
          404: ApiErrorSchema,
          429: ApiErrorSchema,
        }),
      },
    )
    .post(
      ONE_CLICK_UNSUBSCRIBE_PATH,
      async ({ body, query, clientIp }) => {
        await limited(clientIp());
        // RFC 8058: the POST's body is exactly `List-Unsubscribe=One-Click` (form-encoded).
        const form = new URLSearchParams(body);
        if (form.get('List-Unsubscribe') !== 'One-Click')
          throw new HttpError(400, 'A one-click unsubscribe POSTs List-Unsubscribe=One-Click');
        return subscriptions.unsubscribeByToken(service, query.token, 'one-click');
      },
      {
        parse: 'text',
        body: v.pipe(v.string(), v.maxLength(200)),
        query: UnsubscribeInputSchema,
        ...described(['Subscriptions'], "RFC 8058 one-click unsubscribe (the mail client's own POST)", {
          200: MessageSchema,
          400: ApiErrorSchema,
          404: ApiErrorSchema,
          429: ApiErrorSchema,
        }),
      },
    )
    .get('/api/account/subscriptions', ({ user }) => subscriptions.mySubscriptions(service, user.id), {
      auth: 'user',
      ...described(['Account security'], 'The report subscriptions that e-mail me', {
        200: v.array(MySubscriptionSchema),
        401: ApiErrorSchema,
      }),
    })
    .put(
      '/api/account/subscriptions/:id',
      ({ params, body, user }) => subscriptions.changeMySubscription(service, user.id, params.id, body.subscribed),
      {
        auth: 'user',
        params: IdParamsSchema,
        body: MySubscriptionChangeSchema,
        ...described(['Account security'], "Unsubscribe from (or back to) one report's e-mails", {
          200: MySubscriptionSchema,
          401: ApiErrorSchema,
          404: ApiErrorSchema,
        }),
      },
    );
};
