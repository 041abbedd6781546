import { describe, expect, it } from 'vitest';
import { createBatcher } from './batcher';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('createBatcher', () => {
  it('serves the calls of one tick with one run, each getting its own result', async () => {
    const runs: number[][] = [];
    const double = createBatcher(async (inputs: number[]) => {
      runs.push(inputs);
      return inputs.map((n) => n * 2);
    });
    const results = await Promise.all([1, 2, 3, 4].map((n) => double(n)));
    expect(results).toEqual([2, 4, 6, 8]);
    expect(runs).toEqual([[1, 2, 3, 4]]);
  });

  it('collects the calls made while batches are running into the next batch, within maxBatch', async () => {
    const runs: number[][] = [];
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const echo = createBatcher(
      async (inputs: number[]) => {
        runs.push(inputs);
        if (runs.length === 1) await gate;
        return inputs;
      },
      { maxBatch: 3, maxConcurrent: 1 },
    );
    const first = echo(0);
    await tick();
    const rest = [1, 2, 3, 4, 5].map((n) => echo(n));
    await tick();
    expect(runs).toEqual([[0]]);
    release();
    expect(await Promise.all([first, ...rest])).toEqual([0, 1, 2, 3, 4, 5]);
    expect(runs).toEqual([[0], [1, 2, 3], [4, 5]]);
  });

  it('tries each input alone when a batch fails, so only the bad one fails', async () => {
    const check = createBatcher(async (inputs: number[]) => {
      if (inputs.includes(13)) throw new Error('unlucky');
      return inputs;
    });
    const results = await Promise.allSettled([12, 13, 14].map((n) => check(n)));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason).toEqual(new Error('unlucky'));
  });
});

describe('createBatcher with minIntervalMs', () => {
  it('starts the next batch no sooner than the interval after the last, with everything that came meanwhile', async () => {
    const starts: Array<{ at: number; inputs: number[] }> = [];
    const echo = createBatcher(
      async (inputs: number[]) => {
        starts.push({ at: performance.now(), inputs });
        return inputs;
      },
      { maxConcurrent: 1, minIntervalMs: 60 },
    );
    await echo(0);
    const rest = [1, 2, 3].map((n) => echo(n));
    await tick();
    const more = echo(4);
    expect(await Promise.all([...rest, more])).toEqual([1, 2, 3, 4]);
    expect(starts.map((s) => s.inputs)).toEqual([[0], [1, 2, 3, 4]]);
    // A lower bound only: a loaded machine can make the wait longer, never shorter (timers may round by a ms).
    expect(starts[1]!.at - starts[0]!.at).toBeGreaterThanOrEqual(55);
  });
});
