import {
  ApiErrorSchema,
  PersonalDataErasedSchema,
  PersonalDataEraseSchema,
  PersonalDataExportSchema,
  PersonalDataQuerySchema,
} from '@app/contracts';
import { Elysia } from 'elysia';
import type { AppDeps } from '../../deps';
import type { Limit, RateLimiter } from '../../lib/rate-limit';
import { adminRoute, described } from '../../lib/route-options';
import { adminOnly, type GuardDeps } from '../../plugins/auth';
import * as personalData from './personal-data.service';

/** A person's request about their data (issue 18): what is stored about an address, and erasing it. Admins only. */
export const personalDataRoutes = (deps: Pick<AppDeps, 'db' | 'clock'> & GuardDeps) =>
  adminOnly('personal-data-routes', deps)
    .get(
      '/api/admin/personal-data',
      async ({ query, user, set }) => {
        const data = await personalData.exportPersonalData(deps.db, user, query.email, deps.clock);
        // Someone's personal data: for this administrator's browser only, never a shared cache.
        set.headers['cache-control'] = 'no-store';
        set.headers['content-disposition'] = 'attachment; filename="personal-data.json"';
        return data;
      },
      {
        query: PersonalDataQuerySchema,
        ...adminRoute(
          'Everything stored about an e-mail address (compared case-insensitively), as a JSON download',
          { 200: PersonalDataExportSchema },
          {
            description:
              'Contact messages, bookings with their history, the lead they make (status, owner, notes), the account with its memberships, sessions (without their hashes), e-mail changes, dashboard views, audit entries about it (the actor named only when it is the person), its actions on others as action, kind of target and time only (never the data of others), sign-in events and e-mail delivery records. The export itself is audited, the address recorded only as its SHA-256.',
          },
        ),
      },
    )
    .post(
      '/api/admin/personal-data/erase',
      ({ body, user }) => personalData.erasePersonalData(deps.db, user, body.email, deps.clock),
      {
        body: PersonalDataEraseSchema,
        ...adminRoute(
          'Erase everything stored about an e-mail address',
          { 200: PersonalDataErasedSchema },
          {
            description:
              'Deletes its contact messages, bookings, lead and account (with sessions, memberships and dashboard views); audit entries, sign-in events and e-mail delivery records keep an anonymous marker (an audit entry about the account keeps which fields changed, never their values; any value naming the address is replaced whole); the address is replaced wherever else it is written. 409 for your own account, the last administrator, or while the address has an upcoming confirmed consultation.',
          },
        ),
      },
    );

/**
 * A person's own export (issue 26): the same JSON an administrator gets for their address. Building it reads every
 * table, so a person gets a handful an hour.
 */
const ownExportLimit = (userId: number): Limit => ({ key: `personal-data:user:${userId}`, max: 5, windowMs: 3600_000 });

export const accountPersonalDataRoutes = (
  deps: Pick<AppDeps, 'db' | 'clock'> & GuardDeps & { rateLimiter: RateLimiter },
) =>
  new Elysia({ name: 'account-personal-data-routes' }).use(deps.auth).get(
    '/api/account/personal-data',
    async ({ user, set }) => {
      await deps.rateLimiter.hit([ownExportLimit(user.id)]);
      const data = await personalData.exportPersonalData(deps.db, user, user.email, deps.clock);
      set.headers['cache-control'] = 'no-store';
      set.headers['content-disposition'] = 'attachment; filename="my-data.json"';
      return data;
    },
    {
      auth: 'user',
      ...described(
        ['Account security'],
        'Download my data: everything stored about my address, as a JSON download',
        { 200: PersonalDataExportSchema, 401: ApiErrorSchema, 429: ApiErrorSchema },
        {
          description:
            'The same export an administrator gets for the address (GET /api/admin/personal-data), recorded in the audit log the same way. 429 after 5 in an hour.',
        },
      ),
    },
  );
