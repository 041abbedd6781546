import { MemberRoleSchema, MessageSchema, OrganizationUserSchema, PathIdSchema } from '@app/contracts';
import * as v from 'valibot';
import type { AppDeps } from '../../deps';
import { adminCreate, adminRemove, adminRoute, noContent } from '../../lib/route-options';
import { adminOnly, type GuardDeps } from '../../plugins/auth';
import { addUserToOrganization, changeMemberRole, removeUserFromOrganization } from './memberships.service';

const MembershipParams = v.object({ organizationId: PathIdSchema, userId: PathIdSchema });

/** Who belongs to which organization, behind the admin guard (401 anonymous, 403 non-admin, D10). */
export const membershipsRoutes = (deps: Pick<AppDeps, 'db'> & GuardDeps) =>
  adminOnly('memberships-routes', deps)
    .post(
      '/api/admin/organization-users',
      async ({ body, user, status }) =>
        status(
          201,
          await addUserToOrganization(deps.db, user, Number(body.organizationId), Number(body.userId), body.role),
        ),
      adminCreate('Add a user to an organization', OrganizationUserSchema, MessageSchema),
    )
    .put(
      '/api/admin/organization-users/:organizationId/:userId',
      ({ params, body, user }) => changeMemberRole(deps.db, user, params.organizationId, params.userId, body.role),
      {
        params: MembershipParams,
        body: MemberRoleSchema,
        ...adminRoute("Change a member's role in an organization (404 when they are not a member)", {
          200: MemberRoleSchema,
        }),
      },
    )
    .delete(
      '/api/admin/organization-users/:organizationId/:userId',
      ({ params, user }) => noContent(removeUserFromOrganization(deps.db, user, params.organizationId, params.userId)),
      adminRemove(MembershipParams, 'Remove a user from an organization (404 when they are not a member)', 'Removed'),
    );
