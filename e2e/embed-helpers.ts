import { addMembership, createOrganization } from '@app/db/testing';
import type { EmbedStandIns } from '@app/testing/embed-stand-ins';
import type { BrowserContext, Page } from 'playwright-core';
import type { SuiteDatabase } from './database-helpers';

/**
 * Helpers of the embed-token browser test (issue 14): an administrator's API calls, the stand-in Power BI embed page
 * served where the SDK accepts to frame it, and when the browser asked for what.
 */

/** Power BI's SDK frames only https addresses of its own hosts: the stand-ins' reports point here. */
export const POWERBI_EMBED_PAGE_URL = 'https://app.powerbi.com/reportEmbed';

/** The page that speaks the SDK's message protocol (served by the stand-ins, read at each request). */
export const POWERBI_EMBED_PAGE_FILE = new URL('./powerbi-embed-page.html', import.meta.url).pathname;

/** An organization of an embedding test and the e-mail address of its one member, a client. */
export interface ClientOrganization {
  id: number;
  client: string;
}

/**
 * The people of an embedding test, named apart from other runs: an administrator, and for each [organization, first
 * name] a new organization of that name whose one member has that first name (`Ada`: ada-<run>@example.com).
 */
export async function adminAndClients<const T extends readonly (readonly [string, string])[]>(
  database: SuiteDatabase,
  clients: T,
): Promise<{ adminEmail: string; orgs: { [K in keyof T]: ClientOrganization } }> {
  const suffix = crypto.randomUUID().slice(0, 8);
  const admin = await database.account({ email: `admin-${suffix}@example.com`, isAdmin: true });
  const orgs: ClientOrganization[] = [];
  for (const [organization, firstName] of clients) {
    const org = await createOrganization(database.db, { name: `${organization} ${suffix}` });
    const member = await database.account({ email: `${firstName.toLowerCase()}-${suffix}@example.com`, firstName });
    await addMembership(database.db, org.id, member.id);
    orgs.push({ id: org.id, client: member.email });
  }
  return { adminEmail: admin.email, orgs: orgs as { [K in keyof T]: ClientOrganization } };
}

/** An administrator's session against the API, as the admin screens would call it. */
export async function adminSession(baseUrl: string, email: string, password: string) {
  const headers = { 'content-type': 'application/json', origin: baseUrl };
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password }),
  });
  if (login.status !== 200) throw new Error(`The admin's sign-in answered ${login.status}: ${await login.text()}`);
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  /** The answer's status and body; throws when the status is not the expected one. */
  return async <T = unknown>(method: string, path: string, body?: unknown, expected = [200, 201, 204]) => {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { ...headers, cookie },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (!expected.includes(response.status))
      throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 500)}`);
    return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
  };
}

/**
 * Frames of the reports' embed URL (https://app.powerbi.com/reportEmbed?...) are answered by the stand-ins' own embed
 * page (the same path and query on their loopback origin), so the stand-ins record every load of the page.
 */
export async function serveEmbedPage(context: BrowserContext, standIns: EmbedStandIns): Promise<void> {
  await context.route(`${POWERBI_EMBED_PAGE_URL}**`, async (route) => {
    const asked = new URL(route.request().url());
    const response = await route.fetch({ url: `${standIns.url}${asked.pathname}${asked.search}` });
    await route.fulfill({ response });
  });
}

/** One request as the page made it: when it started and finished (ms since the epoch; NaN while in flight). */
interface TimedRequest {
  url: string;
  method: string;
  start: number;
  end: number;
}

/** Records the start and end of every request of the page whose URL matches. */
export function recordRequests(page: Page, matches: (url: string) => boolean): TimedRequest[] {
  const timed = new Map<object, TimedRequest>();
  const all: TimedRequest[] = [];
  page.on('request', (request) => {
    if (!matches(request.url())) return;
    const entry = { url: request.url(), method: request.method(), start: Date.now(), end: Number.NaN };
    timed.set(request, entry);
    all.push(entry);
  });
  const finish = (request: object) => {
    const entry = timed.get(request);
    if (entry) entry.end = Date.now();
  };
  page.on('requestfinished', finish);
  page.on('requestfailed', finish);
  return all;
}

/** What the stand-in page shows of each token it received, read through the report's frame. */
interface ReceivedToken {
  via: 'load' | 'setAccessToken';
  n: number;
  tokenId: string;
  reports: string[];
  identities: Array<{ username: string; roles: string[]; datasets: string[] }>;
  expiration: string;
  receivedAt: string;
}

const reportFrame = (page: Page) => page.frameLocator('[data-testid="powerbi-report"] iframe');

/** The tokens the stand-in embed page received so far (none before it has loaded). */
export async function receivedTokens(page: Page): Promise<ReceivedToken[]> {
  const text = await reportFrame(page).locator('#tokens').textContent({ timeout: 2_000 });
  return JSON.parse(text ?? '[]') as ReceivedToken[];
}

/** The stand-in embed page's status: waiting, loaded, expired or failed. */
export const reportStatus = (page: Page) => reportFrame(page).locator('body').getAttribute('data-status');
