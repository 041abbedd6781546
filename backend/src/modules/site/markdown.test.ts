import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './markdown';

/** Every way a script has been smuggled through Markdown: none may survive the render. */
const VECTORS = {
  script: '<script>alert(1)</script>',
  javascriptLink: '[click](javascript:alert(1))',
  javascriptLinkEncoded: '[click](jav&#x61;script:alert(1))',
  javascriptHtmlLink: '<a href="JaVaScRiPt:alert(1)">x</a>',
  onerror: '<img src="https://example.com/x.png" onerror="alert(1)">',
  iframe: '<iframe src="https://evil.example"></iframe>',
  svg: '<svg><script>alert(1)</script><animate onbegin="alert(1)"/></svg>',
  svgImage: '![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)',
  dataLink: '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  style: '<style>body{display:none}</style><p style="position:fixed">x</p>',
  form: '<form action="https://evil.example"><input name="password"></form>',
  object: '<object data="https://evil.example/x.swf"></object><embed src="x">',
  vbscript: '[x](vbscript:msgbox(1))',
  protocolRelative: '![x](//evil.example/x.png)',
} as const;

/** What no rendered page may contain, whichever vector it came from (lowercase: the render is compared lowercased). */
const SMUGGLED = [
  '<script',
  'javascript:',
  'vbscript:',
  'onerror',
  'onbegin',
  'onload',
  '<iframe',
  '<svg',
  'data:',
  '<style',
  'style=',
  '<form',
  '<input',
  '<object',
  '<embed',
  '//evil',
];

describe('renderMarkdown', () => {
  it('renders Markdown: headings one level down (the page has the h1), lists, emphasis, links, tables', () => {
    const html = renderMarkdown(
      '# Title\n\nSome **bold** and _soft_ text, a [link](https://example.com) and [a page](/contact).\n\n- one\n- two\n\n| a | b |\n|---|---|\n| 1 | 2 |\n',
    );
    expect(html).toContain('<h2>Title</h2>');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('<em>soft</em>');
    expect(html).toContain('<a href="https://example.com" rel="noopener noreferrer nofollow" target="_blank">link</a>');
    expect(html).toContain('<a href="/contact">a page</a>');
    expect(html).toContain('<li>one</li>');
    expect(html).toContain('<td>2</td>');
  });

  it('keeps https and site pictures, drops data: and protocol-relative ones', () => {
    expect(renderMarkdown('![chart](https://example.com/c.png)')).toContain(
      '<img src="https://example.com/c.png" alt="chart" />',
    );
    expect(renderMarkdown('![chart](/samples/sales.svg)')).toContain('src="/samples/sales.svg"');
  });

  it('keeps the text of a link that may not be followed, as text', () => {
    expect(renderMarkdown('[click me](javascript:alert(1))').trim()).toBe('<p>click me</p>');
    expect(renderMarkdown('<a href="data:text/html,x">data</a> and <a href="//evil.example">far</a>').trim()).toBe(
      '<p>data and far</p>',
    );
  });

  it('gives a picture written as HTML without a description an empty alt (decoration, D26)', () => {
    expect(renderMarkdown('<img src="https://example.com/x.png">')).toContain(
      '<img src="https://example.com/x.png" alt="" />',
    );
  });

  for (const [name, markdown] of Object.entries(VECTORS))
    it(`lets no script through: ${name}`, () => {
      const html = renderMarkdown(`Before\n\n${markdown}\n\nAfter`).toLowerCase();
      expect(html).toContain('before');
      expect(html).toContain('after');
      for (const bad of SMUGGLED) expect(html, `${name}: ${bad}`).not.toContain(bad);
    });
});
