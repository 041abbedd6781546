import { AdminMessages, type ConnectionTest, EMBED_PROVIDER_LABELS, type EmbedConnectionValues } from '@app/contracts';
import type { Database } from '@app/db';
import type { Logger } from '@app/platform/logger';
import type { SecretBox } from '@app/platform/secret-box';
import type { AppDeps } from '../../deps';
import { conflictWhen, isForeignKeyViolation, isUniqueViolation } from '../../lib/db-errors';
import { conflict, notFound, unprocessable } from '../../lib/http-error';
import { originOf, refuseUnreachableUrl } from '../../lib/outbound-url';
import { type Actor, changed, withAudit } from '../audit';
import * as repo from './connections.repository';
import {
  ConnectionSecretError,
  openConnectionOf,
  openSecrets,
  pick,
  refuseMissingSecrets,
  requireBox,
  requiredSecretIssues,
  sealContext,
  secretFields,
  settingFields,
  storedSettings,
} from './connections.secrets';
import { embedProviders, type OpenConnection } from './providers';

/**
 * Embed connections (issue 14, decision 030): a provider account the server mints tokens with. The fields that are
 * not secret live in `settings`; the secret ones as ONE sealed JSON object in `secret` (connections.secrets.ts), sealed
 * with the context `embed-connection:${id}` (so a sealed value copied onto another row does not open). The id is known
 * only once the row is inserted: the row is inserted with a placeholder and sealed in the same transaction.
 * Secrets are write-only: no answer, audit row or log line carries one.
 */

/** What the embed token and the dashboards' check catch when a connection's secret does not open. */
export { ConnectionSecretError } from './connections.secrets';

export type ConnectionsDeps = Pick<AppDeps, 'db' | 'secretBox' | 'config' | 'clock' | 'logger' | 'embedOrigins'>;

const CONNECTION_NOT_FOUND = 'Connection not found';
const PROVIDER_IN_USE =
  'This connection is used by dashboards: its provider cannot change (move them to another connection first)';

/**
 * A connection with its secrets opened, for the call that mints or checks with it (the embed token, a dashboard's
 * target); null when there is no such connection. Throws ConnectionSecretError when its secret cannot be opened.
 */
export async function loadOpenConnection(
  deps: { db: Database; secretBox: SecretBox | null },
  id: number,
): Promise<OpenConnection | null> {
  const row = await repo.findConnectionRow(deps.db, id);
  if (!row) return null;
  return openConnectionOf(row, openSecrets(deps.secretBox, row));
}

/** Runs a change; a name taken (also by a parallel save) is a 409. */
const uniqueName = <T>(change: Promise<T>): Promise<T> =>
  conflictWhen(isUniqueViolation, AdminMessages.connectionNameTaken, change);

/** What the audit log says of a connection: its settings, and that its secret was set or changed (never the secret). */
const auditTarget = (row: repo.ConnectionRow) => ({
  targetType: 'connection',
  targetId: row.id,
  targetName: row.name,
});

/** "Test connection": what the provider said, in words for the admin; never throws for the provider's faults. */
async function runTest(deps: ConnectionsDeps, connection: OpenConnection, email: string): Promise<ConnectionTest> {
  const metabaseDashboardId =
    connection.provider === 'metabase' ? await repo.metabaseDashboardIdUsing(deps.db, connection.id) : undefined;
  try {
    return await embedProviders.test(deps, connection, {
      email,
      ...(metabaseDashboardId === undefined ? {} : { metabaseDashboardId }),
    });
  } catch (error) {
    logFault(deps.logger, connection, error);
    return {
      ok: false,
      message: `${EMBED_PROVIDER_LABELS[connection.provider]} could not be asked: try again later`,
    };
  }
}

const logFault = (logger: Logger, connection: OpenConnection, error: unknown) =>
  logger.warn(
    {
      connectionId: connection.id,
      provider: connection.provider,
      reason: error instanceof Error ? error.name : 'unknown',
    },
    'an embed connection test failed unexpectedly',
  );

/** Tests the connection and keeps what the test found on it (its Status after a reload, issue 27). */
async function checkConnection(deps: ConnectionsDeps, id: number, test: () => Promise<ConnectionTest>) {
  const result = await test();
  await repo.recordConnectionCheck(deps.db, id, result, deps.clock.now());
  return result;
}

async function saved(deps: ConnectionsDeps, row: repo.ConnectionRow, secrets: Record<string, string>, email: string) {
  await deps.embedOrigins.refresh();
  const test = await checkConnection(deps, row.id, () => runTest(deps, openConnectionOf(row, secrets), email));
  const [view] = await repo.listConnections(deps.db, row.id);
  return { ...(view ?? repo.connectionView(row, 0)), test };
}

/** A site URL the server will send requests and secrets to: https and public unless the operator named it (D35). */
async function checkSite(deps: ConnectionsDeps, settings: Record<string, string>) {
  if ('siteUrl' in settings)
    await refuseUnreachableUrl(deps.config.OUTBOUND_ALLOW_HOSTS, 'siteUrl', 'Site URL', settings.siteUrl ?? '');
}

