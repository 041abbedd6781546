import { describe, expect, it } from 'vitest';
import { describeUserAgent } from './user-agent';

describe('describeUserAgent (issue 27: browser and system as words)', () => {
  it.each([
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      'Chrome 131',
      'Windows 10',
    ],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0', 'Firefox 133', 'Linux'],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'Safari 17',
      'iOS',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 Edg/130.0.0.0',
      'Microsoft Edge 130',
      'macOS Catalina',
    ],
    ['curl/8.5.0', 'curl 8', 'Unknown system'],
  ])('%s', (agent, browser, os) => {
    expect(describeUserAgent(agent)).toEqual({ browser, os });
  });
  it('says it does not know, for none or noise', () => {
    expect(describeUserAgent(null)).toEqual({ browser: 'Unknown browser', os: 'Unknown system' });
    expect(describeUserAgent('\u0000\ud800 ???')).toEqual({ browser: 'Unknown browser', os: 'Unknown system' });
  });
});
