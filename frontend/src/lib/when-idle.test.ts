// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';

/** Each test gets the module afresh: its promise is made once per page. */
const load = async () => {
  vi.resetModules();
  return import('./when-idle');
};

const settled = async (promise: Promise<void>) => {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  // Long past any timer the page could have set: the old idle wait gave up after 5 s from the load event.
  await vi.advanceTimersByTimeAsync(10_000);
  return done;
};

describe('whenIdle: code a click may need comes on intent, never on a timer (issue 30)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    return () => vi.useRealTimers();
  });

  it('waits for the visitor, however long the page sits loaded', async () => {
    const { whenIdle } = await load();
    window.dispatchEvent(new Event('load'));
    expect(await settled(whenIdle())).toBe(false);
  });

  it.each(['pointerover', 'pointerdown', 'touchstart', 'keydown', 'focusin', 'scroll'])(
    'comes at the first %s',
    async (type) => {
      const { whenIdle } = await load();
      const wanted = whenIdle();
      document.body.dispatchEvent(new Event(type, { bubbles: true }));
      expect(await settled(wanted)).toBe(true);
    },
  );

  it('comes when asked for (a toast to show, a page the browser renders itself)', async () => {
    const { whenIdle, loadIdleCodeNow } = await load();
    const wanted = whenIdle();
    loadIdleCodeNow();
    expect(await settled(wanted)).toBe(true);
  });
});
