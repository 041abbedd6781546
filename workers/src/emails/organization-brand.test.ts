import { describe, expect, it } from 'vitest';
import { emailLogoUrl, organizationBrand, organizationBrandVars } from './organization-brand';

const appUrl = 'https://lucid.example';

describe('emailLogoUrl', () => {
  it('keeps https addresses, makes site paths absolute on an https app, and drops the rest', () => {
    expect(emailLogoUrl('https://cdn.example.com/a.png', 'http://localhost:3000')).toBe(
      'https://cdn.example.com/a.png',
    );
    expect(emailLogoUrl('/images/a.png', 'https://lucid.example')).toBe('https://lucid.example/images/a.png');
    expect(emailLogoUrl('/images/a.png', 'http://localhost:3000')).toBeNull();
    expect(emailLogoUrl('//evil.example/a.png', 'https://lucid.example')).toBeNull();
    expect(emailLogoUrl('http://cdn.example.com/a.png', 'https://lucid.example')).toBeNull();
    expect(emailLogoUrl('javascript:alert(1)', 'https://lucid.example')).toBeNull();
  });
});

describe('organizationBrand', () => {
  it('has nothing for a person in no organization', () => {
    expect(organizationBrand([], appUrl)).toBeNull();
  });

  it("shows one organization's name, with its logo when mail can show it", () => {
    expect(organizationBrand([{ name: 'Acme', logoUrl: '/logo.png' }], appUrl)).toEqual({
      names: ['Acme'],
      more: 0,
      logoUrl: 'https://lucid.example/logo.png',
    });
    expect(organizationBrand([{ name: 'Acme', logoUrl: null }], appUrl)).toEqual({
      names: ['Acme'],
      more: 0,
      logoUrl: null,
    });
    expect(organizationBrand([{ name: 'Acme', logoUrl: 'http://cdn.example.com/a.png' }], appUrl)?.logoUrl).toBeNull();
  });

  it('shows the names of several organizations without logos, three at most, then how many more', () => {
    const named = (...names: string[]) => names.map((name) => ({ name, logoUrl: 'https://cdn.example.com/x.png' }));
    expect(organizationBrand(named('A', 'B'), appUrl)).toEqual({ names: ['A', 'B'], more: 0, logoUrl: null });
    expect(organizationBrand(named('A', 'B', 'C'), appUrl)).toEqual({ names: ['A', 'B', 'C'], more: 0, logoUrl: null });
    expect(organizationBrand(named('A', 'B', 'C', 'D', 'E'), appUrl)).toEqual({
      names: ['A', 'B', 'C'],
      more: 2,
      logoUrl: null,
    });
  });
});

describe('organizationBrandVars', () => {
  it('leaves both slots empty without a brand', () => {
    expect(organizationBrandVars(null)).toEqual({ organizationBanner: '', organizationLine: '' });
  });

  it('puts the logo beside the name, every value escaped', () => {
    const { organizationBanner, organizationLine } = organizationBrandVars({
      names: ['A & "B" <C>'],
      more: 0,
      logoUrl: 'https://cdn.example.com/a.png?x=1&y="2"',
    });
    expect(organizationBanner).toContain('<img src="https://cdn.example.com/a.png?x=1&amp;y=&quot;2&quot;"');
    expect(organizationBanner).toContain('alt="A &amp; &quot;B&quot; &lt;C&gt; logo"');
    expect(organizationBanner).toContain('>A &amp; &quot;B&quot; &lt;C&gt;</td>');
    expect(organizationBanner).not.toContain('<C>');
    expect(organizationLine).toBe('A & "B" <C>\n\n');
  });

  it('shows the name alone without a logo: no image at all', () => {
    const { organizationBanner, organizationLine } = organizationBrandVars({ names: ['Acme'], more: 0, logoUrl: null });
    expect(organizationBanner).not.toContain('<img');
    expect(organizationBanner).toContain('>Acme</td>');
    expect(organizationLine).toBe('Acme\n\n');
  });

  it('lists several names, escaped, then how many more', () => {
    const { organizationBanner, organizationLine } = organizationBrandVars({
      names: ['<A>', 'B', 'C'],
      more: 4,
      logoUrl: null,
    });
    expect(organizationBanner).not.toContain('<img');
    expect(organizationBanner.replace(/<[^>]+>/g, '')).toBe('&lt;A&gt; &middot; B &middot; C and 4 more');
    expect(organizationLine).toBe('<A> · B · C and 4 more\n\n');
  });
});
