import { guardedFetch, OutboundError } from '../outbound';

/**
 * The one place report exports (issue 29, decision 054) talk HTTP: through the outbound guard (D35, decision 040),
 * each request bounded by a timeout. Provider words are never repeated to anyone: only statuses and error codes.
 */

export type ExportFault =
  | 'throttled'
  | 'unauthorized'
  | 'not-found'
  | 'failed'
  | 'timeout'
  | 'unavailable'
  | 'not-set-up';

/** Why an export did not produce its file, in words an admin can act on (never a secret or a token). */
export class ExportError extends Error {
  constructor(
    readonly kind: ExportFault,
    message: string,
    /** Throttled: how long the provider asked to wait (Retry-After), in ms. */
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
    this.name = 'ExportError';
  }
}

export interface ExportHttp {
  /** OUTBOUND_ALLOW_HOSTS */
  allowHosts: readonly string[];
  /** Each request's bound (the body's reading included). */
  timeoutMs: number;
}

export interface Answer {
  status: number;
  ok: boolean;
  headers: Headers;
  json: unknown;
  bytes: Uint8Array;
}

const isTimeout = (error: unknown) =>
  error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');

export async function request(http: ExportHttp, label: string, url: string, init: RequestInit = {}): Promise<Answer> {
  const host = new URL(url).host;
  try {
    const response = await guardedFetch(
      url,
      {
        ...init,
        redirect: 'manual',
        signal: AbortSignal.timeout(http.timeoutMs),
        headers: { accept: 'application/json', ...(init.headers as Record<string, string> | undefined) },
      },
      { allowHosts: http.allowHosts },
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    let json: unknown = null;
    if ((response.headers.get('content-type') ?? '').includes('json'))
      try {
        json = JSON.parse(new TextDecoder().decode(bytes));
      } catch {}
    return { status: response.status, ok: response.ok, headers: response.headers, json, bytes };
  } catch (error) {
    if (isTimeout(error) || (error instanceof OutboundError && error.reason === 'timeout'))
      throw new ExportError('timeout', `${label} did not answer within ${http.timeoutMs} ms (${host})`);
    throw new ExportError('unavailable', `${label} cannot be reached at ${host}`);
  }
}

/** Retry-After in ms (seconds or an HTTP date), or null. */
export function retryAfterMs(headers: Headers, now = Date.now()): number | null {
  const value = headers.get('retry-after');
  if (!value) return null;
  if (/^\d{1,7}$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** `HTTP 404 (PowerBIEntityNotFound)`: the status and the provider's error code, never its message. */
function statusWords(answer: Answer): string {
  const error = (answer.json as { error?: { code?: unknown } } | null)?.error;
  const code = typeof error?.code === 'string' && /^[A-Za-z][A-Za-z0-9_.-]{0,63}$/.test(error.code) ? error.code : null;
  return code ? `HTTP ${answer.status} (${code})` : `HTTP ${answer.status}`;
}

/** The error a refused answer means: 429 throttled (with its Retry-After), 401/403 unauthorized, 404 not found. */
export function refusal(answer: Answer, what: string): ExportError {
  const words = `${what}: ${statusWords(answer)}`;
  if (answer.status === 429)
    return new ExportError('throttled', `${words}, throttled by the provider`, retryAfterMs(answer.headers));
  if (answer.status === 401 || answer.status === 403) return new ExportError('unauthorized', words);
  if (answer.status === 404) return new ExportError('not-found', words);
  if (answer.status >= 500) return new ExportError('unavailable', words);
  return new ExportError('failed', words);
}
