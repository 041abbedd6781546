/**
 * Turns many concurrent calls into few: every call made in the same tick, or while `maxConcurrent` batches are
 * already running, waits for the next batch and gets its own result from one call of `run` with all their inputs.
 * Under light load a batch is a single call, started on the next tick; under load one round trip (one statement, one
 * commit) serves dozens of requests. When a batch of several fails, each input is tried alone, so one bad input
 * never fails the others. With `minIntervalMs`, batches start at most that often while busy (fewer, larger batches);
 * a call after a quiet moment still starts at once.
 */
export function createBatcher<I, O>(
  run: (inputs: I[]) => Promise<O[]>,
  options: { maxBatch?: number; maxConcurrent?: number; minIntervalMs?: number } = {},
): (input: I) => Promise<O> {
  const maxBatch = options.maxBatch ?? 100;
  const maxConcurrent = options.maxConcurrent ?? 2;
  const minIntervalMs = options.minIntervalMs ?? 0;
  interface Call {
    input: I;
    resolve: (output: O) => void;
    reject: (error: unknown) => void;
  }
  let waiting: Call[] = [];
  let running = 0;
  let scheduled = false;
  let lastStartedAt = Number.NEGATIVE_INFINITY;

  const runBatch = async (calls: Call[]) => {
    try {
      const outputs = await run(calls.map((call) => call.input));
      if (outputs.length !== calls.length) throw new Error(`batch gave ${outputs.length} results for ${calls.length}`);
      calls.forEach((call, i) => {
        call.resolve(outputs[i] as O);
      });
    } catch (error) {
      if (calls.length === 1) {
        calls[0]?.reject(error);
        return;
      }
      await Promise.all(
        calls.map(async (call) => {
          try {
            const [output] = await run([call.input]);
            call.resolve(output as O);
          } catch (single) {
            call.reject(single);
          }
        }),
      );
    }
  };

  const drain = () => {
    scheduled = false;
    while (waiting.length > 0 && running < maxConcurrent) {
      if (minIntervalMs > 0) {
        const wait = lastStartedAt + minIntervalMs - performance.now();
        if (wait > 0) {
          scheduled = true;
          setTimeout(drain, wait);
          return;
        }
        lastStartedAt = performance.now();
      }
      const calls = waiting.length <= maxBatch ? waiting : waiting.slice(0, maxBatch);
      waiting = waiting.length <= maxBatch ? [] : waiting.slice(maxBatch);
      running++;
      void runBatch(calls).finally(() => {
        running--;
        if (waiting.length > 0 && !scheduled) {
          scheduled = true;
          setImmediate(drain);
        }
      });
    }
  };

  return (input) =>
    new Promise<O>((resolve, reject) => {
      waiting.push({ input, resolve, reject });
      if (!scheduled && running < maxConcurrent) {
        scheduled = true;
        setImmediate(drain);
      }
    });
}
