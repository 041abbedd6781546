import { describe, expect, it } from 'vitest';
import { normalizeEmbedUrl, normalizeImageUrl } from './embed-url';

describe('embed URLs (D18)', () => {
  it('keeps a direct https URL', () => {
    expect(normalizeEmbedUrl('  https://app.powerbi.com/view?r=abc  ')).toBe('https://app.powerbi.com/view?r=abc');
  });

  it('keeps only the src of the first iframe of pasted code, whatever its quoting', () => {
    const code =
      '<iframe title="Sales" width="600" height="373.5" src="https://app.powerbi.com/reportEmbed?reportId=1&amp;autoAuth=true" frameborder="0" allowFullScreen="true"></iframe><iframe src="https://evil.example/x"></iframe>';
    expect(normalizeEmbedUrl(code)).toBe('https://app.powerbi.com/reportEmbed?reportId=1&autoAuth=true');
    expect(normalizeEmbedUrl("<IFRAME SRC='https://lookerstudio.google.com/embed/reporting/x'></IFRAME>")).toBe(
      'https://lookerstudio.google.com/embed/reporting/x',
    );
    expect(normalizeEmbedUrl('<iframe width=600 src=https://public.tableau.com/views/a></iframe>')).toBe(
      'https://public.tableau.com/views/a',
    );
  });

  it.each([
    'http://app.powerbi.com/view?r=abc',
    'javascript:alert(1)',
    '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
    '<script src="https://evil.example/x.js"></script>',
    'not a url',
    '<iframe src="data:text/html,hi"></iframe>',
  ])('refuses %s with a clear message', (input) => {
    expect(() => normalizeEmbedUrl(input)).toThrow(
      'The embed URL must be an https address (or iframe code whose src is one)',
    );
  });
});

describe('thumbnail and logo URLs', () => {
  it('accept https addresses and site paths, and nothing else', () => {
    expect(normalizeImageUrl('', 'thumbnailUrl')).toBeNull();
    expect(normalizeImageUrl('/images/dashboards/research.svg', 'thumbnailUrl')).toBe(
      '/images/dashboards/research.svg',
    );
    expect(normalizeImageUrl('https://cdn.example.com/a.png', 'logoUrl')).toBe('https://cdn.example.com/a.png');
    expect(() => normalizeImageUrl('http://cdn.example.com/a.png', 'logoUrl')).toThrow(
      'The logo URL must be an https address or a path on this site',
    );
    expect(() => normalizeImageUrl('//evil.example/a.png', 'thumbnailUrl')).toThrow('thumbnail URL');
    expect(() => normalizeImageUrl('javascript:alert(1)', 'thumbnailUrl')).toThrow('thumbnail URL');
  });
});

describe('thumbnail and logo site paths (D18)', () => {
  it.each([
    '/\\evil.test/a.png',
    '/\\/evil.test/a.png',
    '/\t/evil.test/a.png',
    '/\n/evil.test/a.png',
    '/%0a/x\u0000',
    '/a b.png',
    '/a"onerror="x.png',
    '/\u2028x.png',
  ])('refuses %j, which a browser could read as another host or which is no clean path', (value) => {
    expect(() => normalizeImageUrl(value, 'thumbnailUrl')).toThrow('thumbnail URL');
    expect(() => normalizeImageUrl(value, 'logoUrl')).toThrow('logo URL');
  });

  it('keeps ordinary site paths, with their query and fragment', () => {
    for (const path of ['/images/x.svg', '/images/a%20b.png?v=2#top', '/og-image.png'])
      expect(normalizeImageUrl(path, 'thumbnailUrl')).toBe(path);
  });
});
