import type { EmbedConnection } from '@app/contracts';
import { startEmbedStandIns } from '@app/testing/embed-stand-ins';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAsClient } from './account-helpers';
import { useSuiteDatabase } from './database-helpers';
import { adminAndClients, adminSession } from './embed-helpers';
import { screenshot, useBrowserSuite } from './harness';

/**
 * Issue 14 in Chromium, Tableau and Metabase: a client of organization A opens a Tableau-mode and a Metabase-mode
 * dashboard; the stand-ins' pages (Metabase's /embed/dashboard/{token}, Tableau's view reached through
 * <tableau-viz iframe-auth>'s /vizportal/api/web/v1/auth/embed/target) show what the token carries: A's scope (East),
 * never B's (West). The stand-ins are on http://127.0.0.1:PORT, not in EMBED_HOSTS: the page's Content Security
 * Policy frames them only because their connections exist (embed-origins.ts), and the browser reports no violation.
 */

const standIns = await startEmbedStandIns();
/** A fixed extra host, so the test shows the stand-ins' origin comes from elsewhere (their connections). */
const EMBED_HOST = 'https://reports.example.com';
const suite = useBrowserSuite({
  env: {
    APP_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
    EMBED_HOSTS: EMBED_HOST,
    // The stand-ins are on loopback, over http: named as the operator names internal services (D35).
    OUTBOUND_ALLOW_HOSTS: new URL(standIns.url).host,
  },
});

const PASSWORD = 'Correct-horse-42';
const standInOrigin = new URL(standIns.url).origin;

const database = useSuiteDatabase(suite, 'e2e-embed-tableau-metabase', PASSWORD);
let clientA: string;
let tableauDashboardId: number;
let metabaseDashboardId: number;
/** The policy of a page before any connection existed. */
let policyBefore: string;

/** The Content-Security-Policy of the document at `path` (no browser needed: the same header the SPA is served with). */
const documentPolicy = async (path: string) =>
  (await fetch(`${suite.baseUrl}${path}`)).headers.get('content-security-policy') ?? '';

/** The sources of one directive of a policy. */
const directive = (policy: string, name: string) =>
  policy
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([directiveName]) => directiveName === name)
    ?.slice(1) ?? [];

beforeAll(async () => {
  const {
    adminEmail,
    orgs: [orgA, orgB],
  } = await adminAndClients(database, [
    ['Acme', 'Ada'],
    ['Globex', 'Bob'],
  ]);
  clientA = orgA.client;

  policyBefore = await documentPolicy('/client/login');

  // What an admin does on the admin screens, through the same API.
  const admin = await adminSession(suite.baseUrl, adminEmail, PASSWORD);
  type Saved = EmbedConnection & { test: { ok: boolean; message: string } };
  const { tableau, metabase } = standIns.credentials;
  const tableauConnection = await admin<Saved>('POST', '/api/admin/embed-connections', {
    name: 'Tableau (stand-in)',
    provider: 'tableau',
    siteUrl: standIns.tableauSiteUrl,
    siteName: tableau.siteName,
    clientId: tableau.clientId,
    secretId: tableau.secretId,
    secretValue: tableau.secretValue,
  });
  expect(tableauConnection.body.test.ok, tableauConnection.body.test.message).toBe(true);
  const metabaseConnection = await admin<Saved>('POST', '/api/admin/embed-connections', {
    name: 'Metabase (stand-in)',
    provider: 'metabase',
    siteUrl: standIns.metabaseSiteUrl,
    secretKey: metabase.secretKey,
  });
  expect(metabaseConnection.body.test.ok, metabaseConnection.body.test.message).toBe(true);

  const common = { description: 'Sales by region, filtered per organization', category: 'Sales', isPublic: false };
  const tableauDashboard = await admin<{ id: number }>('POST', '/api/admin/dashboards', {
    ...common,
    name: 'Regional sales (Tableau)',
    type: 'Tableau',
    embedMode: 'tableau',
    connectionId: tableauConnection.body.id,
    viewUrl: tableau.viewUrl,
  });
  const metabaseDashboard = await admin<{ id: number }>('POST', '/api/admin/dashboards', {
    ...common,
    name: 'Regional operations (Metabase)',
    type: 'Metabase',
    embedMode: 'metabase',
    connectionId: metabaseConnection.body.id,
    metabaseDashboardId: metabase.dashboardId,
  });
  tableauDashboardId = tableauDashboard.body.id;
  metabaseDashboardId = metabaseDashboard.body.id;
  for (const [org, region] of [
    [orgA, 'East'],
    [orgB, 'West'],
  ] as const) {
    await admin('POST', '/api/admin/organization-dashboards', {
      organizationId: org.id,
      dashboardId: tableauDashboardId,
      dataScope: { attributes: { Region: region } },
    });
    await admin('POST', '/api/admin/organization-dashboards', {
      organizationId: org.id,
      dashboardId: metabaseDashboardId,
      dataScope: { params: { region } },
    });
  }
});

afterAll(async () => {
  await standIns.stop();
});

/**
 * A signed-in client's page that records every Content Security Policy complaint: Chromium's console messages
 * ("Refused to frame ... because it violates the following Content Security Policy directive") and the documents'
 * `securitypolicyviolation` events (in the page and in its frames).
 */
