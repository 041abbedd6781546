import { afterAll, beforeAll } from 'vitest';

/**
 * A value read on each use through `read`: it can be handed out (or destructured) where the tests are declared and
 * read inside them, once a hook has made it.
 */
export function lazy<T extends object>(read: () => T): T {
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(read(), key),
    set: (_, key, value) => Reflect.set(read(), key, value),
    has: (_, key) => Reflect.has(read(), key),
  });
}

/**
 * Something the tests of one file (or one describe block) share: started before them, stopped after them. What it
 * returns reads the started value (see `lazy`). Fixtures stop in the reverse order they were declared in.
 */
export function useFixture<T extends object>(
  start: () => Promise<T>,
  stop: (value: T) => Promise<unknown>,
  timeoutMs?: number,
): T {
  let value: T | undefined;
  beforeAll(async () => {
    value = await start();
  }, timeoutMs);
  afterAll(async () => {
    if (value) await stop(value);
  });
  return lazy(() => {
    if (!value) throw new Error('A test fixture is used before it started: use it inside tests and hooks');
    return value;
  });
}
