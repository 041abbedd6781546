import {
  AdminMessages,
  EventTypes,
  type LeadChangeValues,
  type LeadConverted,
  type LeadConvertValues,
  LeadMessages,
} from '@app/contracts/server';
import type { Database, Transaction } from '@app/db';
import { insertEvent } from '@app/platform/outbox';
import { type DispatchDeps, dispatch } from '../../events/dispatch';
import { isUniqueViolation } from '../../lib/db-errors';
import { conflict, notFound, unprocessable } from '../../lib/http-error';
import { type Actor, changed, withAudit } from '../audit';
import { recordSharingEvent } from '../embedding';
import { insertLink } from '../links';
import { addMembership } from '../memberships';
import { insertOrganization } from '../organizations';
import { findUserByEmail, insertUser } from '../users';
import * as repo from './leads.repository';

/** The lead with its messages and bookings in the order they arrived; 404 when there is none. */
export async function leadDetail(db: Database, id: number) {
  const lead = await repo.findLead(db, id);
  if (!lead) throw notFound(LeadMessages.notFound);
  return { ...lead, activity: await repo.activityOf(db, lead.email) };
}

async function lockedLead(tx: Transaction, id: number) {
  const lead = await repo.lockLead(tx, id);
  if (!lead) throw notFound(LeadMessages.notFound);
  return lead;
}

const ownerRefused = () =>
  unprocessable(LeadMessages.ownerNotAdmin, [{ path: 'ownerId', message: LeadMessages.ownerNotAdmin }]);

/** Changes a lead's status, notes or owner (an active administrator, or nobody); audited. */
export async function changeLead(db: Database, actor: Actor, id: number, input: LeadChangeValues) {
  const values = {
    ...(input.status === undefined ? {} : { status: input.status }),
    ...(input.notes === undefined ? {} : { notes: input.notes }),
    ...(input.ownerId === undefined ? {} : { ownerUserId: input.ownerId }),
  };
  if (values.ownerUserId != null && !(await repo.isActiveAdmin(db, values.ownerUserId))) throw ownerRefused();
  await withAudit(db, actor, async (tx) => {
    const before = await lockedLead(tx, id);
    await repo.updateLead(tx, id, values);
    const target = { targetType: 'lead', targetId: id, targetName: before.email };
    // The notes' words stay out of the audit (they may say anything about the person): only that they changed.
    const { notes, ...rest } = changed(before, values);
    return { action: 'lead.update', ...target, changes: { ...rest, ...(notes ? { notes: 'changed' } : {}) } };
  });
  return leadDetail(db, id);
}

/** 'Ann Lee Smith' → first name 'Ann', last name 'Lee Smith'. */
function splitName(name: string) {
  const [first = '', ...rest] = name.trim().split(/\s+/);
  return { firstName: first.slice(0, 100) || null, lastName: rest.join(' ').slice(0, 100) || null };
}

/**
 * Makes the lead a client, in one transaction, once: the organization named `organizationName` (422 when an
 * organization already has that name), the person as its member (their account when they have one, otherwise a new
 * one with the invitation e-mailed by the workers, D7, D22), the chosen dashboards linked to it, and the lead marked
 * won. The lead's row is locked first: of two conversions at once, one makes all of it and the other gets 409.
 */
export async function convertLead(
  deps: DispatchDeps,
  actor: Actor,
  id: number,
  input: LeadConvertValues,
  requestId?: string,
): Promise<LeadConverted> {
  const name = input.organizationName;
  const dashboards = await repo.dashboardsOf(deps.db, input.dashboardIds);
  if (dashboards.length !== input.dashboardIds.length)
    throw unprocessable(LeadMessages.dashboardMissing, [
      { path: 'dashboardIds', message: LeadMessages.dashboardMissing },
    ]);
  try {
    const { answer, event } = await withAudit(deps.db, actor, async (tx) => {
      const lead = await lockedLead(tx, id);
      if (lead.convertedAt) throw conflict(LeadMessages.converted);
      await repo.lockOrganizationName(tx, name);
      if (await repo.organizationNameTaken(tx, name))
        throw unprocessable(LeadMessages.nameTaken(name), [
          { path: 'organizationName', message: LeadMessages.nameTaken(name) },
        ]);
      const organization = await insertOrganization(tx, { name, domain: null, logoUrl: null });
      const organizationId = organization.id;
      const account = await findUserByEmail(tx, lead.email);
      const userId =
        account?.id ?? (await insertUser(tx, { email: lead.email, ...splitName(lead.name), isAdmin: false }));
      await addMembership(tx, organizationId, userId, 'Member');
      await recordSharingEvent(tx, 'organization_member.added', { organizationId, userId });
      for (const dashboard of dashboards) {
        await insertLink(tx, organizationId, dashboard.id, null);
        await recordSharingEvent(tx, 'dashboard_link.created', { organizationId, dashboardId: dashboard.id });
      }
      // Someone with an account already is linked, not invited again.
      const event = account ? null : await insertEvent(tx, EventTypes.userInvited, { userId }, requestId);
      await repo.updateLead(tx, id, { status: 'won', convertedAt: new Date(), organizationId, userId });
      const changes = {
        organizationId,
        organizationName: name,
        userId,
        invited: event !== null,
        dashboards: dashboards.map((d) => ({ id: d.id, name: d.name })),
        status: { from: lead.status, to: 'won' },
      };
      return {
        action: 'lead.convert',
        targetType: 'lead',
        targetId: id,
        targetName: lead.email,
        changes,
        result: { answer: { organizationId, userId }, event },
      };
    });
    if (event) await dispatch(deps, [event]);
    return answer;
  } catch (error) {
    // An account made with the address at the same moment, elsewhere: the same 409 as the users' form.
    if (isUniqueViolation(error)) throw conflict(AdminMessages.emailTaken);
    throw error;
  }
}
