import {
  type ApiIssue,
  EMBED_SECRET_FIELDS,
  type EmbedProvider,
  MetabaseConnectionInputSchema,
  PowerBiConnectionInputSchema,
  TableauConnectionInputSchema,
} from '@app/contracts';
import { HttpError, unprocessable } from '../../lib/http-error';
import type { SecretBox } from '../../lib/secret-box';
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

export const sealContext = (id: number) => `embed-connection:${id}`;

const INPUT_SCHEMAS = {
  powerbi: PowerBiConnectionInputSchema,
  tableau: TableauConnectionInputSchema,
  metabase: MetabaseConnectionInputSchema,
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
};

/** The text fields of `values` named `keys` (anything else: empty). */
export const pick = (values: Record<string, unknown>, keys: readonly string[]) =>
  Object.fromEntries(keys.map((key) => [key, typeof values[key] === 'string' ? (values[key] as string) : '']));

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
