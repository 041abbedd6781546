import type { LoadResult } from './load';
import { type Figure, figure } from './report';
import { round } from './stats';

/** The API's best round against the baseline's, and the API's errors over every round. */
export interface Comparison {
  api: LoadResult;
  baseline: LoadResult;
  ratio: number;
  errors: number;
  firstError?: string;
}

/**
 * Warms both, then alternates rounds so a noisy neighbour hurts both alike; keeps each side's best round. `load`
 * sends one side's requests for the given time.
 */
export async function compareThroughput(
  load: (url: string, durationMs: number) => Promise<LoadResult>,
  urls: { api: string; baseline: string },
  timing: { warmupMs: number; roundMs: number; rounds: number },
): Promise<Comparison> {
  await load(urls.api, timing.warmupMs);
  await load(urls.baseline, timing.warmupMs);
  const apiRounds: LoadResult[] = [];
  const baseRounds: LoadResult[] = [];
  for (let i = 0; i < timing.rounds; i++) {
    apiRounds.push(await load(urls.api, timing.roundMs));
    baseRounds.push(await load(urls.baseline, timing.roundMs));
  }
  const best = (rounds: LoadResult[]) => rounds.reduce((a, b) => (b.perSecond > a.perSecond ? b : a));
  const api = best(apiRounds);
  const baseline = best(baseRounds);
  return {
    api,
    baseline,
    ratio: api.perSecond / baseline.perSecond,
    errors: apiRounds.reduce((n, r) => n + r.errors, 0),
    firstError: apiRounds.find((r) => r.firstError)?.firstError,
  };
}

/**
 * The figure of a ratio goal: met when the ratio reaches `goal` and the API made no error; the note gives both rates,
 * then `detail`, then the errors if any.
 */
export function ratioFigure(name: string, comparison: Comparison, goal: number, detail = ''): Figure {
  const { api, baseline, ratio, errors, firstError } = comparison;
  return figure(
    name,
    round(ratio).toFixed(2),
    `>= ${goal.toFixed(2)}`,
    ratio >= goal && errors === 0,
    `${Math.round(api.perSecond)} vs ${Math.round(baseline.perSecond)} req/s${detail}${errors ? `, ${errors} errors: ${firstError}` : ''}`,
  );
}
