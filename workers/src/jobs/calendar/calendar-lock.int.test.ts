import { QueueNames } from '@app/contracts/server';
import { useTestDatabase } from '@app/db/testing';
import { sleep, waitUntil } from '@app/testing';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { spawnWorkersProcess, stopWorkersProcesses, useTestSmtpServer } from '../../../testing';
import { emitBookingEvent, insertBooking } from '../../../testing/bookings';

/**
 * A CalDAV server stand-in that answers slowly and records, per calendar object and for the busy-time REPORTs, how
 * many requests were in progress at once.
 */
function startRecordingCalDav(delayMs: number) {
  const inFlight = new Map<string, number>();
  const maxInFlight = new Map<string, number>();
  const calls = new Map<string, number>();
  let bookingCallsNow = 0;
  let maxBookingCalls = 0;
  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    async fetch(request) {
      const path = decodeURIComponent(new URL(request.url).pathname);
      const isObject = path.endsWith('.ics');
      const key = isObject ? path.slice(path.lastIndexOf('/') + 1, -'.ics'.length) : `${request.method} ${path}`;
      await request.text();
      const now = (inFlight.get(key) ?? 0) + 1;
      inFlight.set(key, now);
      maxInFlight.set(key, Math.max(maxInFlight.get(key) ?? 0, now));
      if (isObject) maxBookingCalls = Math.max(maxBookingCalls, ++bookingCallsNow);
      await sleep(delayMs);
      inFlight.set(key, (inFlight.get(key) ?? 1) - 1);
      if (isObject) bookingCallsNow--;
      calls.set(key, (calls.get(key) ?? 0) + 1);
      if (request.method === 'PUT') return new Response(null, { status: 201 });
      if (request.method === 'DELETE') return new Response(null, { status: 204 });
      return new Response('<?xml version="1.0" encoding="utf-8"?><d:multistatus xmlns:d="DAV:"/>', {
        status: 207,
        headers: { 'content-type': 'application/xml; charset=utf-8' },
      });
    },
  });
  return {
    url: `http://127.0.0.1:${server.port}/calendars/company/consultations/`,
    maxInFlight,
    calls,
    get maxBookingCalls() {
      return maxBookingCalls;
    },
    stop: () => server.stop(true),
  };
}

describe('calendar jobs with two worker processes', () => {
  const caldav = startRecordingCalDav(250);
  const connection = useTestDatabase();
  const smtp = useTestSmtpServer();
  let redis: Redis;
  let calendarQueue: Queue;
  const processes: ReturnType<typeof spawnWorkersProcess>[] = [];
  const queuePrefix = `test-${crypto.randomUUID().slice(0, 8)}`;

  beforeAll(async () => {
    redis = new Redis(inject('redisUrl'), { maxRetriesPerRequest: null });
    calendarQueue = new Queue(QueueNames.calendar, { connection: redis, prefix: queuePrefix });
    const options = { databaseUrl: connection.url, queuePrefix, smtpUrl: smtp.url, env: { CALDAV_URL: caldav.url } };
    processes.push(spawnWorkersProcess(options), spawnWorkersProcess(options));
    await waitUntil(async () => (await calendarQueue.getWorkersCount()) >= 2, 30_000, 'both worker processes');
  }, 60_000);
  afterAll(async () => {
    await stopWorkersProcesses(processes);
    await calendarQueue?.close();
    redis?.disconnect();
    caldav.stop();
  });

  it('never runs two jobs of the same booking at once, while different bookings run side by side', async () => {
    const first = await insertBooking(connection.db, { date: '2026-11-09', hour: 9 });
    const second = await insertBooking(connection.db, { date: '2026-11-09', hour: 10 });
    // Each event adds a put-booking job and a busy-time sync: four of the first booking, then four of the second,
    // all waiting on the paused queue, so that both processes take jobs of the first booking as soon as it resumes.
    await calendarQueue.pause();
    for (const booking of [first, first, first, first, second, second, second, second])
      await emitBookingEvent(connection.db, 'booking.created', booking.id);
    await waitUntil(async () => (await calendarQueue.getWaitingCount()) >= 16 || null, 30_000, 'the jobs queued');
    await calendarQueue.resume();

    await waitUntil(
      () =>
        (caldav.calls.get(first.calendarUid) ?? 0) >= 4 && (caldav.calls.get(second.calendarUid) ?? 0) >= 4
          ? true
          : null,
      60_000,
      'every PUT of both bookings',
    );
    await waitUntil(
      async () => ((await calendarQueue.getJobCounts('active', 'waiting')).active ?? 0) === 0 || null,
      30_000,
      'the syncs to finish',
    );

    expect(caldav.calls.get(first.calendarUid)).toBe(4);
    expect(caldav.calls.get(second.calendarUid)).toBe(4);
    expect(caldav.maxInFlight.get(first.calendarUid)).toBe(1);
    expect(caldav.maxInFlight.get(second.calendarUid)).toBe(1);
    // The two bookings did not wait for each other.
    expect(caldav.maxBookingCalls).toBe(2);
    // The busy-time syncs (one per event, and the scheduled one) never overlapped either.
    const reports = [...caldav.maxInFlight].filter(([key]) => key.startsWith('REPORT '));
    expect(reports.length).toBeGreaterThan(0);
    for (const [, max] of reports) expect(max).toBe(1);
  }, 120_000);
});
