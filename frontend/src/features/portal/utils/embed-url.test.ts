import { describe, expect, it } from 'vitest';
import { isHttpsUrl, isImageUrl, isPowerBiUrl, withPowerBiParams } from './embed-url';

const paramsOf = (url: string) => [...new URL(url).searchParams.entries()];

/** The URL predicates: the URLs each takes, then the ones it refuses, with the words of each test. */
const predicates = [
  {
    name: 'isImageUrl',
    predicate: isImageUrl,
    accepted: [
      'https://images.example.com/report.png',
      'https://images.example.com/report.PNG',
      'https://images.example.com/report.Jpeg',
      'https://images.example.com/report.jpg',
      'https://images.example.com/report.GIF',
      'https://images.example.com/report.png?v=3&size=large',
      'https://images.example.com/report.JPG#top',
      '/images/dashboards/sales.png',
    ],
    acceptedTitle: 'takes %s for a picture',
    refused: [
      'https://app.powerbi.com/view?r=abc',
      'https://lookerstudio.google.com/embed/reporting/1/page/2',
      'https://public.tableau.com/views/Sales/Overview?:embed=y',
      'https://example.com/report.png.html',
      'https://example.com/view?image=chart.png',
      'https://example.com/pngs',
      'https://example.com/report.svg',
      'https://example.com/report.webp',
      '',
    ],
    refusedTitle: 'takes %s for a frame',
  },
  {
    name: 'isPowerBiUrl',
    predicate: isPowerBiUrl,
    accepted: [
      'https://app.powerbi.com/view?r=abc',
      'https://APP.PowerBI.com/reportEmbed?reportId=1',
      'https://msit.powerbi.com/view?r=abc',
    ],
    acceptedTitle: 'recognises %s',
    refused: [
      'https://lookerstudio.google.com/embed/reporting/1',
      'https://powerbi.com.evil.test/view',
      'https://notpowerbi.com/view',
      'javascript:alert(1)//app.powerbi.com',
      'not a url',
      '/relative/app.powerbi.com',
      '',
    ],
    refusedTitle: 'refuses %s',
  },
];

describe.each(predicates)('$name', ({ predicate, accepted, acceptedTitle, refused, refusedTitle }) => {
  it.each(accepted)(acceptedTitle, (url) => {
    expect(predicate(url)).toBe(true);
  });

  it.each(refused)(refusedTitle, (url) => {
    expect(predicate(url)).toBe(false);
  });
});

describe('withPowerBiParams', () => {
  it('adds the navigation parameters to a URL without a query', () => {
    const url = withPowerBiParams('https://app.powerbi.com/reportEmbed');
    expect(new URL(url).pathname).toBe('/reportEmbed');
    expect(paramsOf(url)).toEqual([
      ['navContentPaneEnabled', 'true'],
      ['filterPaneEnabled', 'true'],
      ['chromeless', '0'],
    ]);
  });

  it('keeps an existing query and the fragment', () => {
    const url = withPowerBiParams('https://app.powerbi.com/view?r=eyJrIjoiYWJj&pageName=ReportSection#x');
    expect(paramsOf(url)).toEqual([
      ['r', 'eyJrIjoiYWJj'],
      ['pageName', 'ReportSection'],
      ['navContentPaneEnabled', 'true'],
      ['filterPaneEnabled', 'true'],
      ['chromeless', '0'],
    ]);
    expect(new URL(url).hash).toBe('#x');
  });

  it('replaces earlier values of the three keys instead of doubling them', () => {
    const url = withPowerBiParams(
      'https://xyz.powerbi.com/view?r=1&navContentPaneEnabled=false&chromeless=1&chromeless=2&filterPaneEnabled=false',
    );
    const params = new URL(url).searchParams;
    expect(params.getAll('navContentPaneEnabled')).toEqual(['true']);
    expect(params.getAll('filterPaneEnabled')).toEqual(['true']);
    expect(params.getAll('chromeless')).toEqual(['0']);
    expect(params.get('r')).toBe('1');
  });

  it('is idempotent', () => {
    const once = withPowerBiParams('https://app.powerbi.com/view?r=abc');
    expect(withPowerBiParams(once)).toBe(once);
  });

  it.each([
    'https://lookerstudio.google.com/embed/reporting/1/page/2?params=%7B%7D',
    'https://public.tableau.com/views/Sales/Overview?:embed=y&:showVizHome=no',
    'https://example.com/app.powerbi.com/view',
    '/images/dashboards/sales.png',
  ])('leaves %s unchanged', (url) => {
    expect(withPowerBiParams(url)).toBe(url);
  });

  it.each(['not a url', '', 'https://', 'app.powerbi.com/view?r=abc'])('leaves the invalid URL %j unchanged', (url) => {
    expect(withPowerBiParams(url)).toBe(url);
  });
});

describe('isHttpsUrl', () => {
  it('accepts only absolute https URLs', () => {
    expect(isHttpsUrl('https://app.powerbi.com/view')).toBe(true);
    expect(isHttpsUrl('http://app.powerbi.com/view')).toBe(false);
    expect(isHttpsUrl('/images/x.png')).toBe(false);
    expect(isHttpsUrl('javascript:alert(1)')).toBe(false);
    expect(isHttpsUrl('not a url')).toBe(false);
  });
});
