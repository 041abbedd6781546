import type { EmailJob } from '@app/contracts';
import type { Database } from '@app/db';
import type { Job } from 'bullmq';
import type { Logger } from 'pino';
import type { Mailer } from '../../emails/mailer';
import { builders, layoutVars, type MessageContext } from '../../emails/messages';
import type { Renderer } from '../../emails/render';
import { claimDelivery, markDeliverySent, recordDeliveryError } from '../../repositories/deliveries.repository';
import { findEvent } from '../../repositories/events.repository';

export interface SendEmailDeps extends MessageContext {
  db: Database;
  mailer: Mailer;
  renderer: Renderer;
  from: string;
  logger: Logger;
}

/**
 * Sends one e-mail of one event. Idempotent: the delivery record (unique per event, template and recipient) says
 * whether it was already accepted by the SMTP server, so a retried or duplicated job never sends it twice.
 */
export async function processSendEmail(job: Job<EmailJob>, deps: SendEmailDeps) {
  const { eventId, template } = job.data;
  const event = await findEvent(deps.db, eventId);
  const prepared = event ? await builders[template](deps, event) : null;
  if (!event || !prepared) {
    deps.logger.warn({ eventId, template }, 'nothing to e-mail: the event or its subject no longer exists');
    return { status: 'skipped' as const };
  }
  const delivery = await claimDelivery(deps.db, { eventId, template, recipient: prepared.to });
  if (delivery.status === 'sent') return { status: 'already-sent' as const };

  const { html, text } = deps.renderer.render(template, {
    ...layoutVars(deps),
    subject: prepared.subject,
    preview: prepared.preview,
    ...prepared.vars,
    ...(prepared.secretVars ? await prepared.secretVars() : {}),
  });
  const domain = new URL(deps.appUrl).hostname;
  try {
    const info = await deps.mailer.send({
      from: deps.from,
      to: prepared.to,
      replyTo: prepared.replyTo,
      subject: prepared.subject,
      html,
      text,
      messageId: `<${eventId}.${template}@${domain}>`,
      headers: { 'X-Event-Id': eventId, ...(event.requestId ? { 'X-Request-Id': event.requestId } : {}) },
      ...(prepared.attachments ? { attachments: prepared.attachments } : {}),
    });
    await markDeliverySent(deps.db, delivery.id, info.messageId);
    deps.logger.info({ eventId, template, attempt: delivery.attempts, requestId: event.requestId }, 'e-mail sent');
    return { status: 'sent' as const };
  } catch (error) {
    await recordDeliveryError(deps.db, delivery.id, String((error as Error).message)).catch(() => {});
    throw error;
  }
}
