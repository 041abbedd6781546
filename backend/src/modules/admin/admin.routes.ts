import {
  AdminEmailActionSchema,
  DashboardInputSchema,
  EditUserSchema,
  NewUserSchema,
  OrganizationDashboardSchema,
  OrganizationInputSchema,
  OrganizationUserSchema,
  ToggleAdminSchema,
  ToggleStatusSchema,
} from '@app/contracts';
import { Elysia } from 'elysia';
import * as v from 'valibot';
import type { AppDeps } from '../../deps';
import type { GuardDeps } from '../../plugins/auth';
import { ErrorSchema } from '../../plugins/openapi';
import { requestContext } from '../../plugins/request-context';
import * as repo from './admin.repository';
import * as admin from './admin.service';

const Id = v.pipe(v.string(), v.regex(/^\d{1,9}$/), v.transform(Number));
const IdParams = v.object({ id: Id });
const OrganizationDashboardParams = v.object({ organizationId: Id, dashboardId: Id });
const OrganizationUserParams = v.object({ organizationId: Id, userId: Id });
const OrganizationSchema = v.object({
  id: v.number(),
  name: v.string(),
  domain: v.nullable(v.string()),
  logoUrl: v.nullable(v.string()),
  isActive: v.boolean(),
  createdAt: v.string(),
});
const DashboardSchema = v.object({
  id: v.number(),
  name: v.string(),
  description: v.nullable(v.string()),
  category: v.string(),
  type: v.string(),
  embedUrl: v.string(),
  thumbnailUrl: v.nullable(v.string()),
  isPublic: v.boolean(),
  viewCount: v.number(),
  lastViewedAt: v.nullable(v.string()),
});
/** A saved dashboard, with what the server found when it asked the embed URL's host for it (issue 12, item 3). */
const SavedDashboardSchema = v.object({ ...DashboardSchema.entries, embedUrlWarning: v.nullable(v.string()) });
const EMBED_WARNING_NOTE =
  "The server asks the embed URL's host for it (HEAD, else GET; 3 s at most) while saving. `embedUrlWarning` says " +
  'what went wrong (no connection, an invalid certificate, an unknown host, no answer, HTTP 404/410/5xx), else null; ' +
  'it never stops the save.';
const UserSchema = v.object({
  id: v.number(),
  email: v.string(),
  firstName: v.nullable(v.string()),
  lastName: v.nullable(v.string()),
  isAdmin: v.boolean(),
  isActive: v.boolean(),
  hasLoggedIn: v.boolean(),
  accountSetupComplete: v.boolean(),
  lastLoginAt: v.nullable(v.string()),
  createdAt: v.string(),
  organizations: v.array(v.object({ id: v.number(), name: v.string() })),
});
const LinkSchema = v.object({
  organizationId: v.number(),
  organizationName: v.string(),
  dashboardId: v.number(),
  dashboardName: v.string(),
  dashboardCategory: v.string(),
  dashboardType: v.string(),
});
const AuditSchema = v.object({
  id: v.number(),
  actorId: v.nullable(v.number()),
  actorEmail: v.nullable(v.string()),
  actorName: v.nullable(v.string()),
  action: v.string(),
  targetType: v.string(),
  targetId: v.nullable(v.string()),
  targetName: v.nullable(v.string()),
  changes: v.nullable(v.record(v.string(), v.unknown())),
  createdAt: v.string(),
});
const MessageSchema = v.object({ message: v.string() });
/** A 204 has no body. */
const NoContent = v.pipe(v.undefined(), v.description('No content'));
const errors = { 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema, 422: ErrorSchema };
const tags = ['Admin'];

