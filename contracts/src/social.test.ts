import { describe, expect, it } from 'vitest';
import { parseSocialLinks, socialNetworkOf } from './social';

// No address here is ever fetched: the parser only reads them.
describe('SOCIAL_LINKS', () => {
  it('knows a profile on each network the footer has an icon for', () => {
    expect(
      parseSocialLinks(
        ' https://www.linkedin.com/company/lucid-insight , https://x.com/lucidinsight,https://github.com/lucid-insight ',
      ),
    ).toEqual([
      { network: 'linkedin', url: 'https://www.linkedin.com/company/lucid-insight' },
      { network: 'x', url: 'https://x.com/lucidinsight' },
      { network: 'github', url: 'https://github.com/lucid-insight' },
    ]);
    expect(socialNetworkOf('https://twitter.com/lucidinsight')).toBe('x');
  });

  it('is empty when unset, so the footer shows no icon', () => {
    expect(parseSocialLinks('')).toEqual([]);
    expect(parseSocialLinks(' , ')).toEqual([]);
  });

  it.each([
    'https://www.linkedin.com/',
    'https://x.com',
    'http://github.com/lucid-insight',
    'https://github.com.evil.test/lucid',
    'https://user:pw@github.com/lucid',
    'javascript:alert(1)',
    'not a url',
  ])('refuses %s with a message naming it', (address) => {
    expect(parseSocialLinks(`https://github.com/lucid-insight,${address}`)).toMatch(/is not an https profile address/);
  });
});
