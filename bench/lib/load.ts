/** Load loops against 127.0.0.1, always bounded in count and time. */

export interface LoadResult {
  requests: number;
  errors: number;
  seconds: number;
  perSecond: number;
  /** Latencies of the answered requests, in ms. */
  latencies: number[];
  firstError?: string;
}

export interface ClosedLoadOptions {
  /** How many requests are in flight at once (each "connection" sends its next request when the last one answers). */
  concurrency: number;
  durationMs: number;
  /** Upper bound on the number of requests, whatever the duration. */
  maxRequests: number;
  /** Builds the i-th request. */
  request: (i: number) => Request;
  /** Whether an answer counts as a success (default: 2xx). */
  ok?: (response: Response) => boolean;
}

/** `concurrency` loops each sending a request and waiting for its answer, for `durationMs` or `maxRequests`. */
export async function closedLoad(options: ClosedLoadOptions): Promise<LoadResult> {
  const ok = options.ok ?? ((r: Response) => r.status >= 200 && r.status < 300);
  const latencies: number[] = [];
  let issued = 0;
  let errors = 0;
  let firstError: string | undefined;
  const started = performance.now();
  const deadline = started + options.durationMs;
  const loop = async () => {
    while (performance.now() < deadline && issued < options.maxRequests) {
      const i = issued++;
      const request = options.request(i);
      const t0 = performance.now();
      try {
        const response = await fetch(request);
        await response.arrayBuffer();
        if (ok(response)) latencies.push(performance.now() - t0);
        else {
          errors++;
          firstError ??= `HTTP ${response.status}`;
        }
      } catch (error) {
        errors++;
        firstError ??= String(error);
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, loop));
  const seconds = (performance.now() - started) / 1000;
  return {
    requests: latencies.length + errors,
    errors,
    seconds,
    perSecond: latencies.length / seconds,
    latencies,
    firstError,
  };
}

export interface OpenLoadOptions {
  /** Requests started per second, whatever the answers' speed. */
  ratePerSecond: number;
  durationMs: number;
  request: (i: number) => Request;
  /** Called with each successful answer and the moment (performance.now()) it arrived. */
  onAnswer?: (i: number, response: Response, body: string, answeredAt: number) => void;
  /** Give up on an answer after this long. */
  timeoutMs?: number;
}

/** Starts requests at a fixed rate for `durationMs` (so at most rate * duration of them). */
export async function openLoad(options: OpenLoadOptions): Promise<LoadResult> {
  const total = Math.floor((options.ratePerSecond * options.durationMs) / 1000);
  const interval = 1000 / options.ratePerSecond;
  const latencies: number[] = [];
  let errors = 0;
  let firstError: string | undefined;
  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = started + i * interval;
    const wait = due - performance.now();
    if (wait > 0) await Bun.sleep(wait);
    const t0 = performance.now();
    inFlight.push(
      (async () => {
        try {
          const response = await fetch(options.request(i), {
            signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
          });
          const body = await response.text();
          const at = performance.now();
          if (response.status >= 200 && response.status < 300) {
            latencies.push(at - t0);
            options.onAnswer?.(i, response, body, at);
          } else {
            errors++;
            firstError ??= `HTTP ${response.status}: ${body.slice(0, 200)}`;
          }
        } catch (error) {
          errors++;
          firstError ??= String(error);
        }
      })(),
    );
  }
  await Promise.all(inFlight);
  const seconds = (performance.now() - started) / 1000;
  return { requests: total, errors, seconds, perSecond: latencies.length / seconds, latencies, firstError };
}
