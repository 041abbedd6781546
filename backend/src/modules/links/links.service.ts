import { AdminMessages } from '@app/contracts';
import type { Database } from '@app/db';
import { conflict, notFound } from '../../lib/http-error';
import { type Actor, onOrganization, withAudit } from '../audit';
import { listDashboards } from '../dashboards';
import { recordSharingEvent } from '../embedding';
import { findOrganization } from '../organizations';
import { checkedScope } from './data-scope';
import * as repo from './links.repository';

type DataScope = Record<string, unknown> | null;

/**
 * The organization's members see the dashboard from now on, with the data scope given (checked against the
 * dashboard's embed mode, issue 14). 409 when it is already linked.
 */
export async function linkDashboard(
  db: Database,
  actor: Actor,
  organizationId: number,
  dashboardId: number,
  dataScope: DataScope = null,
) {
  const organization = await findOrganization(db, organizationId);
  if (!organization) throw notFound('Organization not found');
  const [dashboard] = await listDashboards(db, [dashboardId]);
  if (!dashboard) throw notFound('Dashboard not found');
  const scope = checkedScope(dashboard.embedMode, dataScope);
  await withAudit(db, actor, async (tx) => {
    if (!(await repo.insertLink(tx, organizationId, dashboardId, scope))) throw conflict(AdminMessages.linkExists);
    await recordSharingEvent(tx, 'dashboard_link.created', { organizationId, dashboardId });
    return {
      ...onOrganization('organization.link-dashboard', organizationId, organization.name),
      changes: { dashboardId, dashboardName: dashboard.name, dataScope: scope },
    };
  });
  return (await repo.findLink(db, organizationId, dashboardId))!;
}

/** What the organization may see of the dashboard from now on (issue 14). 404 when there is no such link. */
export async function changeLinkScope(
  db: Database,
  actor: Actor,
  organizationId: number,
  dashboardId: number,
  dataScope: DataScope,
) {
  await withAudit(db, actor, async (tx) => {
    const link = await repo.lockLink(tx, organizationId, dashboardId);
    if (!link) throw notFound(AdminMessages.linkMissing);
    const scope = checkedScope(link.embedMode, dataScope);
    await repo.setLinkScope(tx, organizationId, dashboardId, scope);
    const changes = { dashboardId, dashboardName: link.dashboardName, dataScope: { from: link.dataScope, to: scope } };
    return { ...onOrganization('organization.change-scope', organizationId, link.organizationName), changes };
  });
  return (await repo.findLink(db, organizationId, dashboardId))!;
}

/** Undoes `linkDashboard`: the organization's members no longer see the dashboard. 404 when there is no such link. */
export async function unlinkDashboard(db: Database, actor: Actor, organizationId: number, dashboardId: number) {
  await withAudit(db, actor, async (tx) => {
    const removed = await repo.deleteLink(tx, organizationId, dashboardId);
    if (!removed) throw notFound(AdminMessages.linkMissing);
    await recordSharingEvent(tx, 'dashboard_link.deleted', { organizationId, dashboardId });
    const changes = { dashboardId, dashboardName: removed.dashboardName };
    return { ...onOrganization('organization.unlink-dashboard', organizationId, removed.organizationName), changes };
  });
}
