import * as schema from '@app/db/schema';
import { useTestDatabase } from '@app/db/testing';
import { describe, expect, it } from 'vitest';
import { createBatcher } from '../../lib/batcher';
import { insertContactMessagesWithEvents, type NewContactMessage } from './contact.repository';

describe('storing contact messages in batches', () => {
  const handle = useTestDatabase(3);

  const TRICKY = ['x,"y', 'back\\slash', '{brace}', 'line\nbreak', 'NULL', ' spaced ', 'é🎉', "it's"];

  it('gives every concurrent message its own row and event, in order, with events only for non-spam', async () => {
    const store = createBatcher((messages: NewContactMessage[]) =>
      insertContactMessagesWithEvents(handle.db, messages),
    );
    const inputs: NewContactMessage[] = Array.from({ length: 60 }, (_, i) => ({
      name: `Sender ${i} ${TRICKY[i % TRICKY.length]}`,
      email: `sender${i}@example.com`,
      subject: `Subject ${i}`,
      message: `Message ${i}: ${TRICKY[(i + 3) % TRICKY.length]}`,
      isSpam: i % 7 === 0,
      ipAddress: i % 2 ? `10.0.0.${i}` : null,
      userAgent: i % 3 ? null : 'Agent/1.0',
      requestId: `request-${i}`,
    }));
    const results = await Promise.all(inputs.map((input) => store(input)));

    const messages = await handle.db.select().from(schema.contactMessages);
    const events = await handle.db.select().from(schema.outboxEvents);
    expect(messages).toHaveLength(60);
    expect(new Set(results.map((r) => r.id)).size).toBe(60);
    results.forEach((result, i) => {
      const input = inputs[i] as NewContactMessage;
      const row = messages.find((m) => m.id === result.id);
      expect(row).toMatchObject({
        name: input.name,
        email: input.email,
        subject: input.subject,
        message: input.message,
        isSpam: input.isSpam,
        ipAddress: input.ipAddress,
        userAgent: input.userAgent,
      });
      if (input.isSpam) {
        expect(result.eventId).toBeNull();
      } else {
        const event = events.find((e) => e.id === result.eventId);
        expect(event).toMatchObject({
          type: 'contact.received',
          payload: { contactMessageId: result.id },
          requestId: input.requestId,
        });
      }
    });
    expect(events).toHaveLength(inputs.filter((i) => !i.isSpam).length);
  });

  it('writes a message and its event together or not at all', async () => {
    const before = (await handle.db.select().from(schema.outboxEvents)).length;
    const tooLong = 'x'.repeat(10);
    // A NUL character cannot be stored in text: the statement fails as a whole.
    await expect(
      insertContactMessagesWithEvents(handle.db, [
        { name: 'Ok', email: 'ok@example.com', subject: tooLong, message: 'fine', isSpam: false },
        { name: 'Bad\u0000', email: 'bad@example.com', subject: 's', message: 'm', isSpam: false },
      ]),
    ).rejects.toThrow();
    expect(await handle.db.select().from(schema.outboxEvents)).toHaveLength(before);
  });
});
