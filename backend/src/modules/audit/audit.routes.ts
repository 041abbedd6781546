import { Elysia } from 'elysia';
import * as v from 'valibot';
import type { AppDeps } from '../../deps';
import { adminErrors, adminTags as tags } from '../../lib/admin-route-schemas';
import type { GuardDeps } from '../../plugins/auth';
import { listAudit } from './audit.repository';

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

/** The administrators' actions (D21), for administrators only. */
export const auditRoutes = (deps: Pick<AppDeps, 'db'> & GuardDeps) =>
  new Elysia({ name: 'audit-routes' }).use(deps.auth).get('/api/admin/audit', () => listAudit(deps.db), {
    auth: 'admin',
    response: { 200: v.array(AuditSchema), ...adminErrors },
    detail: { tags, summary: 'Admin actions, newest first (D21)' },
  });
