import type { Database } from '@app/db';

/**
 * Advisory-lock keys of the calendar jobs (two int4 keys: a namespace and an id). One lock per booking, so the jobs
 * of one booking (its PUT, its DELETE) never run at once in any worker process, while different bookings' jobs do;
 * one lock for the busy-time sync, which replaces a whole table.
 */
export const CalendarLocks = {
  booking: (bookingId: number) => [0x63616c01, bookingId] as const,
  busySync: () => [0x63616c02, 0] as const,
};

/**
 * Runs `work` while holding a PostgreSQL advisory lock, shared by every worker process on the database. The lock is
 * taken inside a transaction of a connection of its own (pg_advisory_xact_lock): it is released when `work` ends,
 * whether it succeeds or throws, and by PostgreSQL itself when the process dies and its connection closes, so a
 * crashed worker never leaves a booking locked. The job waits for the lock; BullMQ keeps renewing the job's own lock
 * meanwhile.
 */
export async function withCalendarLock<T>(
  db: Database,
  [namespace, id]: readonly [number, number],
  work: () => Promise<T>,
): Promise<T> {
  let result: T | undefined;
  await db.$client.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(${namespace}::int4, ${id}::int4)`;
    result = await work();
  });
  return result as T;
}
