import { MessageSchema, OrganizationUserSchema, PathIdSchema } from '@app/contracts';
import { Elysia } from 'elysia';
import * as v from 'valibot';
import type { AppDeps } from '../../deps';
import { adminErrors as errors, NoContent, adminTags as tags } from '../../lib/admin-route-schemas';
import type { GuardDeps } from '../../plugins/auth';
import { addUserToOrganization, removeUserFromOrganization } from './memberships.service';

const MembershipParams = v.object({ organizationId: PathIdSchema, userId: PathIdSchema });

/** Who belongs to which organization, behind the admin guard (401 anonymous, 403 non-admin, D10). */
export const membershipsRoutes = (deps: Pick<AppDeps, 'db'> & GuardDeps) =>
  new Elysia({ name: 'memberships-routes' }).use(deps.auth).guard({ auth: 'admin' }, (app) =>
    app
      .post(
        '/api/admin/organization-users',
        async ({ body, user, set }) => {
          set.status = 201;
          return addUserToOrganization(deps.db, user, Number(body.organizationId), Number(body.userId), body.role);
        },
        {
          body: OrganizationUserSchema,
          response: { 201: MessageSchema, ...errors },
          detail: { tags, summary: 'Add a user to an organization' },
        },
      )
      .delete(
        '/api/admin/organization-users/:organizationId/:userId',
        async ({ params, user, set }) => {
          await removeUserFromOrganization(deps.db, user, params.organizationId, params.userId);
          set.status = 204;
        },
        {
          params: MembershipParams,
          response: { 204: NoContent, ...errors },
          detail: {
            tags,
            summary: 'Remove a user from an organization (404 when they are not a member)',
            responses: { 204: { description: 'Removed' } },
          },
        },
      ),
  );
