import { describe, expect, it } from 'vitest';
import { CHART_BACKGROUNDS, CHART_COLOURS, contrastRatio, TOTAL_COLOUR } from './chart-colours';

describe('the Usage charts’ colours', () => {
  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#ffffff', '#777777')).toBeCloseTo(4.48, 2);
  });

  it.each(Object.entries(CHART_BACKGROUNDS))('keep 3:1 against the %s background', (_theme, background) => {
    expect(contrastRatio(TOTAL_COLOUR, background)).toBeGreaterThanOrEqual(3);
    for (const colour of CHART_COLOURS) expect(contrastRatio(colour, background), colour).toBeGreaterThanOrEqual(3);
  });
});
