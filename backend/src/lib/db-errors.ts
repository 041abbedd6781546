import { conflict } from './http-error';

/** PostgreSQL's unique_violation, whether thrown by postgres.js itself or wrapped by Drizzle (as `cause`). */
export function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e)
    if (e.code === '23505') return true;
  return false;
}

/**
 * A confirmed booking's time collides with another's: the unique index on the start (23505) or the exclusion
 * constraint against overlapping ranges (23P01, exclusion_violation). Both mean the slot is taken (D13, issue 16).
 */
export function isSlotTaken(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e)
    if (e.code === '23505' || e.code === '23P01') return true;
  return false;
}

/** PostgreSQL's foreign_key_violation: a row refers to one that is gone, or a row still referred to is deleted. */
export function isForeignKeyViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e)
    if (e.code === '23503') return true;
  return false;
}

const UNAVAILABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
  '57P01', // admin_shutdown
  '57P03', // cannot_connect_now
]);

/** The database could not be reached (down, restarting): a 503, not a bug of ours. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e)
    if (e.code && UNAVAILABLE.has(e.code)) return true;
  return false;
}

/**
 * Awaits a write whose refusal by the database (`refused`: a unique index, an exclusion constraint, ...) means a
 * conflict a person can act on: a 409 with `message`. Any other error is thrown on as it is.
 */
export async function conflictWhen<T>(refused: (error: unknown) => boolean, message: string, write: Promise<T>) {
  try {
    return await write;
  } catch (error) {
    if (refused(error)) throw conflict(message);
    throw error;
  }
}
