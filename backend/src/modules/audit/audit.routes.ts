import { AuditEntrySchema } from '@app/contracts';
import { Elysia } from 'elysia';
import * as v from 'valibot';
import type { AppDeps } from '../../deps';
import { adminRoute } from '../../lib/route-options';
import type { GuardDeps } from '../../plugins/auth';
import { listAudit } from './audit.repository';

/** The administrators' actions (D21), for administrators only. */
export const auditRoutes = (deps: Pick<AppDeps, 'db'> & GuardDeps) =>
  new Elysia({ name: 'audit-routes' }).use(deps.auth).get('/api/admin/audit', () => listAudit(deps.db), {
    auth: 'admin',
    ...adminRoute('Admin actions, newest first (D21)', { 200: v.array(AuditEntrySchema) }),
  });
