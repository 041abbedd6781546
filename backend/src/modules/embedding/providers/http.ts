import { isTimeoutError, readJsonAnswer } from '@app/platform/json-answer';
import { guardedFetch, OutboundError, type OutboundFailure } from '@app/platform/outbound';
import { type ProviderDeps, ProviderError } from './types';

/** What a provider answered: its status and body (JSON when it parses, else the text). */
export interface ProviderAnswer {
  status: number;
  ok: boolean;
  body: unknown;
  text: string;
}

/** A base URL as configured or typed, without its trailing slashes, so paths can be appended. */
export const baseUrl = (url: string) => url.replace(/\/+$/, '');

/**
 * A site's base URL as an administrator typed it, reduced to its origin and path (no `?` or `#`, no credentials), so
 * an appended path stays a path: `https://h/#` must not turn `/api/health` into a fragment.
 */
export const siteBase = (siteUrl: string) => {
  const url = new URL(siteUrl);
  return baseUrl(`${url.origin}${url.pathname}`);
};

/**
 * One request to a provider, through the outbound guard (D35, decision 040: https, public addresses only unless the
 * operator names the host in OUTBOUND_ALLOW_HOSTS, each redirect checked), bounded by EMBED_PROVIDER_TIMEOUT_MS (the
 * body's reading included). Answers whatever status the provider gave; throws ProviderError only when there was no
 * readable answer: 'timeout' when it took too long, 'unavailable' otherwise, in words that name the host but never
 * its address nor why the connection failed (a closed and an open port fail alike). `label` names the provider in the
 * messages (e.g. 'Power BI').
 */
export async function providerRequest(
  deps: ProviderDeps,
  label: string,
  url: string,
  init: RequestInit = {},
): Promise<ProviderAnswer> {
  const timeoutMs = deps.config.EMBED_PROVIDER_TIMEOUT_MS;
  let host: string;
  try {
    host = new URL(url).host;
  } catch {
    throw new ProviderError('unavailable', `${label}: the address is not a valid URL`);
  }
  try {
    const response = await guardedFetch(
      url,
      {
        ...init,
        signal: AbortSignal.timeout(timeoutMs),
        headers: { accept: 'application/json', ...(init.headers as Record<string, string> | undefined) },
      },
      { allowHosts: deps.config.OUTBOUND_ALLOW_HOSTS },
    );
    return await readJsonAnswer(response);
  } catch (error) {
    const reason = error instanceof OutboundError ? error.reason : isTimeoutError(error) ? 'timeout' : 'unreachable';
    if (reason === 'timeout')
      throw new ProviderError('timeout', `${label} did not answer within ${timeoutMs} ms (${host})`);
    if (reason === 'unreachable') throw new ProviderError('unavailable', `${label} cannot be reached at ${host}`);
    throw new ProviderError('unavailable', `${label} cannot be used at ${host}: ${OUTBOUND_WORDS[reason]}`);
  }
}

/** Why the guard refused a provider's address, for the admin (the address itself is never said). */
const OUTBOUND_WORDS: Record<Exclude<OutboundFailure, 'timeout' | 'unreachable'>, string> = {
  'invalid-url': 'the address is not a valid URL',
  'not-https': 'the address must be https (or its host:port named in OUTBOUND_ALLOW_HOSTS)',
  'not-public': 'the address is not a public one (name internal hosts in OUTBOUND_ALLOW_HOSTS)',
  unresolved: 'the host name does not resolve',
  'too-many-redirects': 'it redirects too many times',
};

/**
 * An error code from a provider's answer (`invalid_client`, `AADSTS7000215`, `PowerBIEntityNotFound`, `401001`), or
 * null. Never free text: what answered may be anything, so no message carries its words (D35, decision 040).
 */
export const errorCode = (value: unknown): string | null => {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value : '';
  return /^(?:[A-Za-z][A-Za-z0-9_.-]{0,63}|\d{1,10})$/.test(text) ? text : null;
};

/** `HTTP 400` and the error codes that were found, e.g. `HTTP 400 (invalid_client, AADSTS7000215)`. */
export const statusWords = (status: number, codes: readonly (string | null)[]) => {
  const found = [...new Set(codes.filter((code): code is string => code !== null))];
  return found.length ? `HTTP ${status} (${found.join(', ')})` : `HTTP ${status}`;
};

/**
 * Never let a secret through in a message, even if a provider echoes it (some error pages repeat the request).
 * Secrets shorter than 4 characters are not searched for (they would blank out ordinary words).
 */
const withoutSecrets = (message: string, secrets: readonly string[]) =>
  secrets.reduce((text, secret) => (secret.length >= 4 ? text.split(secret).join('[secret]') : text), message);

/** The kind of fault a provider's HTTP status means (401/403 unauthorized, 404 not found, anything else unavailable). */
export function kindOfStatus(status: number): ProviderError['kind'] {
  if (status === 401 || status === 403) return 'unauthorized';
  if (status === 404) return 'not-found';
  if (status >= 500 || status === 429 || (status >= 300 && status < 400)) return 'unavailable';
  // Any other refusal (400, 409, 422): the provider understood and said no; the admin has to change something.
  return 'unauthorized';
}

/** A ProviderError whose message is scrubbed of the given secrets. */
export const providerError = (kind: ProviderError['kind'], message: string, secrets: readonly string[]) =>
  new ProviderError(kind, withoutSecrets(message, secrets));
