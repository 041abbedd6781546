import Bowser from 'bowser';

/**
 * A User-Agent as words (issue 27): the browser with its major version ('Chrome 131') and the system ('Windows 10',
 * 'macOS Sonoma'), parsed by Bowser; 'Unknown browser' / 'Unknown system' for what it cannot name or for none.
 */
export function describeUserAgent(userAgent: string | null): { browser: string; os: string } {
  if (!userAgent) return { browser: 'Unknown browser', os: 'Unknown system' };
  const parsed = Bowser.parse(userAgent);
  const major = parsed.browser.version?.split('.')[0];
  const browser = parsed.browser.name ? [parsed.browser.name, major].filter(Boolean).join(' ') : 'Unknown browser';
  const os = parsed.os.name
    ? [parsed.os.name, parsed.os.versionName ?? ''].filter(Boolean).join(' ')
    : 'Unknown system';
  return { browser, os };
}
