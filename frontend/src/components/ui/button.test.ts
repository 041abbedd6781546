import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { buttonClass } from './button';

// White text on a filled button keeps WCAG AA (4.5:1) in every state and theme: at rest, hovered, light and dark
// (axe flagged the dark primary's hover blue-500 at 3.76:1). The colours are Tailwind's own, read from its theme.

const theme = readFileSync(createRequire(import.meta.url).resolve('tailwindcss/theme.css'), 'utf8');

/** Relative luminance (WCAG 2) of a Tailwind colour, from its oklch() value, clipped to sRGB as a browser shows it. */
function luminance(colour: string): number {
  const found = new RegExp(`--color-${colour}:\\s*oklch\\(([\\d.]+)% ([\\d.]+) ([\\d.]+)\\)`).exec(theme);
  if (!found) throw new Error(`No Tailwind colour ${colour}`);
  const [l, c, h] = [Number(found[1]) / 100, Number(found[2]), (Number(found[3]) * Math.PI) / 180];
  const [a, b] = [c * Math.cos(h), c * Math.sin(h)];
  const lms = [
    (l + 0.3963377774 * a + 0.2158037573 * b) ** 3,
    (l - 0.1055613458 * a - 0.0638541728 * b) ** 3,
    (l - 0.0894841775 * a - 1.291485548 * b) ** 3,
  ] as const;
  const [r, g, bl] = [
    4.0767416621 * lms[0] - 3.3077115913 * lms[1] + 0.2309699292 * lms[2],
    -1.2684380046 * lms[0] + 2.6097574011 * lms[1] - 0.3413193965 * lms[2],
    -0.0041960863 * lms[0] - 0.7034186147 * lms[1] + 1.707614701 * lms[2],
  ].map((x) => Math.min(1, Math.max(0, x))) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
}
const againstWhite = (colour: string) => 1.05 / (luminance(colour) + 0.05);

describe('filled buttons with white text', () => {
  it('measures as axe did: the old dark hover blue-500 is 3.76:1', () => {
    expect(againstWhite('blue-500')).toBeCloseTo(3.76, 2);
  });

  it.each(['primary', 'destructive'] as const)('keep 4.5:1 in every state of the %s variant', (variant) => {
    const classes = buttonClass({ variant }).split(/\s+/);
    expect(classes).toContain('text-white');
    const fills = classes.flatMap((name) => /^(?:[\w-]+:)*bg-([a-z]+-\d+)$/.exec(name)?.slice(1) ?? []);
    // At rest and hovered, light and dark.
    expect(fills).toHaveLength(4);
    for (const fill of fills) expect(againstWhite(fill), fill).toBeGreaterThanOrEqual(4.5);
  });
});
