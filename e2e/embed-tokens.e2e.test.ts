import type { EmbedConnection } from '@app/contracts';
import { startEmbedStandIns } from '@app/testing/embed-stand-ins';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAsClient } from './account-helpers';
import { useSuiteDatabase } from './database-helpers';
import {
  adminAndClients,
  adminSession,
  type ClientOrganization,
  POWERBI_EMBED_PAGE_FILE,
  POWERBI_EMBED_PAGE_URL,
  receivedTokens,
  recordRequests,
  reportStatus,
  serveEmbedPage,
} from './embed-helpers';
import { screenshot, useBrowserSuite, viewports } from './harness';

/**
 * Issue 14 in Chromium: a client opens a Power BI dashboard in token mode; the stand-in embed page (speaking the SDK's
 * message protocol) receives a token carrying the client's organization's identity; the viewer renews it before it
 * expires with setAccessToken (no reload); once the organization's link is removed, the next renewal is refused and
 * the viewer says the access has ended. The token request and the SDK's code are asked for together.
 */

/** Short tokens: the viewer renews ahead of the expiry by a quarter of the lifetime (5 s here). */
const TOKEN_SECONDS = 20;
/** Added to every stand-in answer and to the SDK chunk while the first load is timed, so an overlap is unmistakable. */
const SLOW_MS = 150;
const SLOW_CHUNK_MS = 400;

const standIns = await startEmbedStandIns({
  embedPageUrl: POWERBI_EMBED_PAGE_URL,
  embedPageFile: POWERBI_EMBED_PAGE_FILE,
  rlsRoles: ['Region A', 'Region B'],
  settings: { tokenLifetimeSeconds: TOKEN_SECONDS },
});
const suite = useBrowserSuite({
  env: {
    POWERBI_AUTHORITY_URL: standIns.powerbi.authorityUrl,
    POWERBI_API_URL: standIns.powerbi.apiUrl,
    APP_ENCRYPTION_KEY: Buffer.alloc(32, 14).toString('base64'),
    // The stand-ins are on loopback, over http: named as the operator names internal services (D35).
    OUTBOUND_ALLOW_HOSTS: new URL(standIns.url).host,
  },
});

const PASSWORD = 'Correct-horse-42';
const SCOPE_A = { roles: ['Region A'], username: 'a@org' };
const SCOPE_B = { roles: ['Region B'], username: 'b@org' };

const database = useSuiteDatabase(suite, 'e2e-embed-tokens', PASSWORD);
let admin: Awaited<ReturnType<typeof adminSession>>;
let dashboardId: number;
let orgA: ClientOrganization;
let orgB: ClientOrganization;

beforeAll(async () => {
  const people = await adminAndClients(database, [
    ['Acme', 'Ada'],
    ['Globex', 'Bob'],
  ]);
  [orgA, orgB] = people.orgs;

  // What an admin does on the admin screens, through the same API.
  admin = await adminSession(suite.baseUrl, people.adminEmail, PASSWORD);
  const { powerbi } = standIns.credentials;
  const connection = await admin<EmbedConnection & { test: { ok: boolean; message: string } }>(
    'POST',
    '/api/admin/embed-connections',
    {
      name: 'Power BI (stand-in)',
      provider: 'powerbi',
      tenantId: powerbi.tenantId,
      clientId: powerbi.clientId,
      clientSecret: powerbi.clientSecret,
    },
  );
  expect(connection.body.test.ok, connection.body.test.message).toBe(true);
  const dashboard = await admin<{ id: number }>('POST', '/api/admin/dashboards', {
    name: 'Regional sales',
    description: 'Sales by region, filtered per organization',
    category: 'Sales',
    type: 'PowerBI',
    embedMode: 'powerbi',
    connectionId: connection.body.id,
    workspaceId: powerbi.workspaceId,
    reportId: powerbi.reportId,
    isPublic: false,
  });
  dashboardId = dashboard.body.id;
  for (const [org, dataScope] of [
    [orgA, SCOPE_A],
    [orgB, SCOPE_B],
  ] as const)
    await admin('POST', '/api/admin/organization-dashboards', {
      organizationId: org.id,
      dashboardId,
      dataScope,
    });
});

afterAll(async () => {
  await standIns.stop();
});

/** A client's page, signed in, whose Power BI frames get the stand-in embed page. */
async function clientPage(email: string, viewport: { width: number; height: number } = viewports.desktop) {
  const context = await suite.newContext({ viewport });
  await serveEmbedPage(context, standIns);
  const page = await context.newPage();
  await signInAsClient(page, email, PASSWORD);
  return page;
}

const tokensMinted = () => standIns.embedTokens.length;
const viewer = (page: Page) => page.getByTestId('powerbi-report');

