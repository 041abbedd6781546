import {
  type ApiIssue,
  EMBED_SECRET_FIELDS,
  type EmbedProvider,
  LookerStudioConnectionInputSchema,
  MetabaseConnectionInputSchema,
  PowerBiConnectionInputSchema,
  TableauConnectionInputSchema,
} from '@app/contracts';
import { embedSealContext } from '@app/platform/lookerstudio/sync';
import type { SecretBox } from '@app/platform/secret-box';
import { HttpError, unprocessable } from '../../lib/http-error';
import type { ConnectionRow } from './connections.repository';
import type { OpenConnection } from './providers';

/**
 * How an embed connection keeps its secrets (issue 14, decision 030): the provider's secret fields
 * (EMBED_SECRET_FIELDS) as ONE JSON object sealed with the context `embed-connection:${id}`, the other fields in
 * `settings`. Nothing here returns or logs a secret; the errors name the field, never its value.
 */

const NO_KEY_MESSAGE = 'APP_ENCRYPTION_KEY is not set: connections cannot keep their secrets';

/** A connection's secret could not be opened (no key, another key, an altered value): never says the secret. */
export class ConnectionSecretError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConnectionSecretError';
  }
}

/** The context a connection's secret is sealed with: one home for the API and the workers (platform/). */
export const sealContext = embedSealContext;

const INPUT_SCHEMAS = {
  powerbi: PowerBiConnectionInputSchema,
  tableau: TableauConnectionInputSchema,
  metabase: MetabaseConnectionInputSchema,
  lookerstudio: LookerStudioConnectionInputSchema,
} as const;

export const secretFields = (provider: EmbedProvider): readonly string[] => EMBED_SECRET_FIELDS[provider];

/** The provider's fields that are not secret (what `settings` holds). */
export const settingFields = (provider: EmbedProvider) =>
  Object.keys(INPUT_SCHEMAS[provider].entries).filter(
    (key) => key !== 'name' && key !== 'provider' && !secretFields(provider).includes(key),
  );

/** The labels of the secret fields, as the contracts' messages say them ('Client secret is required'). */
const SECRET_LABELS: Record<string, string> = {
  clientSecret: 'Client secret',
  secretValue: 'Secret value',
  secretKey: 'Embedding secret key',
  serviceAccountKey: 'Service account key',
};

/** The text fields of `values` named `keys` (a true or false as 'true' or 'false'; anything else: empty). */
export const pick = (values: Record<string, unknown>, keys: readonly string[]) =>
  Object.fromEntries(
    keys.map((key) => {
      const value = values[key];
      return [key, typeof value === 'string' ? value : typeof value === 'boolean' ? String(value) : ''];
    }),
  );

/**
 * The settings stored of a connection: its fields that are not secret, and for Looker Studio the key's client e-mail
 * (what an admin needs to grant domain-wide delegation to; not secret).
 */
export function storedSettings(
  provider: EmbedProvider,
  values: Record<string, unknown>,
  secrets: Record<string, unknown>,
) {
  const settings = pick(values, settingFields(provider));
  if (provider === 'lookerstudio') {
    try {
      const email = JSON.parse(String(secrets.serviceAccountKey ?? '')).client_email;
      if (typeof email === 'string') settings.serviceAccountEmail = email;
    } catch {}
  }
  return settings;
}

/** The connection with its secrets, as the providers take it (only the provider's own fields). */
export function openConnectionOf(row: ConnectionRow, secrets: Record<string, unknown>): OpenConnection {
  const provider = row.provider as EmbedProvider;
  if (!(provider in INPUT_SCHEMAS)) throw new ConnectionSecretError(`Connection ${row.id} has an unknown provider`);
  for (const field of secretFields(provider))
    if (typeof secrets[field] !== 'string' || !secrets[field])
      throw new ConnectionSecretError(`The secret of connection ${row.id} lacks its ${SECRET_LABELS[field] ?? field}`);
  return {
    id: row.id,
    provider,
    updatedAt: row.updatedAt,
    ...pick(row.settings, settingFields(provider)),
    ...pick(secrets, secretFields(provider)),
  } as OpenConnection;
}

/** The secret fields of a stored row, opened with the key; ConnectionSecretError when they do not open. */
export function openSecrets(secretBox: SecretBox | null, row: ConnectionRow): Record<string, unknown> {
  if (!secretBox) throw new ConnectionSecretError(NO_KEY_MESSAGE);
  let parsed: unknown;
  try {
    parsed = JSON.parse(secretBox.open(row.secret, sealContext(row.id)));
  } catch {
    throw new ConnectionSecretError(
      `The secret of connection "${row.name}" does not open with APP_ENCRYPTION_KEY (another key, or altered): enter it again`,
    );
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new ConnectionSecretError(`The secret of connection "${row.name}" is not readable: enter it again`);
  return parsed as Record<string, unknown>;
}

/** 503 without APP_ENCRYPTION_KEY: nothing can be sealed or opened. */
export function requireBox(secretBox: SecretBox | null): SecretBox {
  if (!secretBox) throw new HttpError(503, NO_KEY_MESSAGE);
  return secretBox;
}

export const requiredSecretIssues = (fields: readonly string[]): ApiIssue[] =>
  fields.map((path) => ({ path, message: `${SECRET_LABELS[path] ?? path} is required` }));

/** 422 naming each secret field left empty (and why, when a reason is given). */
export function refuseMissingSecrets(missing: readonly string[], why?: string) {
  if (!missing.length) return;
  const issues = requiredSecretIssues(missing).map((issue) =>
    why ? { ...issue, message: `${issue.message}: ${why}` } : issue,
  );
  throw unprocessable(issues[0]!.message, issues);
}
