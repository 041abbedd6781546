import { nextRunAfter, type Subscription, type SubscriptionInput } from '@app/contracts';
import type { Database } from '@app/db';
import { insertEvent } from '@app/platform/outbox';
import type { UnsubscribeSigner } from '@app/platform/report-export/unsubscribe-token';
import { type DispatchDeps, dispatch } from '../../events/dispatch';
import type { Clock } from '../../lib/clock';
import { conflict, HttpError, notFound, unprocessable } from '../../lib/http-error';
import { type Actor, withAudit } from '../audit';
import * as repo from './subscriptions.repository';

/**
 * Report subscriptions (issue 29, decision 054): an organization–dashboard link's report exported on a schedule and
 * e-mailed to the organization's members. The admin's changes are audited; a member unsubscribes by the e-mail's
 * signed link (the page's button, or RFC 8058 one-click) or from the account page.
 */

export interface SubscriptionsDeps extends DispatchDeps {
  db: Database;
  clock: Clock;
  signer: UnsubscribeSigner | null;
}

const EXPORTABLE = new Set(['powerbi', 'tableau']);

const SubscriptionMessages = {
  notFound: 'Subscription not found',
  notLinked: 'The dashboard is not linked to the organization: link it first',
  notExportable: 'Only Power BI and Tableau dashboards can be e-mailed: this dashboard is embedded another way',
  noScope:
    "The organization has no data scope for this dashboard: set it on the link first (the file is exported with the organization's identity)",
  notMembers: (ids: number[]) => `Not members of the organization: ${ids.join(', ')}`,
  sending: 'This subscription is being sent already: wait until it has been sent',
  badToken: 'This unsubscribe link is not valid (or the subscription no longer exists)',
  noKey: 'Unsubscribe links cannot be checked: APP_ENCRYPTION_KEY is not set',
} as const;

/** The values stored, after the link, the dashboard's provider and the named members are checked. */
async function checkedValues(deps: SubscriptionsDeps, input: SubscriptionInput): Promise<repo.SubscriptionValues> {
  const link = await repo.findLink(deps.db, input.organizationId, input.dashboardId);
  if (!link)
    throw unprocessable(SubscriptionMessages.notLinked, [
      { path: 'dashboardId', message: SubscriptionMessages.notLinked },
    ]);
  if (!EXPORTABLE.has(link.embedMode))
    throw unprocessable(SubscriptionMessages.notExportable, [
      { path: 'dashboardId', message: SubscriptionMessages.notExportable },
    ]);
  if (link.dataScope === null)
    throw unprocessable(SubscriptionMessages.noScope, [{ path: 'dashboardId', message: SubscriptionMessages.noScope }]);
  if (input.recipients !== 'all-members') {
    const members = await repo.membersAmong(deps.db, input.organizationId, input.recipients);
    const strangers = input.recipients.filter((id) => !members.has(id));
    if (strangers.length)
      throw unprocessable(SubscriptionMessages.notMembers(strangers), [
        { path: 'recipients', message: SubscriptionMessages.notMembers(strangers) },
      ]);
  }
  const schedule = {
    frequency: input.frequency,
    weekday: input.frequency === 'weekly' ? (input.weekday ?? null) : null,
    dayOfMonth: input.frequency === 'monthly' ? (input.dayOfMonth ?? null) : null,
    time: input.time,
    timeZone: input.timeZone,
  };
  return {
    organizationId: input.organizationId,
    dashboardId: input.dashboardId,
    ...schedule,
    format: input.format,
    recipientUserIds: input.recipients === 'all-members' ? null : input.recipients,
    nextRunAt: nextRunAfter(schedule, deps.clock.now()),
  };
}

const auditTarget = (id: number, values: repo.SubscriptionValues) => ({
  targetType: 'subscription',
  targetId: id,
  targetName: `Subscription ${id}`,
  changes: { ...values, nextRunAt: values.nextRunAt.toISOString() },
});

export async function createSubscription(deps: SubscriptionsDeps, actor: Actor, input: SubscriptionInput) {
  const values = await checkedValues(deps, input);
  const id = await withAudit(deps.db, actor, async (tx) => {
    const id = await repo.insertSubscription(tx, values);
    return { action: 'subscription.create', ...auditTarget(id, values), result: id };
  });
  return (await repo.findSubscription(deps.db, id)) as Subscription;
}

