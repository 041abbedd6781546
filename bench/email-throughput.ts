/**
 * Target 4: how many e-mails one worker process delivers a minute to a local SMTP server (contact events put on the
 * queue the way the API does, then timed until every e-mail arrived), and how much faster filling a compiled
 * template is than compiling its MJML for each message.
 */
import { domainEventJobOptions, EventTypes, Queues } from '@app/contracts/server';
import { connect } from '@app/db';
import { createQueue } from '@app/platform/queues';
import { Redis } from 'ioredis';
import { emails } from '../workers/src/emails/index';
import { compileTemplate, createRenderer, slotsOf } from '../workers/src/emails/render';
import { REDIS_URL, uniquePrefix } from './lib/env';
import { type Figure, figure } from './lib/report';
import { startTimedSmtpServer, waitForCount } from './lib/smtp';
import { freshDatabase, startWorkersProcess } from './lib/stack';
import { round } from './lib/stats';

const EVENTS = 1000;
const TIMEOUT_MS = 90_000;

/** Contact messages and their committed contact.received events, as the API writes them; returns the event ids. */
async function insertContactEvents(databaseUrl: string, count: number, from: number): Promise<string[]> {
  const handle = connect(databaseUrl, { max: 1 });
  try {
    const rows = await handle.sql<{ id: string }[]>`
      with messages as (
        insert into contact_messages (name, email, subject, message)
        select 'Ada Lovelace', 'ada+' || n || '@example.com', 'Enrollment dashboard',
               'We would like a dashboard of our enrollment numbers (benchmark message ' || n || ').'
        from generate_series(${from}::int, ${from + count - 1}::int) as n
        returning id
      )
      insert into outbox_events (type, payload, published_at)
      select ${EventTypes.contactReceived}, jsonb_build_object('contactMessageId', id), now() from messages
      returning id`;
    return rows.map((r) => String(r.id));
  } finally {
    await handle.close();
  }
}

async function publish(queuePrefix: string, eventIds: string[]) {
  const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
  const queue = createQueue({ redis, prefix: queuePrefix }, Queues.domainEvents);
  try {
    for (let i = 0; i < eventIds.length; i += 500)
      await queue.addBulk(
        eventIds.slice(i, i + 500).map((id) => ({
          name: EventTypes.contactReceived,
          data: { eventId: id },
          opts: { ...domainEventJobOptions, jobId: id },
        })),
      );
  } finally {
    await queue.close();
    redis.disconnect();
  }
}

async function cleanQueues(queuePrefix: string) {
  const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
  try {
    let cursor = '0';
    for (let i = 0; i < 10_000; i++) {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${queuePrefix}:*`, 'COUNT', 1000);
      if (keys.length) await redis.del(...keys);
      cursor = next;
      if (cursor === '0') break;
    }
  } finally {
    redis.disconnect();
  }
}

export async function emailThroughput(): Promise<Figure[]> {
  const database = await freshDatabase();
  const queuePrefix = uniquePrefix('throughput');
  const smtp = await startTimedSmtpServer();
  let workers: Awaited<ReturnType<typeof startWorkersProcess>> | undefined;
  try {
    workers = await startWorkersProcess({ databaseUrl: database.url, queuePrefix, smtpUrl: smtp.url });
    // One event first: how many e-mails a contact makes, and the worker's connections warmed.
    await publish(queuePrefix, await insertContactEvents(database.url, 1, 1));
    const perEvent = await waitForCount(smtp, 2, 10_000);
    await Bun.sleep(300);
    const emailsPerEvent = smtp.messages.length;
    if (emailsPerEvent === 0) throw new Error('no e-mail arrived for a contact event within 10 s');

    const ids = await insertContactEvents(database.url, EVENTS, 2);
    const before = smtp.messages.length;
    const expected = before + EVENTS * emailsPerEvent;
    const started = performance.now();
    await publish(queuePrefix, ids);
    const arrived = (await waitForCount(smtp, expected, TIMEOUT_MS)) - before;
    const lastArrival = smtp.arrivals[smtp.messages.length - 1] ?? performance.now();
    const minutes = (lastArrival - started) / 60_000;
    const perMinute = arrived / minutes;
    void perEvent;
    return [
      figure(
        'e-mails delivered per minute by one worker process',
        String(Math.round(perMinute)),
        '>= 6000',
        perMinute >= 6000 && arrived === EVENTS * emailsPerEvent,
        `${arrived} of ${EVENTS * emailsPerEvent} e-mails (${emailsPerEvent} per contact) in ${round(minutes * 60, 1)} s`,
      ),
      ...(await templateFill()),
    ];
  } finally {
    await workers?.stop();
    await smtp.close();
    await cleanQueues(queuePrefix).catch(() => {});
    await database.drop();
  }
}

/** compileTemplate (MJML for each message) against renderer.render (fill the compiled template) on one template. */
async function templateFill(): Promise<Figure[]> {
  const template = 'contact-notification' as const;
  const renderer = await createRenderer([emails[template]]);
  const compiled = await compileTemplate(template);
  const names = slotsOf(`${compiled.html}${compiled.text}`);
  const vars = Object.fromEntries([...names].map((name) => [name, `value of ${name} <with> "quotes" & more`]));

  const time = async (count: number, budgetMs: number, body: () => unknown) => {
    const started = performance.now();
    let done = 0;
    while (done < count && performance.now() - started < budgetMs) {
      await body();
      done++;
    }
    return (performance.now() - started) / done;
  };
  await time(3, 2_000, () => compileTemplate(template));
  await time(500, 1_000, () => renderer.render(template, vars));
  const compileMs = await time(20, 5_000, () => compileTemplate(template));
  const fillMs = await time(5_000, 3_000, () => renderer.render(template, vars));
  const ratio = compileMs / fillMs;
  return [
    figure(
      'template: compile MJML per message ÷ fill compiled',
      `${Math.round(ratio)}x`,
      '>= 100x',
      ratio >= 100,
      `${round(compileMs, 1)} ms per compile vs ${round(fillMs * 1000, 1)} µs per fill (${template})`,
    ),
  ];
}
