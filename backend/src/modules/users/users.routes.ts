import {
  AdminEmailActionSchema,
  EditUserSchema,
  IdParamsSchema,
  MessageSchema,
  NewUserSchema,
  ToggleAdminSchema,
  ToggleStatusSchema,
  UserSchema,
} from '@app/contracts';
import { Elysia } from 'elysia';
import * as v from 'valibot';
import type { AppDeps } from '../../deps';
import { adminErrors as errors, NoContent, adminTags as tags } from '../../lib/admin-route-schemas';
import type { GuardDeps } from '../../plugins/auth';
import { requestContext } from '../../plugins/request-context';
import { listUsers } from './users.repository';
import * as users from './users.service';

/** The users of the spec's Admin table and their account e-mails, behind the admin guard (401, 403, D10). */
export const usersRoutes = (deps: Pick<AppDeps, 'config' | 'db' | 'publisher' | 'logger'> & GuardDeps) =>
  new Elysia({ name: 'users-routes' })
    .use(requestContext(deps.config.TRUST_PROXY))
    .use(deps.auth)
    .guard({ auth: 'admin' }, (app) =>
      app
        .get('/api/admin/users', () => listUsers(deps.db), {
          response: { 200: v.array(UserSchema), ...errors },
          detail: { tags, summary: 'Every user with their organizations' },
        })
        .post(
          '/api/admin/users',
          async ({ body, user, set, requestId }) => {
            set.status = 201;
            return users.createUser(deps, user, body, requestId);
          },
          {
            body: NewUserSchema,
            response: { 201: UserSchema, ...errors },
            detail: { tags, summary: 'Create a user (and e-mail the invitation)' },
          },
        )
        .put('/api/admin/users/:id', ({ params, body, user }) => users.updateUser(deps, user, params.id, body), {
          params: IdParamsSchema,
          body: EditUserSchema,
          response: { 200: UserSchema, ...errors },
          detail: { tags, summary: 'Update a user, their organizations and rights' },
        })
        .post(
          '/api/admin/users/:id/toggle-admin',
          ({ params, body, user }) => users.setAdmin(deps, user, params.id, body.isAdmin),
          {
            params: IdParamsSchema,
            body: ToggleAdminSchema,
            response: { 200: UserSchema, ...errors },
            detail: { tags, summary: 'Grant or revoke admin rights (not one’s own)' },
          },
        )
        .post(
          '/api/admin/users/:id/toggle-status',
          ({ params, body, user }) => users.setActive(deps, user, params.id, body.isActive),
          {
            params: IdParamsSchema,
            body: ToggleStatusSchema,
            response: { 200: UserSchema, ...errors },
            detail: { tags, summary: 'Activate or deactivate a user (deactivation ends their sessions)' },
          },
        )
        .delete(
          '/api/admin/users/:id',
          async ({ params, user, set }) => {
            await users.deleteUser(deps, user, params.id);
            set.status = 204;
          },
          {
            params: IdParamsSchema,
            response: { 204: NoContent, ...errors },
            detail: {
              tags,
              summary: 'Delete a user and everything of theirs',
              responses: { 204: { description: 'Deleted' } },
            },
          },
        )
        .post(
          '/api/admin/send-registration-email',
          async ({ body, user, set, requestId }) => {
            set.status = 202;
            return users.sendAccountEmail(deps, user, body.email, 'registration', requestId);
          },
          {
            body: AdminEmailActionSchema,
            response: { 202: MessageSchema, ...errors },
            detail: { tags, summary: 'Queue the invitation e-mail (D22)' },
          },
        )
        .post(
          '/api/admin/send-password-reset',
          async ({ body, user, set, requestId }) => {
            set.status = 202;
            return users.sendAccountEmail(deps, user, body.email, 'reset', requestId);
          },
          {
            body: AdminEmailActionSchema,
            response: { 202: MessageSchema, ...errors },
            detail: { tags, summary: 'Queue a password-reset e-mail (D22)' },
          },
        ),
    );
