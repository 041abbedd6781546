import type { EmailJob } from '@app/contracts/server';
import type { Database } from '@app/db';
import { findEvent } from '@app/platform/outbox';
import { inSpan, SpanKind } from '@app/platform/trace-context';
import type { Job } from 'bullmq';
import type { Logger } from 'pino';
import type { MessageContext } from '../../emails/define-email';
import { emails } from '../../emails/index';
import type { Mailer } from '../../emails/mailer';
import { layoutVars } from '../../emails/messages';
import { organizationBrandVars } from '../../emails/organization-brand';
import type { Renderer } from '../../emails/render';
import {
  claimDelivery,
  deliveryMessageId,
  markDeliverySent,
  recordDeliveryError,
} from '../../repositories/deliveries.repository';
import { mintLink } from './links';

export interface SendEmailDeps extends MessageContext {
  db: Database;
  mailer: Mailer;
  renderer: Renderer;
  from: string;
  logger: Logger;
}

/**
 * Sends one e-mail of one event, at least once (D30). The delivery record (unique per event, template and recipient)
 * says whether the SMTP server already accepted it, so a retried or duplicated job does not send it again. The one
 * gap: a worker that dies after the server's 250 and before the record says 'sent' leaves the job to be retried, and
 * the e-mail goes out a second time, with the same Message-ID (fixed in the record before the first attempt) and a
 * link that works as well as the first copy's (see `issueUserToken`).
 */
export async function processSendEmail(job: Job<EmailJob>, deps: SendEmailDeps) {
  const { eventId, template } = job.data;
  const event = await findEvent(deps.db, eventId);
  const prepared = event ? await emails[template].prepare(deps, event, job.data) : null;
  if (!event || !prepared) {
    deps.logger.warn({ eventId, template }, 'nothing to e-mail: the event or its subject no longer exists');
    return { status: 'skipped' as const };
  }
  const key = { eventId, template, recipient: prepared.to };
  const delivery = await claimDelivery(deps.db, key, deliveryMessageId(key, new URL(deps.appUrl).hostname));
  if (delivery.status === 'sent') return { status: 'already-sent' as const };

  // Only now, with the e-mail known not to have gone out, is its link's token minted (D7, decision 016).
  const vars = prepared.link ? prepared.vars(await mintLink(deps, event, prepared.link)) : prepared.vars;
  const { html, text } = deps.renderer.render(template, {
    ...layoutVars(deps),
    ...organizationBrandVars(prepared.organization ?? null),
    subject: prepared.subject,
    preview: prepared.preview,
    ...vars,
  });
  let accepted = false;
  try {
    // One span per delivery attempt: the template and attempt only (no address, subject or body leaves the process).
    const message = {
      from: deps.from,
      to: prepared.to,
      replyTo: prepared.replyTo,
      subject: prepared.subject,
      html,
      text,
      messageId: delivery.messageId,
      headers: { 'X-Event-Id': eventId, ...(event.requestId ? { 'X-Request-Id': event.requestId } : {}) },
      ...(prepared.attachments ? { attachments: prepared.attachments } : {}),
    };
    await inSpan(
      'smtp.send',
      { kind: SpanKind.CLIENT, attributes: { 'email.template': template, 'email.attempt': delivery.attempts } },
      () => deps.mailer.send(message),
    );
    accepted = true;
    // Nothing between the server's 250 and this write.
    await markDeliverySent(deps.db, delivery.id);
    deps.logger.info({ eventId, template, attempt: delivery.attempts, requestId: event.requestId }, 'e-mail sent');
    return { status: 'sent' as const };
  } catch (error) {
    if (accepted)
      deps.logger.error(
        { eventId, template, messageId: delivery.messageId, err: error },
        'e-mail accepted by the SMTP server but not recorded as sent: its retry will send a second copy',
      );
    await recordDeliveryError(deps.db, delivery.id, String((error as Error).message)).catch(() => {});
    throw error;
  }
}
