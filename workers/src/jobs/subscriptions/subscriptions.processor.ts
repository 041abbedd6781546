// Long file: a subscription run from its export to every member's e-mail, and the minute's tick that finds runs due.
import { type SubscriptionJob, SubscriptionJobNames, subscriptionRunJobId } from '@app/contracts/server';
import type { Database } from '@app/db';
import { ExportError } from '@app/platform/report-export/http';
import type { UnsubscribeSigner } from '@app/platform/report-export/unsubscribe-token';
import { type Job, type JobsOptions, type Queue, UnrecoverableError } from 'bullmq';
import type { Logger } from 'pino';
import type { MessageContext } from '../../emails/define-email';
import type { Mailer } from '../../emails/mailer';
import { layoutVars } from '../../emails/messages';
import { organizationBrandVars } from '../../emails/organization-brand';
import type { Renderer } from '../../emails/render';
import { reportSubscriptionEmail } from '../../emails/report-subscription';
import {
  claimRunDelivery,
  failOpenDeliveries,
  finishRun,
  loadRun,
  markRunDelivery,
  pendingRuns,
  type RunSubject,
  recipientsOf,
  startRun,
  takeDueRuns,
} from '../../repositories/subscriptions.repository';
import { type ExportDeps, exportForOrganization } from './export';

export interface SubscriptionsDeps extends MessageContext {
  db: Database;
  queue: Queue<SubscriptionJob>;
  jobOptions: JobsOptions;
  exporter: ExportDeps;
  mailer: Mailer;
  renderer: Renderer;
  from: string;
  /** Null without APP_ENCRYPTION_KEY (no export can run then either). */
  signer: UnsubscribeSigner | null;
  logger: Logger;
  now?: () => Date;
}

/** A run written but not started for this long is handed to the queue again (its job lost with Redis). */
const PENDING_GRACE_MS = 2 * 60_000;

/**
 * The minute's tick (once per cluster: one scheduler with a fixed id): writes the runs that are due (once each, see
 * `takeDueRuns`) and hands them, and any run left pending, to the queue, one job per run (its id names the run).
 */
export async function processTick(deps: SubscriptionsDeps) {
  const now = deps.now?.() ?? new Date();
  const due = await takeDueRuns(deps.db, now);
  const stale = await pendingRuns(deps.db, new Date(now.getTime() - PENDING_GRACE_MS));
  const runIds = [...new Set([...due, ...stale])];
  await queueRuns(deps, runIds);
  if (runIds.length)
    deps.logger.info({ due: due.length, requeued: runIds.length - due.length }, 'subscription runs queued');
  return { due: due.length, queued: runIds.length };
}

export async function queueRuns(deps: Pick<SubscriptionsDeps, 'queue' | 'jobOptions'>, runIds: number[]) {
  if (runIds.length === 0) return;
  await deps.queue.addBulk(
    runIds.map((runId) => ({
      name: SubscriptionJobNames.run,
      data: { runId },
      opts: { ...deps.jobOptions, jobId: subscriptionRunJobId(runId) },
    })),
  );
}

const fileNameOf = (subject: RunSubject, extension: string, now: Date) => {
  const safe = (text: string) =>
    text
      .normalize('NFKD')
      .replace(/[^\w\s-]/g, '')
      .trim()
      .replace(/\s+/g, '-')
      .slice(0, 60) || 'report';
  return `${safe(subject.dashboard.name)}-${safe(subject.organization.name)}-${now.toISOString().slice(0, 10)}${extension}`;
};

/** Whether a job is on its last attempt (its failure is then reported, not retried). */
const lastAttempt = (job: Job) => job.attemptsMade + 1 >= (job.opts.attempts ?? 1);

/**
 * One run: the organization's file exported with its own identity, then one e-mail per member with it attached
 * (each delivery recorded before the send: a retried run never mails anyone twice). An export that fails, is throttled
 * or does not finish in time is retried with backoff; the last attempt's failure is what the admin reads.
 */
