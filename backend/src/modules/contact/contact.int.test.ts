import { QueueNames } from '@app/contracts/server';
import * as schema from '@app/db/schema';
import { Queue } from 'bullmq';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../testing/app';
import { contactMessage } from '../../../testing/contact';

const valid = contactMessage();

const t = useTestApp();

describe('POST /api/contact', () => {
  it.each([
    ['name', { name: 'A' }, 'Name must be at least 2 characters'],
    ['name', { name: '   A   ' }, 'Name must be at least 2 characters'],
    ['email', { email: 'not-an-address' }, 'Please enter a valid email address'],
    ['subject', { subject: 'x' }, 'Subject is required'],
    ['message', { message: 'too short' }, 'Message must be at least 10 characters'],
    ['name', { name: 'n'.repeat(101) }, 'Name must be at most 100 characters'],
    ['subject', { subject: 's'.repeat(201) }, 'Subject must be at most 200 characters'],
    ['message', { message: 'm'.repeat(5001) }, 'Message must be at most 5,000 characters'],
  ])('refuses a bad %s with the spec message (%#)', async (path, override, message) => {
    const response = await t.post('/api/contact', { ...valid, ...override });
    expect(response.status).toBe(422);
    const body = await response.json();
    expect(body.message).toBe(message);
    expect(body.issues).toEqual([{ path, message }]);
  });

  it('lists every problem at once', async () => {
    const response = await t.post('/api/contact', { name: '', email: '', subject: '', message: '' });
    expect(response.status).toBe(422);
    const body = await response.json();
    expect(body.issues.map((i: { path: string }) => i.path)).toEqual(['name', 'email', 'subject', 'message']);
  });

  it('refuses a missing field and a body that is not an object with clear messages', async () => {
    const missing = await t.post('/api/contact', { name: 'Ada', email: 'ada@example.com' });
    expect(missing.status).toBe(422);
    expect((await missing.json()).issues).toEqual([
      { path: 'subject', message: 'Subject is required' },
      { path: 'message', message: 'Message must be at least 10 characters' },
    ]);

    const notJson = await t.post('/api/contact', '{not json', { 'content-type': 'application/json' });
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toEqual({
      message: 'The request body could not be read. Send valid JSON.',
      issues: [],
    });

    const array = await t.post('/api/contact', [1, 2]);
    expect(array.status).toBe(422);
    expect((await array.json()).message).toBe('The request body must be a JSON object.');
  });

  it('stores the message and its contact.received event in one go, publishes it with the event id as job id', async () => {
    const response = await t.post('/api/contact', { ...valid, name: '  Ada Lovelace  ' });
    expect(response.status).toBe(201);
    const { id } = await response.json();

    const [stored] = await t.db.select().from(schema.contactMessages).where(eq(schema.contactMessages.id, id));
    expect(stored).toMatchObject({ ...valid, isSpam: false });

    const eventOf = async () =>
      (await t.db.select().from(schema.outboxEvents)).find(
        (e) => (e.payload as { contactMessageId: number }).contactMessageId === id,
      );
    expect(await eventOf()).toMatchObject({ type: 'contact.received', payload: { contactMessageId: id } });
    // Published just after the answer (the answer waits only for the message to be stored).
    await expect.poll(async () => (await eventOf())?.publishedAt, { timeout: 5000 }).toBeInstanceOf(Date);
    const event = await eventOf();

    const redis = new Redis(t.redisUrl, { maxRetriesPerRequest: null });
    const queue = new Queue(QueueNames.domainEvents, { connection: redis, prefix: t.queuePrefix });
    const job = await queue.getJob(event!.id);
    expect(job?.name).toBe('contact.received');
    expect(job?.data).toEqual({ eventId: event!.id });
    await queue.close();
    redis.disconnect();
  });

  it('answers a filled honeypot as if accepted, stores it as spam and raises no event', async () => {
    const before = await t.db.select().from(schema.outboxEvents);
    const response = await t.post('/api/contact', { ...valid, website: 'http://spam.example' });
    expect(response.status).toBe(201);
    const { id } = await response.json();
    const [stored] = await t.db.select().from(schema.contactMessages).where(eq(schema.contactMessages.id, id));
    expect(stored?.isSpam).toBe(true);
    expect(await t.db.select().from(schema.outboxEvents)).toHaveLength(before.length);
  });
});

describe('when Redis is unreachable', () => {
  const down = useTestApp({ redisUrl: 'redis://127.0.0.1:1' });

  it('still answers 201 and keeps the event in the outbox for the sweeper', async () => {
    const started = Date.now();
    const response = await down.post('/api/contact', valid);
    expect(response.status).toBe(201);
    expect(Date.now() - started).toBeLessThan(3000);
    // The publish is tried just after the answer, fails fast, and is counted; the event stays for the sweeper.
    await expect
      .poll(async () => (await down.db.select().from(schema.outboxEvents))[0]?.publishAttempts, { timeout: 5000 })
      .toBe(1);
    const [event] = await down.db.select().from(schema.outboxEvents);
    expect(event?.publishedAt).toBeNull();
    expect(await down.db.select().from(schema.contactMessages)).toHaveLength(1);
  });
});
