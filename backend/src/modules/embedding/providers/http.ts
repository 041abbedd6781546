import { type ProviderDeps, ProviderError } from './types';

/** What a provider answered: its status and body (JSON when it parses, else the text). */
export interface ProviderAnswer {
  status: number;
  ok: boolean;
  body: unknown;
  text: string;
}

const networkCode = (error: unknown): string => {
  const e = error as { code?: unknown; cause?: { code?: unknown } } | null;
  const code = [e?.code, e?.cause?.code].find((c) => typeof c === 'string');
  return (code as string | undefined) ?? '';
};

const isTimeout = (error: unknown) =>
  error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');

/** A base URL as configured or typed, without its trailing slashes, so paths can be appended. */
export const baseUrl = (url: string) => url.replace(/\/+$/, '');

/**
 * One request to a provider, bounded by EMBED_PROVIDER_TIMEOUT_MS (the body's reading included). Answers whatever
 * status the provider gave; throws ProviderError only when there was no readable answer: 'timeout' when it took too
 * long, 'unavailable' when the connection failed. `label` names the provider in the messages (e.g. 'Power BI').
 */
export async function providerRequest(
  deps: ProviderDeps,
  label: string,
  url: string,
  init: RequestInit = {},
): Promise<ProviderAnswer> {
  const timeoutMs = deps.config.EMBED_PROVIDER_TIMEOUT_MS;
  let host = url;
  try {
    host = new URL(url).host;
  } catch {
    throw new ProviderError('unavailable', `${label}: the address ${JSON.stringify(url)} is not a valid URL`);
  }
  try {
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
      headers: { accept: 'application/json', ...(init.headers as Record<string, string> | undefined) },
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {}
    return { status: response.status, ok: response.ok, body, text };
  } catch (error) {
    if (isTimeout(error))
      throw new ProviderError('timeout', `${label} did not answer within ${timeoutMs} ms (${host})`);
    const code = networkCode(error);
    const why =
      code === 'ECONNREFUSED'
        ? 'the connection was refused'
        : code === 'ENOTFOUND' || code === 'EAI_AGAIN'
          ? 'the host name does not resolve'
          : code
            ? `the connection failed (${code})`
            : 'the connection failed';
    throw new ProviderError('unavailable', `${label} cannot be reached at ${host}: ${why}`);
  }
}

/** At most `max` characters of a provider's words, on one line. */
export const clip = (text: string, max = 300) => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
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