export async function processRun(job: Job<SubscriptionJob>, deps: SubscriptionsDeps) {
  const now = () => deps.now?.() ?? new Date();
  const { runId } = job.data;
  const subject = await loadRun(deps.db, runId);
  if (!subject) return { status: 'gone' as const };
  if (subject.run.state === 'sent' || subject.run.state === 'skipped' || subject.run.state === 'failed')
    return { status: subject.run.state };
  if (!subject.organization.isActive) {
    await finishRun(deps.db, runId, { state: 'skipped', error: 'The organization is deactivated', now: now() });
    return { status: 'skipped' as const };
  }
  const recipients = await recipientsOf(deps.db, subject);
  const [first] = recipients;
  if (!first) {
    await finishRun(deps.db, runId, {
      state: 'skipped',
      error: 'Nobody to send it to: no active member is subscribed',
      now: now(),
    });
    return { status: 'skipped' as const };
  }
  if (!deps.signer) throw new UnrecoverableError(await fail(deps, runId, 'APP_ENCRYPTION_KEY is not set'));
  await startRun(deps.db, runId, now());

  let file: Awaited<ReturnType<typeof exportForOrganization>>;
  try {
    file = await exportForOrganization(deps.exporter, subject, first.email);
  } catch (error) {
    if (!(error instanceof ExportError)) throw error;
    if (error.kind === 'not-set-up') throw new UnrecoverableError(await fail(deps, runId, error.message));
    const final = lastAttempt(job);
    const message = final ? error.message : `${error.message} (attempt ${job.attemptsMade + 1}, retried later)`;
    if (final) await fail(deps, runId, message);
    else await finishRun(deps.db, runId, { state: 'pending', error: message, now: now() });
    deps.logger.warn({ runId, kind: error.kind, final, detail: error.message }, 'subscription export failed');
    throw error;
  }

  const fileName = fileNameOf(subject, file.extension, now());
  const content = Buffer.from(file.bytes);
  const failures: string[] = [];
  for (const recipient of recipients) {
    const delivery = await claimRunDelivery(deps.db, {
      runId,
      subscriptionId: subject.subscription.id,
      organizationId: subject.organization.id,
      userId: recipient.id,
      email: recipient.email,
      fileName,
    });
    if (delivery.status === 'sent') continue;
    try {
      await sendCopy(deps, subject, recipient, fileName, file.contentType, content, runId);
      await markRunDelivery(deps.db, delivery.id, 'sent', null);
    } catch (error) {
      const message = `The e-mail server refused it: ${(error as Error).message}`.slice(0, 500);
      failures.push(recipient.email);
      await markRunDelivery(deps.db, delivery.id, 'failed', message);
    }
  }
  if (failures.length) {
    const message = `${failures.length} of ${recipients.length} e-mails could not be sent`;
    if (lastAttempt(job)) await fail(deps, runId, message);
    else await finishRun(deps.db, runId, { state: 'pending', error: `${message} (retried later)`, now: now() });
    throw new Error(message);
  }
  await finishRun(deps.db, runId, { state: 'sent', error: null, fileName, fileBytes: content.length, now: now() });
  deps.logger.info({ runId, recipients: recipients.length, bytes: content.length }, 'subscription sent');
  return { status: 'sent' as const, recipients: recipients.length };
}

async function fail(deps: SubscriptionsDeps, runId: number, message: string) {
  await finishRun(deps.db, runId, { state: 'failed', error: message, now: deps.now?.() ?? new Date() });
  await failOpenDeliveries(deps.db, runId, message);
  return message;
}

/** One member's copy, with the file and the RFC 8058 one-click unsubscribe headers. */
async function sendCopy(
  deps: SubscriptionsDeps,
  subject: RunSubject,
  recipient: { id: number; email: string; firstName: string | null },
  fileName: string,
  contentType: string,
  content: Buffer,
  runId: number,
) {
  const signer = deps.signer as UnsubscribeSigner;
  const appUrl = deps.appUrl.replace(/\/$/, '');
  const token = signer.sign(subject.subscription.id, recipient.id);
  const unsubscribeUrl = `${appUrl}/unsubscribe?token=${encodeURIComponent(token)}`;
  const oneClickUrl = `${appUrl}/api/subscriptions/one-click-unsubscribe?token=${encodeURIComponent(token)}`;
  const definition = reportSubscriptionEmail['report-subscription'];
  const prepared = await definition.prepare(deps, {
    id: `subscription-run-${runId}`,
    type: 'subscription.delivery',
    createdAt: new Date(),
    payload: {
      email: recipient.email,
      firstName: recipient.firstName,
      organizationName: subject.organization.name,
      organizationLogoUrl: subject.organization.logoUrl,
      dashboardName: subject.dashboard.name,
      dashboardId: subject.dashboard.id,
      frequency: subject.subscription.frequency,
      fileName,
      unsubscribeUrl,
    },
  });
  if (!prepared || prepared.link) throw new Error('The report e-mail could not be prepared');
  const { html, text } = deps.renderer.render('report-subscription', {
    ...layoutVars(deps),
    ...organizationBrandVars(prepared.organization ?? null),
    subject: prepared.subject,
    preview: prepared.preview,
    ...prepared.vars,
  });
  const domain = new URL(deps.appUrl).hostname;
  await deps.mailer.send({
    from: deps.from,
    to: prepared.to,
    subject: prepared.subject,
    html,
    text,
    messageId: `<subscription-run-${runId}.${recipient.id}@${domain}>`,
    headers: {
      'List-Unsubscribe': `<${oneClickUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      'X-Subscription-Run': String(runId),
    },
    attachments: [{ filename: fileName, content, contentType }],
  });
}

/** The final failure of a run's job that did not record it itself (a bug, the database away): the admin reads it. */
export async function recordFinalFailure(deps: SubscriptionsDeps, job: Job<SubscriptionJob>, error: Error) {
  const { runId } = job.data;
  const subject = await loadRun(deps.db, runId);
  if (subject && (subject.run.state === 'pending' || subject.run.state === 'exporting'))
    await fail(deps, runId, error.message.slice(0, 500));
}
