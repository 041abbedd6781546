import * as schema from '@app/db/schema';
import { sleep, startTcpProxy, waitUntil } from '@app/testing';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { createTestApp, type TestApp, useTestApp } from '../../../../backend/testing/app';
import { startMailingWorkers, startWorkersProcess, useMailingWorkers } from '../../../testing';

const COMPANY = 'hello@lucid-insight.test';
let contactCount = 0;
const contact = (overrides: Record<string, string> = {}) => {
  contactCount++;
  return {
    name: `Grace Hopper ${contactCount}`,
    email: `grace${contactCount}@example.com`,
    subject: `Operations dashboard <${contactCount}>`,
    message: `We need a dashboard of our fabrication progress.\nSecond line & more <b>text</b>.`,
    ...overrides,
  };
};

const deliveries = (t: TestApp) => t.db.select().from(schema.emailDeliveries);

describe('contact e-mails', () => {
  const t = useTestApp();
  const { smtp } = useMailingWorkers(t);
  afterEach(() => {
    smtp.messages.length = 0;
  });

  it('sends the company a notification (reply-to the visitor, every field) and the visitor an acknowledgement', async () => {
    const input = contact();
    const response = await t.post('/api/contact', input);
    expect(response.status).toBe(201);

    await smtp.waitFor((m) => m.length >= 2);
    const [notification] = smtp.to(COMPANY);
    const [ack] = smtp.to(input.email);

    expect(notification).toBeDefined();
    // The request id of the POST travels with the event into the jobs and the e-mails it causes.
    const requestId = response.headers.get('x-request-id');
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(notification!.parsed.headers.get('x-request-id')).toBe(requestId);
    expect(ack!.parsed.headers.get('x-request-id')).toBe(requestId);
    expect(notification!.replyTo).toBe(input.email);
    expect(notification!.subject).toBe(`New contact message: ${input.subject}`);
    for (const value of [input.name, input.email, input.subject, 'We need a dashboard of our fabrication progress.'])
      expect(notification!.text).toContain(value);
    expect(notification!.text).toContain('Second line & more <b>text</b>.');
    // HTML part: the visitor's text is escaped and its line breaks kept.
    expect(notification!.html).toContain('Second line &amp; more &lt;b&gt;text&lt;/b&gt;.');
    expect(notification!.html).toContain('<br />Second line');
    expect(notification!.html).toContain('Operations dashboard &lt;');

    expect(ack).toBeDefined();
    expect(ack!.replyTo).toBe(COMPANY);
    expect(ack!.parsed.from?.text).toContain('no-reply@lucid-insight.test');
    expect(ack!.subject).toBe('We received your message to Lucid Insight');
    expect(ack!.text).toContain('within 24 hours');
    expect(ack!.html).toContain('within 24 hours');
    expect(ack!.html).toContain('http://localhost:3000/book-consultation');
    expect(smtp.messages).toHaveLength(2);

    // The worker marks a delivery sent just after the SMTP server accepted it: wait for that write.
    await expect
      .poll(
        async () =>
          (await deliveries(t))
            .filter((d) => d.status === 'sent')
            .map((d) => d.template)
            .sort(),
        { timeout: 10_000 },
      )
      .toEqual(['contact-acknowledgement', 'contact-notification']);
  });

  it('acknowledges without echoing a word the visitor typed: name, subject and message stay in the company inbox (D40)', async () => {
    // What a phisher types to have the company mail it to a victim: a lure in every field, links of all spellings.
    const lure = 'http://127.0.0.1:9/claim';
    const input = contact({
      name: `Prize desk ${lure}`,
      subject: `Your invoice is overdue: pay at ${lure}?a=1&b=<2>`,
      message: `Dear customer,\nyour account is locked. <a href="${lure}">Unlock it</a> or visit 127.0.0.1:9/x today.`,
    });
    expect((await t.post('/api/contact', input)).status).toBe(201);
    await smtp.waitFor((m) => m.length >= 2);
    const [notification] = smtp.to(COMPANY);
    const [ack] = smtp.to(input.email);

    for (const part of [ack!.subject, ack!.text, ack!.html, ack!.parsed.headers.get('to')?.toString() ?? ''])
      for (const echo of ['127.0.0.1', 'Prize desk', 'invoice', 'overdue', 'locked', 'Unlock', 'Dear customer'])
        expect(part).not.toContain(echo);
    expect(ack!.text).toContain('within 24 hours');
    // The company still reads every word, escaped in its HTML part.
    for (const value of [input.name, input.subject, 'Unlock it']) expect(notification!.text).toContain(value);
    expect(notification!.html).toContain('&lt;a href=&quot;http://127.0.0.1:9/claim&quot;&gt;Unlock it&lt;/a&gt;');
  });

  it.each([
    ['a NUL character', 'name', 'Grace\u0000 Hopper'],
    ['a lone surrogate', 'subject', 'Invoice \ud800 overdue'],
    ['a lone low surrogate', 'message', 'A message long enough \udc00 with a broken character.'],
  ])('refuses %s in the %s with a 422 naming the field, and sends nothing', async (_, field, value) => {
    const input = contact({ [field]: value });
    const response = await t.post('/api/contact', input);
    expect(response.status).toBe(422);
    const body = (await response.json()) as { message: string; issues: { path: string }[] };
    expect(body.message).toMatch(/NUL|surrogate/);
    expect(body.issues.map((i) => i.path)).toContain(field);
    await sleep(500);
    expect(smtp.to(input.email)).toHaveLength(0);
  });

  it('sends nothing for a filled honeypot', async () => {
    const response = await t.post('/api/contact', { ...contact(), website: 'https://spam.example' });
    expect(response.status).toBe(201);
    const real = contact();
    await t.post('/api/contact', real);
    await smtp.waitFor((m) => m.length >= 2);
    await sleep(300);
    expect(smtp.messages.map((m) => m.envelopeTo[0]).sort()).toEqual([COMPANY, real.email].sort());
  });

  it('delivers once the SMTP server stops refusing, exactly once each', async () => {
    smtp.refuse(5);
    const input = contact();
    await t.post('/api/contact', input);
    await smtp.waitFor((m) => m.length >= 2, 20_000);
    await sleep(500);
    expect(smtp.to(COMPANY)).toHaveLength(1);
    expect(smtp.to(input.email)).toHaveLength(1);
    const retried = (await deliveries(t)).filter((d) => d.recipient === input.email || d.recipient === COMPANY);
    expect(retried.reduce((sum, d) => sum + d.attempts, 0)).toBeGreaterThan(2);
  });
});