/** Every endpoint of the spec's Admin table, behind the admin guard (401 anonymous, 403 non-admin, D10). */
export const adminRoutes = (
  deps: Pick<AppDeps, 'config' | 'db' | 'publisher' | 'logger' | 'publicDashboards'> & GuardDeps,
) =>
  new Elysia({ name: 'admin-routes' })
    .use(requestContext(deps.config.TRUST_PROXY))
    .use(deps.auth)
    .guard({ auth: 'admin' }, (app) =>
      app
        .resolve(({ user }) => ({ actor: { id: user.id, email: user.email } }))
        .get('/api/admin/organizations', () => repo.listOrganizations(deps.db), {
          response: { 200: v.array(OrganizationSchema), ...errors },
          detail: { tags, summary: 'Every organization, active first' },
        })
        .post(
          '/api/admin/organizations',
          async ({ body, actor, set }) => {
            set.status = 201;
            return admin.createOrganization(deps, actor, body);
          },
          {
            body: OrganizationInputSchema,
            response: { 201: OrganizationSchema, ...errors },
            detail: { tags, summary: 'Create an organization' },
          },
        )
        .put(
          '/api/admin/organizations/:id',
          ({ params, body, actor }) => admin.updateOrganization(deps, actor, params.id, body),
          {
            params: IdParams,
            body: OrganizationInputSchema,
            response: { 200: OrganizationSchema, ...errors },
            detail: { tags, summary: 'Update an organization' },
          },
        )
        .post(
          '/api/admin/organizations/:id/toggle-status',
          ({ params, actor }) => admin.toggleOrganization(deps, actor, params.id),
          {
            params: IdParams,
            response: { 200: OrganizationSchema, ...errors },
            detail: { tags, summary: 'Activate or deactivate an organization' },
          },
        )
        .get('/api/admin/dashboards-direct', () => repo.listDashboards(deps.db), {
          response: { 200: v.array(DashboardSchema), ...errors },
          detail: { tags, summary: 'Every dashboard with its view count and last view (D19)' },
        })
        .post(
          '/api/admin/dashboards',
          async ({ body, actor, set }) => {
            set.status = 201;
            return admin.createDashboard(deps, actor, body);
          },
          {
            body: DashboardInputSchema,
            response: { 201: SavedDashboardSchema, ...errors },
            detail: {
              tags,
              summary: 'Create a dashboard (a pasted iframe keeps only its https src, D18)',
              description: EMBED_WARNING_NOTE,
            },
          },
        )
        .put(
          '/api/admin/dashboards/:id',
          ({ params, body, actor }) => admin.updateDashboard(deps, actor, params.id, body),
          {
            params: IdParams,
            body: DashboardInputSchema,
            response: { 200: SavedDashboardSchema, ...errors },
            detail: { tags, summary: 'Update a dashboard', description: EMBED_WARNING_NOTE },
          },
        )
        .delete(
          '/api/admin/dashboards/:id',
          async ({ params, actor, set }) => {
            await admin.deleteDashboard(deps, actor, params.id);
            set.status = 204;
          },
          {
            params: IdParams,
            response: { 204: NoContent, ...errors },
            detail: {
              tags,
              summary: 'Delete a dashboard and its links',
              responses: { 204: { description: 'Deleted' } },
            },
          },
        )
        .get('/api/admin/users', () => repo.listUsers(deps.db), {
          response: { 200: v.array(UserSchema), ...errors },
          detail: { tags, summary: 'Every user with their organizations' },
        })
        .post(
          '/api/admin/users',
          async ({ body, actor, set, requestId }) => {
            set.status = 201;
            return admin.createUser(deps, actor, body, requestId);
          },
          {
            body: NewUserSchema,
            response: { 201: UserSchema, ...errors },
            detail: { tags, summary: 'Create a user (and e-mail the invitation)' },
          },
        )
        .put('/api/admin/users/:id', ({ params, body, actor }) => admin.updateUser(deps, actor, params.id, body), {
          params: IdParams,
          body: EditUserSchema,
          response: { 200: UserSchema, ...errors },
          detail: { tags, summary: 'Update a user, their organizations and rights' },
        })
        .post(
          '/api/admin/users/:id/toggle-admin',
          ({ params, body, actor }) => admin.setAdmin(deps, actor, params.id, body.isAdmin),
          {
            params: IdParams,
            body: ToggleAdminSchema,
            response: { 200: UserSchema, ...errors },
            detail: { tags, summary: 'Grant or revoke admin rights (not one’s own)' },
          },
        )
        .post(
          '/api/admin/users/:id/toggle-status',
          ({ params, body, actor }) => admin.setActive(deps, actor, params.id, body.isActive),
          {
            params: IdParams,
            body: ToggleStatusSchema,
            response: { 200: UserSchema, ...errors },
            detail: { tags, summary: 'Activate or deactivate a user (deactivation ends their sessions)' },
          },
        )
        .delete(
          '/api/admin/users/:id',
          async ({ params, actor, set }) => {
            await admin.deleteUser(deps, actor, params.id);
            set.status = 204;
          },
          {
            params: IdParams,
            response: { 204: NoContent, ...errors },
            detail: {
              tags,
              summary: 'Delete a user and everything of theirs',
              responses: { 204: { description: 'Deleted' } },
            },
          },
        )
        .post(
          '/api/admin/organization-users',
          async ({ body, actor, set }) => {
            set.status = 201;
            return admin.addUserToOrganization(
              deps,
              actor,
              Number(body.organizationId),
              Number(body.userId),
              body.role,
            );
          },
          {
            body: OrganizationUserSchema,
            response: { 201: MessageSchema, ...errors },
            detail: { tags, summary: 'Add a user to an organization' },
          },
        )
        .delete(
          '/api/admin/organization-users/:organizationId/:userId',
          async ({ params, actor, set }) => {
            await admin.removeUserFromOrganization(deps, actor, params.organizationId, params.userId);
            set.status = 204;
          },
          {
            params: OrganizationUserParams,
            response: { 204: NoContent, ...errors },
            detail: {
              tags,
              summary: 'Remove a user from an organization (404 when they are not a member)',
              responses: { 204: { description: 'Removed' } },
            },
          },
        )
        .get('/api/admin/organization-dashboards', () => repo.listLinks(deps.db), {
          response: { 200: v.array(LinkSchema), ...errors },
          detail: { tags, summary: 'Which organization sees which dashboard' },
        })
        .post(
          '/api/admin/organization-dashboards',
          async ({ body, actor, set }) => {
            set.status = 201;
            return admin.linkDashboard(deps, actor, Number(body.organizationId), Number(body.dashboardId));
          },
          {
            body: OrganizationDashboardSchema,
            response: { 201: LinkSchema, ...errors },
            detail: { tags, summary: 'Link a dashboard to an organization' },
          },
        )
        .delete(
          '/api/admin/organization-dashboards/:organizationId/:dashboardId',
          async ({ params, actor, set }) => {
            await admin.unlinkDashboard(deps, actor, params.organizationId, params.dashboardId);
            set.status = 204;
          },
          {
            params: OrganizationDashboardParams,
            response: { 204: NoContent, ...errors },
            detail: {
              tags,
              summary: 'Unlink a dashboard from an organization (404 when there is no such link)',
              responses: { 204: { description: 'Unlinked' } },
            },
          },
        )
        .post(
          '/api/admin/send-registration-email',
          async ({ body, actor, set, requestId }) => {
            set.status = 202;
            return admin.sendAccountEmail(deps, actor, body.email, 'registration', requestId);
          },
          {
            body: AdminEmailActionSchema,
            response: { 202: MessageSchema, ...errors },
            detail: { tags, summary: 'Queue the invitation e-mail (D22)' },
          },
        )
        .post(
          '/api/admin/send-password-reset',
          async ({ body, actor, set, requestId }) => {
            set.status = 202;
            return admin.sendAccountEmail(deps, actor, body.email, 'reset', requestId);
          },
          {
            body: AdminEmailActionSchema,
            response: { 202: MessageSchema, ...errors },
            detail: { tags, summary: 'Queue a password-reset e-mail (D22)' },
          },
        )
        .get('/api/admin/audit', () => repo.listAudit(deps.db), {
          response: { 200: v.array(AuditSchema), ...errors },
          detail: { tags, summary: 'Admin actions, newest first (D21)' },
        }),
    );
