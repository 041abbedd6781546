import type { EmbedProvider } from '@app/contracts';

/** The providers whose tokens the server mints (Looker Studio is shared, not minted: looker.ts). */
export type TokenProvider = Exclude<EmbedProvider, 'lookerstudio'>;

import * as schema from '@app/db/schema';
import { createDashboard } from '@app/db/testing';
import { type EmbedStandIns, startEmbedStandIns } from '@app/testing/embed-stand-ins';
import { eq } from 'drizzle-orm';
import { afterAll, beforeEach } from 'vitest';
import type { TestApp } from './app';

/**
 * For the embed token's tests (issue 14): the app's settings pointing at the providers' stand-ins, and connections
 * and token-mode dashboards made directly in the database (secrets sealed as the connections module seals them).
 */

/** The providers' stand-ins of one test file: started now, stopped after its tests, set back before each one. */
export async function useEmbedStandIns(): Promise<EmbedStandIns> {
  const standIns = await startEmbedStandIns();
  afterAll(() => standIns.stop());
  beforeEach(() => standIns.reset());
  return standIns;
}

/** The app's environment for the stand-ins: Power BI's two base URLs, a short provider timeout, their host named. */
export const standInEnv = (standIns: EmbedStandIns, timeoutMs = 1500): Record<string, string> => ({
  POWERBI_AUTHORITY_URL: standIns.powerbi.authorityUrl,
  POWERBI_API_URL: standIns.powerbi.apiUrl,
  EMBED_PROVIDER_TIMEOUT_MS: String(timeoutMs),
  // The stand-ins are on loopback, over http: named as the operator names internal services (D35).
  OUTBOUND_ALLOW_HOSTS: new URL(standIns.url).host,
});

/** A connection's fields the stand-ins accept: what is stored in `settings`, and its secrets. */
function connectionFields(standIns: EmbedStandIns, provider: TokenProvider) {
  const { powerbi, tableau, metabase } = standIns.credentials;
  const fields: Record<TokenProvider, { settings: Record<string, string>; secrets: Record<string, string> }> = {
    powerbi: {
      settings: { tenantId: powerbi.tenantId, clientId: powerbi.clientId },
      secrets: { clientSecret: powerbi.clientSecret },
    },
    tableau: {
      settings: {
        siteUrl: standIns.tableauSiteUrl,
        siteName: tableau.siteName,
        clientId: tableau.clientId,
        secretId: tableau.secretId,
      },
      secrets: { secretValue: tableau.secretValue },
    },
    metabase: { settings: { siteUrl: standIns.metabaseSiteUrl }, secrets: { secretKey: metabase.secretKey } },
  };
  return fields[provider];
}

/** The body of POST /api/admin/embed-connections that the stand-ins accept, named `name`. */
export function connectionBody(
  standIns: EmbedStandIns,
  provider: TokenProvider,
  name: string,
): Record<string, unknown> {
  const { settings, secrets } = connectionFields(standIns, provider);
  return { name, provider, ...settings, ...secrets };
}

/** A connection the stand-ins accept (its fields overridden by `secrets`, e.g. a wrong secret), stored sealed. */
export async function addConnection(
  t: TestApp,
  standIns: EmbedStandIns,
  provider: TokenProvider,
  override: Record<string, string> = {},
) {
  const { settings, secrets } = connectionFields(standIns, provider);
  for (const [key, value] of Object.entries(override)) {
    if (key in secrets) secrets[key] = value;
    else settings[key] = value;
  }
  const [row] = await t.db
    .insert(schema.embedConnections)
    .values({ name: `${provider} ${crypto.randomUUID()}`, provider, settings, secret: 'v1.pending' })
    .returning({ id: schema.embedConnections.id });
  const id = row!.id;
  const secret = t.deps.secretBox!.seal(JSON.stringify(secrets), `embed-connection:${id}`);
  await t.db.update(schema.embedConnections).set({ secret }).where(eq(schema.embedConnections.id, id));
  return id;
}

/** A dashboard in a token mode (as `tokenDashboard` makes it) through a connection of its own (`addConnection`). */
export async function connectedDashboard(t: TestApp, standIns: EmbedStandIns, provider: TokenProvider, name?: string) {
  return tokenDashboard(t, standIns, provider, await addConnection(t, standIns, provider), name);
}

/** A dashboard in a token mode, showing the stand-ins' default report, view or dashboard through `connectionId`. */
export function tokenDashboard(
  t: TestApp,
  standIns: EmbedStandIns,
  provider: TokenProvider,
  connectionId: number,
  name?: string,
) {
  const { powerbi, tableau, metabase } = standIns.credentials;
  const embedTarget: Record<string, string | number> = {
    powerbi: { workspaceId: powerbi.workspaceId, reportId: powerbi.reportId },
    tableau: { viewUrl: tableau.viewUrl },
    metabase: { metabaseDashboardId: metabase.dashboardId },
  }[provider];
  return createDashboard(t.db, {
    ...(name ? { name } : {}),
    embedMode: provider,
    embedUrl: '',
    connectionId,
    embedTarget,
  });
}

/**
 * A Power BI connection on a stand-in capacity of its own (Paused unless `capacity` says otherwise) that it manages
 * (issue 29): no active hours (00:00 to 00:00), weekdays, in `managed`'s zone with its idle time.
 */
export async function addCapacityConnection(
  t: TestApp,
  standIns: EmbedStandIns,
  capacity: Parameters<EmbedStandIns['addCapacity']>[0],
  managed: { timeZone: string; idleMinutes: number },
) {
  const azure = standIns.addCapacity(capacity);
  const connectionId = await addConnection(t, standIns, 'powerbi');
  await t.db.insert(schema.powerbiCapacities).values({
    connectionId,
    subscriptionId: azure.subscriptionId,
    resourceGroup: azure.resourceGroup,
    capacityName: azure.name,
    kind: azure.kind,
    activeFrom: '00:00',
    activeTo: '00:00',
    activeDays: [1, 2, 3, 4, 5],
    ...managed,
  });
  return { azure, connectionId };
}