async function clientPage(email: string) {
  const context = await suite.newContext();
  const violations: string[] = [];
  await context.exposeBinding('__reportCspViolation', (_source, text: string) => {
    violations.push(text);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCspViolation?: (text: string) => void }).__reportCspViolation;
      report?.(`${event.violatedDirective} blocked ${event.blockedURI} in ${location.href}`);
    });
  });
  const page = await context.newPage();
  page.on('console', (message) => {
    const text = message.text();
    if (/Content Security Policy|Refused to (frame|load|connect|execute)/i.test(text)) violations.push(text);
  });
  await signInAsClient(page, email, PASSWORD);
  return { page, violations };
}

/** Opens a dashboard's viewer with a full page load and answers the document's policy. */
async function openDashboard(page: Page, id: number) {
  const response = await page.goto(`/client/dashboard/${id}`);
  expect(response?.status()).toBe(200);
  return (await response?.headerValue('content-security-policy')) ?? '';
}

describe('Tableau and Metabase dashboards in token mode', () => {
  it("frames the connections' own sites (not in EMBED_HOSTS) only once their connections exist", async () => {
    expect(directive(policyBefore, 'frame-src')).toContain(EMBED_HOST);
    expect(directive(policyBefore, 'frame-src')).not.toContain(standInOrigin);
    const policyAfter = await documentPolicy('/client/login');
    expect(directive(policyAfter, 'frame-src')).toContain(standInOrigin);
    expect(directive(policyAfter, 'frame-src')).toContain(EMBED_HOST);
  });

  it("shows a member of A the Metabase dashboard with A's locked params (East), never B's", async () => {
    const { page, violations } = await clientPage(clientA);
    const policy = await openDashboard(page, metabaseDashboardId);
    expect(directive(policy, 'frame-src')).toContain(standInOrigin);

    const frame = page.getByTestId('metabase-frame');
    const src = (await frame.getAttribute('src')) ?? '';
    expect(src.startsWith(`${standIns.metabaseSiteUrl}/embed/dashboard/`), src).toBe(true);
    const params = page.frameLocator('[data-testid="metabase-frame"]').locator('#metabase-params');
    await params.waitFor();
    const shown = JSON.parse((await params.textContent()) ?? '{}') as Record<string, unknown>;
    expect(shown).toEqual({ region: 'East' });
    expect(JSON.stringify(shown)).not.toContain('West');
    expect(await params.getAttribute('data-dashboard')).toBe(String(standIns.credentials.metabase.dashboardId));
    expect(standIns.requestsTo('metabase-embed-page').length).toBeGreaterThanOrEqual(1);
    expect(violations).toEqual([]);
    console.log(`screenshot: ${await screenshot(page, 'embed-tokens-metabase-desktop')}`);

    // The listener does hear a refusal: a frame of an origin with no connection (nor in EMBED_HOSTS) is reported.
    await page.evaluate(() => {
      const unknown = document.createElement('iframe');
      unknown.src = 'http://localhost:9/not-a-connection';
      document.body.append(unknown);
    });
    await expect.poll(() => violations.join('\n')).toMatch(/frame-src|Refused to frame/);
  });

  it("signs a member of A in to the Tableau view through <tableau-viz iframe-auth>: A's e-mail, Region East", async () => {
    const { page, violations } = await clientPage(clientA);
    const targetsBefore = standIns.requestsTo('tableau-embed-target').length;
    const policy = await openDashboard(page, tableauDashboardId);
    expect(directive(policy, 'frame-src')).toContain(standInOrigin);

    const viz = page.getByTestId('tableau-view').locator('tableau-viz');
    expect(await viz.getAttribute('src')).toBe(standIns.credentials.tableau.viewUrl);
    const token = (await viz.getAttribute('token')) ?? '';
    expect(token.split('.')).toHaveLength(3);
    expect(await viz.getAttribute('iframe-auth')).not.toBeNull();

    // The SDK frames {site origin}/vizportal/api/web/v1/auth/embed/target?token=...&target=<the view's path>.
    const iframe = page.getByTestId('tableau-view').locator('tableau-viz iframe');
    await iframe.waitFor({ state: 'attached' });
    const built = new URL((await iframe.getAttribute('src')) ?? '');
    expect(built.origin).toBe(standInOrigin);
    expect(built.pathname).toBe('/vizportal/api/web/v1/auth/embed/target');
    expect(built.searchParams.get('token')).toBe(token);
    expect(built.searchParams.get('target')?.startsWith(new URL(standIns.credentials.tableau.viewUrl).pathname)).toBe(
      true,
    );

    // The stand-in verified the token, opened a session and redirected the frame to the view, which shows its claims.
    const claims = page.frameLocator('[data-testid="tableau-view"] tableau-viz iframe').locator('#tableau-claims');
    await claims.waitFor();
    const shown = JSON.parse((await claims.textContent()) ?? '{}') as {
      sub?: string;
      attributes?: Record<string, unknown>;
    };
    expect(shown.sub).toBe(clientA);
    expect(shown.attributes).toEqual({ Region: 'East' });
    expect(JSON.stringify(shown)).not.toContain('West');
    expect(standIns.requestsTo('tableau-embed-target').length - targetsBefore).toBe(1);
    // iframe-auth: no cross-origin sign-in from the page (connect-src 'self' would refuse it).
    expect(standIns.requestsTo('tableau-embed-signin')).toEqual([]);
    expect(violations).toEqual([]);
    console.log(`screenshot: ${await screenshot(page, 'embed-tokens-tableau-desktop')}`);
  });
});