describe('Redis going away and coming back', () => {
  it('accepts contacts while Redis is unreachable and e-mails each exactly once after it returns', async () => {
    const redisUrl = new URL(inject('redisUrl'));
    const proxy = await startTcpProxy(redisUrl.hostname, Number(redisUrl.port || 6379));
    const t = await createTestApp({ redisUrl: proxy.url('redis:') });
    const mailing = await startMailingWorkers(t, { redisUrl: proxy.url('redis:') });
    const { smtp } = mailing;
    try {
      await proxy.cut();
      const inputs = [contact(), contact(), contact()];
      for (const input of inputs) expect((await t.post('/api/contact', input)).status).toBe(201);
      const unpublished = (await t.db.select().from(schema.outboxEvents)).filter((e) => !e.publishedAt);
      expect(unpublished).toHaveLength(3);
      await sleep(500);
      expect(smtp.messages).toHaveLength(0);

      await proxy.restore();
      await smtp.waitFor((m) => m.length >= 6, 30_000);
      await sleep(1000);
      expect(smtp.messages).toHaveLength(6);
      for (const input of inputs) expect(smtp.to(input.email)).toHaveLength(1);
      expect(smtp.to(COMPANY)).toHaveLength(3);
    } finally {
      await mailing.close();
      await t.close();
      await proxy.close();
    }
  });
});

describe('a worker process that dies in the middle of a job', () => {
  it('leads to each e-mail arriving exactly once after a restart', async () => {
    const t = await createTestApp();
    const workers = await startWorkersProcess(t);
    const { smtp } = workers;
    try {
      const stall = smtp.stallNext();
      const input = contact();
      expect((await t.post('/api/contact', input)).status).toBe(201);
      // The worker is now in the middle of sending a message that the SMTP server has not acknowledged (the other
      // e-mail of the event has gone out and been recorded).
      await stall.started;
      await waitUntil(async () => (await deliveries(t)).some((d) => d.status === 'sent'), 10_000, 'the other e-mail');
      await workers.kill();
      stall.release();

      workers.startAnother();
      await smtp.waitFor((m) => m.length >= 2, 30_000);
      await sleep(1000);
      expect(smtp.to(COMPANY)).toHaveLength(1);
      expect(smtp.to(input.email)).toHaveLength(1);
      await expect
        .poll(async () => (await deliveries(t)).every((d) => d.status === 'sent'), { timeout: 10_000 })
        .toBe(true);
      const rows = await deliveries(t);
      expect(Math.max(...rows.map((d) => d.attempts))).toBe(2);
    } finally {
      await workers.close();
      await t.close();
    }
  }, 60_000);
});

describe('graceful shutdown', () => {
  it('lets a job in progress finish when the workers are closed', async () => {
    const t = await createTestApp();
    const { smtp, workers } = await startMailingWorkers(t);
    try {
      const stall = smtp.stallNext();
      await t.post('/api/contact', contact());
      await stall.started;
      const closing = workers.close();
      await sleep(200);
      stall.release();
      await closing;
      await waitUntil(async () => (await deliveries(t)).some((d) => d.status === 'sent'), 5000, 'the held e-mail');
    } finally {
      await smtp.close();
      await t.close();
    }
  });
});