/** POST: makes the connection (every secret required), then tests it; the test's finding never fails the save. */
export async function createConnection(deps: ConnectionsDeps, actor: Actor, input: EmbedConnectionValues) {
  const box = requireBox(deps.secretBox);
  const { name, provider } = input;
  const values = input as unknown as Record<string, unknown>;
  const secrets = pick(values, secretFields(provider));
  refuseMissingSecrets(secretFields(provider).filter((field) => !secrets[field]));
  const settings = storedSettings(provider, values, secrets);
  await checkSite(deps, settings);
  const row = await uniqueName(
    withAudit(deps.db, actor, async (tx) => {
      const made = await repo.insertConnection(tx, { name, provider, settings }, (id) =>
        box.seal(JSON.stringify(secrets), sealContext(id)),
      );
      const changes = { name, provider, ...settings, secret: 'set' };
      return { action: 'connection.create', ...auditTarget(made), changes, result: made };
    }),
  );
  return saved(deps, row, secrets, actor.email);
}

/**
 * PUT: changes the connection. A secret left empty keeps the stored one, unless the provider changes or the site the
 * secret is sent to does (D35: a stored secret is bound to the host it was entered for; a path on the same site is
 * the same place): then the secrets are required. A connection used by dashboards keeps its provider (409).
 */
export async function updateConnection(deps: ConnectionsDeps, actor: Actor, id: number, input: EmbedConnectionValues) {
  const box = requireBox(deps.secretBox);
  const { name, provider } = input;
  const values = input as unknown as Record<string, unknown>;
  const given = pick(values, secretFields(provider));
  const siteSettings = pick(values, settingFields(provider));
  await checkSite(deps, siteSettings);
  const { row, secrets } = await uniqueName(
    withAudit(deps.db, actor, async (tx) => {
      const before = await repo.lockConnectionRow(tx, id);
      if (!before) throw notFound(CONNECTION_NOT_FOUND);
      const providerChanges = before.provider !== provider;
      if (providerChanges && (await repo.countDashboardsUsing(tx, id)) > 0) throw conflict(PROVIDER_IN_USE);
      const missing = secretFields(provider).filter((field) => !given[field]);
      if (providerChanges) refuseMissingSecrets(missing);
      if ('siteUrl' in siteSettings && originOf(before.settings.siteUrl ?? '') !== originOf(siteSettings.siteUrl ?? ''))
        refuseMissingSecrets(missing, 'the site URL changed: enter it again to send it there');
      const kept = missing.length ? keptSecrets(box, before, missing) : {};
      const secrets = { ...kept, ...Object.fromEntries(Object.entries(given).filter(([, value]) => value)) };
      const secretChanged = missing.length < secretFields(provider).length;
      const sealed = secretChanged ? box.seal(JSON.stringify(secrets), sealContext(id)) : before.secret;
      const settings = storedSettings(provider, values, secrets);
      const after = (await repo.updateConnection(tx, id, { name, provider, settings, secret: sealed }))!;
      const beforeValues = { name: before.name, provider: before.provider, ...before.settings };
      const changes = {
        ...changed(beforeValues, { name, provider, ...settings }),
        ...removedSettings(before.settings, settings),
        ...(secretChanged ? { secret: 'changed' } : {}),
      };
      return { action: 'connection.update', ...auditTarget(after), changes, result: { row: after, secrets } };
    }),
  );
  return saved(deps, row, secrets, actor.email);
}

/** The stored secrets an update keeps (the fields left empty); 422 naming them when they cannot be opened. */
function keptSecrets(box: SecretBox, before: repo.ConnectionRow, missing: string[]) {
  let stored: Record<string, unknown>;
  try {
    stored = openSecrets(box, before);
  } catch (error) {
    if (!(error instanceof ConnectionSecretError)) throw error;
    const issues = requiredSecretIssues(missing).map((issue) => ({
      ...issue,
      message: `${issue.message}: the stored one does not open with APP_ENCRYPTION_KEY`,
    }));
    throw unprocessable(issues[0]!.message, issues);
  }
  const kept = pick(stored, missing);
  refuseMissingSecrets(missing.filter((field) => !kept[field]));
  return kept;
}

/** The settings a change of provider leaves out, for the audit log. */
const removedSettings = (before: Record<string, string>, after: Record<string, string>) =>
  Object.fromEntries(
    Object.keys(before)
      .filter((key) => !(key in after))
      .map((key) => [key, { from: before[key] ?? null, to: null }]),
  );

/** DELETE: 409 while dashboards use it (the foreign key's RESTRICT decides, also against a dashboard saved meanwhile). */
export async function deleteConnection(deps: ConnectionsDeps, actor: Actor, id: number) {
  try {
    await withAudit(deps.db, actor, async (tx) => {
      const removed = await repo.deleteConnection(tx, id);
      if (!removed) throw notFound(CONNECTION_NOT_FOUND);
      const changes = { name: removed.name, provider: removed.provider, ...removed.settings };
      return { action: 'connection.delete', ...auditTarget(removed), changes };
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) throw conflict(AdminMessages.connectionInUse);
    throw error;
  }
  await deps.embedOrigins.refresh();
}

/** POST .../test: asks the provider with the stored secrets (404 unknown, 503 without the key). */
export async function testConnection(deps: ConnectionsDeps, actor: Actor, id: number): Promise<ConnectionTest> {
  const box = requireBox(deps.secretBox);
  const row = await repo.findConnectionRow(deps.db, id);
  if (!row) throw notFound(CONNECTION_NOT_FOUND);
  return checkConnection(deps, id, async () => {
    let connection: OpenConnection;
    try {
      connection = openConnectionOf(row, openSecrets(box, row));
    } catch (error) {
      if (error instanceof ConnectionSecretError) return { ok: false, message: error.message };
      throw error;
    }
    return runTest(deps, connection, actor.email);
  });
}