describe('a Power BI dashboard in token mode', () => {
  it("gives a member of B a token carrying B's identity only (phone width)", async () => {
    const page = await clientPage(orgB.client, viewports.mobile);
    await page.goto(`/client/dashboard/${dashboardId}`);
    await expect.poll(() => reportStatus(page)).toBe('loaded');
    const [first, ...more] = await receivedTokens(page);
    expect(more).toEqual([]);
    expect(first?.via).toBe('load');
    expect(first?.reports).toEqual([standIns.credentials.powerbi.reportId.toLowerCase()]);
    expect(first?.identities.map(({ username, roles }) => ({ username, roles }))).toEqual([SCOPE_B]);
    // What the stand-in issued for this page: B's identity, never A's.
    const issued = standIns.embedTokens.find((t) => t.tokenId === first?.tokenId);
    expect(issued?.identities.map((i) => i.username)).toEqual(['b@org']);
    console.log(`screenshot: ${await screenshot(page, 'embed-tokens-powerbi-phone')}`);
  });

  it("loads A's identity with the SDK fetched alongside the token, renews it before expiry without a reload, and " +
    'ends the view at the next renewal once the link is removed', async () => {
    const page = await clientPage(orgA.client);
    const timed = recordRequests(
      page,
      (url) => url.endsWith(`/api/dashboards/${dashboardId}/embed-token`) || /\/assets\/powerbi-[\w-]+\.js$/.test(url),
    );
    // Both slowed down a little, so that asking one after the other could not pass for asking them together.
    standIns.configure({ latencyMs: SLOW_MS });
    await page.route(/\/assets\/powerbi-[\w-]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, SLOW_CHUNK_MS));
      await route.continue();
    });
    const pagesBefore = standIns.requestsTo('powerbi-embed-page').length;
    await page.goto(`/client/dashboard/${dashboardId}`);
    await expect.poll(() => reportStatus(page)).toBe('loaded');
    standIns.configure({ latencyMs: 0 });
    const viewerUrl = page.url();

    // 1. The token request and the SDK's code overlap: each starts before the other has finished.
    const token = timed.find((r) => r.url.endsWith('/embed-token') && r.method === 'POST');
    const chunk = timed.find((r) => r.url.includes('/assets/powerbi-'));
    expect(token, 'the embed-token request').toBeDefined();
    expect(chunk, 'the powerbi-client chunk').toBeDefined();
    if (!token || !chunk) return;
    const overlap = `token ${token.start}..${token.end}, SDK ${chunk.start}..${chunk.end}`;
    expect(token.start, overlap).toBeLessThan(chunk.end);
    expect(chunk.start, overlap).toBeLessThan(token.end);
    expect(Math.abs(token.start - chunk.start), overlap).toBeLessThan(SLOW_CHUNK_MS);
    console.log(
      `overlap (ms after the token request began): token ..${token.end - token.start}, SDK ${chunk.start - token.start}..${chunk.end - token.start}`,
    );

    // 2. The stand-in page got A's identity, once.
    const [first] = await receivedTokens(page);
    expect(first?.via).toBe('load');
    expect(first?.identities.map(({ username, roles }) => ({ username, roles }))).toEqual([SCOPE_A]);
    console.log(`screenshot: ${await screenshot(page, 'embed-tokens-powerbi-desktop')}`);

    // 3. Renewed ahead of the expiry, handed over with setAccessToken: the same page, the same frame.
    await expect
      .poll(async () => (await receivedTokens(page)).length, { timeout: (TOKEN_SECONDS + 10) * 1000 })
      .toBeGreaterThanOrEqual(2);
    const [, second] = await receivedTokens(page);
    expect(second?.via).toBe('setAccessToken');
    expect(second?.n).toBeGreaterThan(first?.n ?? 0);
    expect(second?.identities.map(({ username, roles }) => ({ username, roles }))).toEqual([SCOPE_A]);
    expect(Date.parse(second?.receivedAt ?? '')).toBeLessThan(Date.parse(first?.expiration ?? ''));
    expect(await reportStatus(page)).toBe('loaded');
    expect(await viewer(page).getAttribute('data-renewals')).toBe('1');
    expect(standIns.requestsTo('powerbi-embed-page').length - pagesBefore).toBe(1);
    expect(page.url()).toBe(viewerUrl);

    // 4. The link removed: the next renewal is refused, no token minted, and the viewer says so.
    const mintedBefore = tokensMinted();
    await admin('DELETE', `/api/admin/organization-dashboards/${orgA.id}/${dashboardId}`);
    const ended = page.getByTestId('access-ended');
    await ended.waitFor({ timeout: (TOKEN_SECONDS + 10) * 1000 });
    expect(await ended.getByRole('heading').textContent()).toBe('Your access to this dashboard has ended');
    expect(await viewer(page).count()).toBe(0);
    // The report's navigation tip goes with it: nothing is left to navigate.
    expect(await page.getByTestId('powerbi-tip').isVisible()).toBe(false);
    expect(tokensMinted()).toBe(mintedBefore);
    // It ended before the last token did: the report never showed an expired token.
    expect(Date.now()).toBeLessThan(Date.parse(second?.expiration ?? ''));
    console.log(`screenshot: ${await screenshot(page, 'embed-tokens-access-ended-desktop')}`);
  }, 120_000);
});
