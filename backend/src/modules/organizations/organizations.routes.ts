import { IdParamsSchema, OrganizationInputSchema, OrganizationSchema } from '@app/contracts';
import { Elysia } from 'elysia';
import * as v from 'valibot';
import type { AppDeps } from '../../deps';
import { adminErrors as errors, adminTags as tags } from '../../lib/admin-route-schemas';
import type { GuardDeps } from '../../plugins/auth';
import { listOrganizations } from './organizations.repository';
import * as organizations from './organizations.service';

/** The organizations of the spec's Admin table, behind the admin guard (401 anonymous, 403 non-admin, D10). */
export const organizationsRoutes = (deps: Pick<AppDeps, 'db'> & GuardDeps) =>
  new Elysia({ name: 'organizations-routes' }).use(deps.auth).guard({ auth: 'admin' }, (app) =>
    app
      .get('/api/admin/organizations', () => listOrganizations(deps.db), {
        response: { 200: v.array(OrganizationSchema), ...errors },
        detail: { tags, summary: 'Every organization, active first' },
      })
      .post(
        '/api/admin/organizations',
        async ({ body, user, set }) => {
          set.status = 201;
          return organizations.createOrganization(deps.db, user, body);
        },
        {
          body: OrganizationInputSchema,
          response: { 201: OrganizationSchema, ...errors },
          detail: { tags, summary: 'Create an organization' },
        },
      )
      .put(
        '/api/admin/organizations/:id',
        ({ params, body, user }) => organizations.updateOrganization(deps.db, user, params.id, body),
        {
          params: IdParamsSchema,
          body: OrganizationInputSchema,
          response: { 200: OrganizationSchema, ...errors },
          detail: { tags, summary: 'Update an organization' },
        },
      )
      .post(
        '/api/admin/organizations/:id/toggle-status',
        ({ params, user }) => organizations.toggleOrganization(deps.db, user, params.id),
        {
          params: IdParamsSchema,
          response: { 200: OrganizationSchema, ...errors },
          detail: { tags, summary: 'Activate or deactivate an organization' },
        },
      ),
  );
