import { AuditEntrySchema, AuditListQuerySchema } from '@app/contracts';
import { Elysia } from 'elysia';
import type { AppDeps } from '../../deps';
import { listRoute } from '../../lib/list-query';
import { adminPagedList } from '../../lib/route-options';
import type { GuardDeps } from '../../plugins/auth';
import { countAudit, listAuditPage } from './audit.repository';

/** The administrators' actions (D21), for administrators only. */
export const auditRoutes = (deps: Pick<AppDeps, 'db'> & GuardDeps) =>
  new Elysia({ name: 'audit-routes' })
    .use(deps.auth)
    .get('/api/admin/audit', listRoute(deps.db, listAuditPage, countAudit), {
      auth: 'admin',
      ...adminPagedList(
        'Admin actions, newest first (D21); without `page`, the newest 500',
        AuditListQuerySchema,
        AuditEntrySchema,
      ),
    });
