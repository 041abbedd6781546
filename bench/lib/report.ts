/** One measured figure with its goal. `pass` is null when the figure could not be measured (skipped). */
export interface Figure {
  name: string;
  value: string;
  goal: string;
  pass: boolean | null;
  note?: string;
}

export const figure = (name: string, value: string, goal: string, pass: boolean | null, note?: string): Figure => ({
  name,
  value,
  goal,
  pass,
  note,
});

export const verdict = (f: Figure) => (f.pass === null ? 'SKIP' : f.pass ? 'PASS' : 'FAIL');

export function printFigure(f: Figure) {
  const line = `${f.name.padEnd(58)} ${f.value.padStart(14)}   goal ${f.goal.padEnd(14)} ${verdict(f)}`;
  console.log(f.note ? `${line}   (${f.note})` : line);
}
