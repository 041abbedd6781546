import {
  AdminEmailActionSchema,
  EditUserSchema,
  IdParamsSchema,
  MessageSchema,
  NewUserSchema,
  ToggleAdminSchema,
  ToggleStatusSchema,
  UserChangedSchema,
  UserListQuerySchema,
  UserSchema,
} from '@app/contracts';
import { status } from 'elysia';
import type { AppDeps } from '../../deps';
import { listRoute } from '../../lib/list-query';
import { adminChange, adminCreate, adminPagedList, adminRemove, adminRoute, noContent } from '../../lib/route-options';
import { adminOnly, type GuardDeps } from '../../plugins/auth';
import { requestContext } from '../../plugins/request-context';
import type { Actor } from '../audit';
import { countUsers, listUserPage } from './users.repository';
import * as users from './users.service';

/** The users of the spec's Admin table and their account e-mails, behind the admin guard (401, 403, D10). */
export const usersRoutes = (deps: Pick<AppDeps, 'config' | 'db' | 'publisher' | 'logger'> & GuardDeps) => {
  /** The two account e-mails an administrator may send someone by their address, and their route: 202 once queued. */
  const sendEmail =
    (kind: 'registration' | 'reset') =>
    async ({ body, user, requestId }: { body: { email: string }; user: Actor; requestId: string }) =>
      status(202, await users.sendAccountEmail(deps, user, body.email, kind, requestId));
  const queued = (summary: string) => ({
    body: AdminEmailActionSchema,
    ...adminRoute(summary, { 202: MessageSchema }),
  });
  return adminOnly('users-routes', deps)
    .use(requestContext(deps.config.TRUST_PROXY))
    .get(
      '/api/admin/users',
      listRoute(deps.db, listUserPage, countUsers),
      adminPagedList('Users with their organizations', UserListQuerySchema, UserSchema),
    )
    .post(
      '/api/admin/users',
      async ({ body, user, requestId, status }) => status(201, await users.createUser(deps, user, body, requestId)),
      adminCreate('Create a user (and e-mail the invitation)', NewUserSchema, UserSchema),
    )
    .put(
      '/api/admin/users/:id',
      ({ params, body, user, requestId }) => users.updateUser(deps, user, params.id, body, requestId),
      adminChange(
        'Update a user, their organizations and rights (made an administrator without a password: a link to set one is e-mailed)',
        EditUserSchema,
        UserChangedSchema,
      ),
    )
    .post(
      '/api/admin/users/:id/toggle-admin',
      ({ params, body, user, requestId }) => users.setAdmin(deps, user, params.id, body.isAdmin, requestId),
      adminChange(
        'Grant or revoke admin rights (not one’s own); granted to a person without a password (single sign-on only), it e-mails them a link to set one (passwordLinkSent)',
        ToggleAdminSchema,
        UserChangedSchema,
      ),
    )
    .post(
      '/api/admin/users/:id/toggle-status',
      ({ params, body, user }) => users.setActive(deps, user, params.id, body.isActive),
      adminChange(
        'Activate or deactivate a user (deactivation ends their sessions)',
        ToggleStatusSchema,
        UserChangedSchema,
      ),
    )
    .delete(
      '/api/admin/users/:id',
      ({ params, user }) => noContent(users.deleteUser(deps, user, params.id)),
      adminRemove(IdParamsSchema, 'Delete a user and everything of theirs', 'Deleted'),
    )
    .post('/api/admin/send-registration-email', sendEmail('registration'), queued('Queue the invitation e-mail (D22)'))
    .post('/api/admin/send-password-reset', sendEmail('reset'), queued('Queue a password-reset e-mail (D22)'));
};