export async function changeSubscription(deps: SubscriptionsDeps, actor: Actor, id: number, input: SubscriptionInput) {
  const values = await checkedValues(deps, input);
  await withAudit(deps.db, actor, async (tx) => {
    if (!(await repo.lockSubscription(tx, id))) throw notFound(SubscriptionMessages.notFound);
    await repo.updateSubscription(tx, id, values);
    return { action: 'subscription.update', ...auditTarget(id, values) };
  });
  return (await repo.findSubscription(deps.db, id)) as Subscription;
}

export async function removeSubscription(deps: SubscriptionsDeps, actor: Actor, id: number) {
  await withAudit(deps.db, actor, async (tx) => {
    if (!(await repo.deleteSubscription(tx, id))) throw notFound(SubscriptionMessages.notFound);
    return {
      action: 'subscription.delete',
      targetType: 'subscription',
      targetId: id,
      targetName: `Subscription ${id}`,
    };
  });
}

/** A run now, besides the schedule: 202 with it; 409 while the previous "send now" is still being sent. */
export async function sendNow(deps: SubscriptionsDeps, actor: Actor, id: number, requestId?: string) {
  const { run, event } = await withAudit(deps.db, actor, async (tx) => {
    if (!(await repo.lockSubscription(tx, id))) throw notFound(SubscriptionMessages.notFound);
    const run = await repo.insertSendNowRun(tx, id);
    if (!run) throw conflict(SubscriptionMessages.sending);
    const event = await insertEvent(tx, 'subscription.send_requested', { runId: run.id }, requestId);
    return {
      action: 'subscription.send-now',
      targetType: 'subscription',
      targetId: id,
      targetName: `Subscription ${id}`,
      changes: { runId: run.id },
      result: { run, event },
    };
  });
  await dispatch(deps, [event]);
  return run;
}

export async function history(deps: SubscriptionsDeps, id: number) {
  if (!(await repo.findSubscription(deps.db, id))) throw notFound(SubscriptionMessages.notFound);
  return repo.subscriptionHistory(deps.db, id);
}

/** The member and subscription a link's token names, still a member of its organization; else 404. */
async function tokenSubject(deps: SubscriptionsDeps, token: string) {
  if (!deps.signer) throw new HttpError(503, SubscriptionMessages.noKey);
  const named = deps.signer.verify(token);
  const subject = named ? await repo.unsubscribeSubject(deps.db, named.subscriptionId, named.userId) : null;
  if (!named || !subject) throw notFound(SubscriptionMessages.badToken);
  return { ...named, subject };
}

export async function previewUnsubscribe(deps: SubscriptionsDeps, token: string) {
  return (await tokenSubject(deps, token)).subject;
}

export async function unsubscribeByToken(deps: SubscriptionsDeps, token: string, via: 'link' | 'one-click') {
  const { subscriptionId, userId, subject } = await tokenSubject(deps, token);
  await repo.unsubscribe(deps.db, subscriptionId, userId, via);
  return { message: `You will no longer receive ${subject.dashboardName} by e-mail.` };
}

export const mySubscriptions = (deps: Pick<SubscriptionsDeps, 'db'>, userId: number) =>
  repo.subscriptionsOfMember(deps.db, userId);

export async function changeMySubscription(
  deps: Pick<SubscriptionsDeps, 'db'>,
  userId: number,
  id: number,
  subscribed: boolean,
) {
  const [mine] = await repo.subscriptionsOfMember(deps.db, userId, id);
  if (!mine) throw notFound(SubscriptionMessages.notFound);
  if (subscribed) await repo.resubscribe(deps.db, id, userId);
  else await repo.unsubscribe(deps.db, id, userId, 'account');
  return { ...mine, subscribed };
}

/** The admin's list, or one organization's (`organizationId`). */
export const list = (deps: Pick<SubscriptionsDeps, 'db'>, filter: { organizationId?: number | undefined } = {}) =>
  repo.listSubscriptions(deps.db, undefined, filter.organizationId);
