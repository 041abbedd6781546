/**
 * The Usage tab's chart colours (issue 18). A line or bar must keep 3:1 against the chart's background in both
 * themes (WCAG 1.4.11, non-text contrast): the figure is white in the light theme and slate-900 in the dark one.
 */

/** The figure's backgrounds: Tailwind's `bg-white` and `dark:bg-slate-900`. */
export const CHART_BACKGROUNDS = { light: '#ffffff', dark: '#0f172a' } as const;

/** The lines of the compared organizations, dashboards or people, and the bars. */
export const CHART_COLOURS = ['#2563eb', '#d97706', '#059669', '#db2777', '#7c3aed', '#0891b2'] as const;

/** The 'All views' line: a neutral slate that is not one of the series' hues, mid-grey so it reads on both. */
export const TOTAL_COLOUR = '#64748b';

const channel = (value: number) => {
  const c = value / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};

/** Relative luminance of an sRGB colour given as #rrggbb (WCAG 2). */
function luminance(hex: string): number {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) throw new Error(`Not a #rrggbb colour: ${hex}`);
  const [r, g, b] = match.slice(1).map((part) => channel(Number.parseInt(part, 16))) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The WCAG contrast ratio of two #rrggbb colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}
