import Bowser from 'bowser';

/** A program that names itself first ('curl/8.5.0' → 'curl 8'), not a browser's 'Mozilla/5.0'. */
function toolOf(userAgent: string): string | null {
  const match = /^([A-Za-z][\w.-]{0,40})\/(\d{1,6})/.exec(userAgent);
  return match && match[1] !== 'Mozilla' ? `${match[1]} ${match[2]}` : null;
}

/**
 * A User-Agent as words (issue 27): the browser with its major version ('Chrome 131') and the system ('Windows 10',
 * 'macOS Sonoma'), parsed by Bowser; a program that names itself by its name ('curl 8'); 'Unknown browser' and
 * 'Unknown system' for what it cannot name, or for none.
 */
export function describeUserAgent(userAgent: string | null): { browser: string; os: string } {
  if (!userAgent) return { browser: 'Unknown browser', os: 'Unknown system' };
  const parsed = Bowser.parse(userAgent);
  const major = parsed.browser.version?.split('.')[0];
  const browser = parsed.browser.name
    ? [parsed.browser.name, major].filter(Boolean).join(' ')
    : (toolOf(userAgent) ?? 'Unknown browser');
  const os = parsed.os.name
    ? [parsed.os.name, parsed.os.versionName ?? ''].filter(Boolean).join(' ')
    : 'Unknown system';
  return { browser, os };
}
