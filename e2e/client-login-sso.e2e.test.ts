import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, useBrowserSuite, viewports } from './harness';

/**
 * Issue 12 item 7: with single sign-on configured (D2), /client/login shows 'Log in with your company account', its
 * icon keeps its size at 1280 px and its label stays inside the button at 375 px.
 */
const suite = useBrowserSuite({
  env: {
    OIDC_ISSUER: 'https://id.example.test/',
    OIDC_CLIENT_ID: 'portal-client-7',
    OIDC_CLIENT_SECRET: 'not-a-real-secret',
  },
});

async function measure(page: Page) {
  const button = page.getByTestId('client-login-sso');
  await button.waitFor();
  return button.evaluate((anchor) => {
    const icon = anchor.querySelector('svg');
    const label = anchor.querySelector('span');
    const box = anchor.getBoundingClientRect();
    const labelBox = label?.getBoundingClientRect();
    return {
      href: anchor.getAttribute('href'),
      iconWidth: icon?.getBoundingClientRect().width ?? 0,
      iconHeight: icon?.getBoundingClientRect().height ?? 0,
      overflowsX: anchor.scrollWidth > anchor.clientWidth,
      labelInside: !!labelBox && labelBox.left >= box.left && labelBox.right <= box.right + 0.5,
      labelScrolls: !!label && label.scrollWidth > label.clientWidth + 0.5,
      cardRight: anchor.closest('[data-testid="client-login-card"]')?.getBoundingClientRect().right ?? 0,
      right: box.right,
    };
  });
}

describe('the company-account button on /client/login (issue 12 item 7)', () => {
  it.each([
    ['desktop', viewports.desktop],
    ['mobile', viewports.mobile],
  ] as const)('is shown, with a 16 px icon and a label that fits, at %s width', async (name, viewport) => {
    const page = await suite.newPage({ viewport });
    await page.goto('/client/login?redirect=%2Faccount');
    const m = await measure(page);
    await screenshot(page, `client-login-sso-${name}`);
    expect(m.href).toBe('/api/login?redirect=%2Faccount');
    expect(m.iconWidth).toBe(16);
    expect(m.iconHeight).toBe(16);
    expect(m.overflowsX).toBe(false);
    expect(m.labelInside).toBe(true);
    expect(m.labelScrolls).toBe(false);
    expect(m.right).toBeLessThanOrEqual(m.cardRight);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
  });
});
