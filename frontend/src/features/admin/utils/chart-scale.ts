/**
 * The scales the Usage tab's charts need (issue 30: SVG drawn by hand rather than a charting library): a count axis
 * from 0 to a round maximum with round steps, and a position along it.
 */

/** Round ticks from 0 covering `max` (whole numbers: the charts count views), about `count` of them. */
export function countTicks(max: number, count = 5): number[] {
  if (!Number.isFinite(max) || max <= 0) return [0, 1];
  const rough = max / count;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = Math.max(1, ([1, 2, 5, 10].find((m) => m * magnitude >= rough) ?? 10) * magnitude);
  const ticks: number[] = [];
  for (let tick = 0; tick < max + step; tick += step) ticks.push(tick);
  return ticks;
}

/** A linear scale: `domain` (0 to its end) onto `range` (start to end, in pixels). */
export const linear =
  (domainEnd: number, [from, to]: readonly [number, number]) =>
  (value: number) =>
    from + ((to - from) * value) / (domainEnd || 1);

/** A label cut to `max` characters with an ellipsis. */
export const shortLabel = (text: string, max = 16) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/**
 * Which of `count` evenly spaced labels to show so that none overlaps the next: every n-th, from the first, given the
 * space between two and the longest label's width (an estimate: charts measure no text).
 */
export function labelStride(count: number, spacing: number, longest: number, gap = 16): number {
  if (count <= 1 || spacing <= 0) return 1;
  return Math.max(1, Math.ceil((longest + gap) / spacing));
}
