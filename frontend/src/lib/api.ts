import type { ApiError, ApiIssue } from '@app/contracts';
import type { ApiAnswer, ApiMethod, GetAnswer } from '@app/contracts/api/routes';

/**
 * A failed API call (spec section 7). The message is `${status}: ${response text}` (or the status text when the body
 * is empty); the status and the parsed JSON body (`{ message, issues }` from our server) are kept for the UI.
 */
export class ApiRequestError extends Error {
  override name = 'ApiRequestError';

  constructor(
    message: string,
    readonly status: number,
    readonly body: unknown = null,
    /** A 429's (or 503's) Retry-After, in seconds; null when the server did not say. */
    readonly retryAfterSeconds: number | null = null,
    /** The server's id of the request (`x-request-id`), to quote when reporting the failure; null when none. */
    readonly requestId: string | null = null,
  ) {
    super(message);
  }

  /** The server's own message (`{ message }`), when it sent one. */
  get serverMessage(): string | undefined {
    const body = this.body as Partial<ApiError> | null;
    return typeof body?.message === 'string' && body.message !== '' ? body.message : undefined;
  }

  /** Field issues of a validation failure (422), `[]` otherwise. */
  get issues(): ApiIssue[] {
    const issues = (this.body as Partial<ApiError> | null)?.issues;
    return Array.isArray(issues)
      ? issues.filter((i) => typeof i?.path === 'string' && typeof i.message === 'string')
      : [];
  }
}

export const isApiRequestError = (error: unknown): error is ApiRequestError => error instanceof ApiRequestError;

/**
 * What to tell the user about a failed call: the server's own message when it refused the request (a 4xx with
 * `{ message }`, such as 'Invalid email or password'), otherwise `fallback`. A 5xx message is an internal detail.
 */
export function failureMessage(error: unknown, fallback: string): string {
  if (isApiRequestError(error) && error.status >= 400 && error.status < 500 && error.serverMessage)
    return error.serverMessage;
  return fallback;
}

/** Retry-After (RFC 9110): a number of seconds or an HTTP date; null when absent or neither. */
function retryAfterSeconds(header: string | null): number | null {
  if (!header) return null;
  if (/^\d{1,9}$/.test(header.trim())) return Number(header.trim());
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

/**
 * When to try again after a refusal for too many attempts (429), in words: 'in about 7 minutes', 'in 40 seconds';
 * 'in a few minutes' when the server did not say. Null for any other failure.
 */
export function tryAgainWhen(error: unknown): string | null {
  if (!isApiRequestError(error) || error.status !== 429) return null;
  const seconds = error.retryAfterSeconds;
  if (seconds === null) return 'in a few minutes';
  if (seconds < 60) return seconds <= 1 ? 'in a second' : `in ${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 120) return minutes === 1 ? 'in about a minute' : `in about ${minutes} minutes`;
  return `in about ${Math.round(minutes / 60)} hours`;
}

/** What a 401 means for a data load: an anonymous visitor (`null`) or a failure. */
export type On401 = 'returnNull' | 'throw';

export interface RequestOptions<M extends ApiMethod = ApiMethod> {
  method?: M;
  /** Sent as JSON. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

const isJson = (response: Response) => /\bjson\b/i.test(response.headers.get('content-type') ?? '');

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Every call sends the session cookie and, with a body, JSON. */
async function send(path: string, { method = 'GET', body, headers, signal }: RequestOptions): Promise<Response> {
  const init: RequestInit = { method, credentials: 'include', headers: { accept: 'application/json', ...headers } };
  if (signal) init.signal = signal;
  if (body !== undefined) {
    init.headers = { ...init.headers, 'content-type': 'application/json' };
    init.body = JSON.stringify(body);
  }
  return fetch(path, init);
}

async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const text = await response.text();
  const body = text && isJson(response) ? parseJson(text) : null;
  throw new ApiRequestError(
    `${response.status}: ${text || response.statusText}`,
    response.status,
    body,
    retryAfterSeconds(response.headers.get('retry-after')),
    response.headers.get('x-request-id'),
  );
}

/**
 * A JSON response is parsed, anything else is returned as its raw text; an empty body gives `null`. Its type is the
 * one the server's route validated this answer with (`ApiAnswer`, from the schemas in `contracts/src/api/`): this is
 * the one place the client takes the server at its word.
 */
async function readBody<T>(response: Response): Promise<T> {
  const text = await response.text();
  if (!text) return null as T;
  return (isJson(response) ? JSON.parse(text) : text) as T;
}

/**
 * Calls the API and returns the parsed response, typed by the path and method (`ApiAnswer`); a non-ok response
 * throws an `ApiRequestError`.
 */
export async function apiRequest<P extends string, M extends ApiMethod = 'GET'>(
  path: P,
  options: RequestOptions<M> = {},
): Promise<ApiAnswer<M, P>> {
  const response = await send(path, options);
  await throwIfNotOk(response);
  return readBody<ApiAnswer<M, P>>(response);
}

/**
 * Lets go of a response whose body the app does not read. An unread body keeps the request open in Chromium for as
 * long as the page lives (no network quiet for crawlers, monitors and tests), so it is cancelled, never left.
 */
async function discardBody(response: Response): Promise<void> {
  if (!response.body || response.bodyUsed) return;
  await response.body.cancel().catch(() => {});
}

async function getWith401<T>(path: string, on401: On401, signal?: AbortSignal): Promise<T | null> {
  const response = await send(path, signal ? { signal } : {});
  if (response.status === 401) {
    if (on401 === 'returnNull') {
      await discardBody(response);
      return null;
    }
    const text = await response.text();
    throw new ApiRequestError('Authentication required', 401, text && isJson(response) ? parseJson(text) : null);
  }
  await throwIfNotOk(response);
  return readBody<T>(response);
}

interface GetOptions<TOn401 extends On401> {
  on401?: TOn401;
  signal?: AbortSignal | undefined;
}

/**
 * A GET for data loads (query functions). With `on401: 'returnNull'` a 401 gives `null` (an anonymous visitor);
 * with `'throw'` (the default) it fails with 'Authentication required'.
 */
export function apiGet<P extends string>(
  path: P,
  options: GetOptions<'returnNull'> & { on401: 'returnNull' },
): Promise<GetAnswer<P> | null>;
export function apiGet<P extends string>(path: P, options?: GetOptions<'throw'>): Promise<GetAnswer<P>>;
export function apiGet<P extends string>(
  path: P,
  { on401 = 'throw', signal }: GetOptions<On401> = {},
): Promise<GetAnswer<P> | null> {
  return getWith401<GetAnswer<P>>(path, on401, signal);
}

/** Builds a TanStack Query `queryFn` for a GET path, with the same 401 choice as `apiGet`. */
export function getQueryFn<P extends string>(
  path: P,
  options: { on401: 'returnNull' },
): (ctx: { signal?: AbortSignal }) => Promise<GetAnswer<P> | null>;
export function getQueryFn<P extends string>(
  path: P,
  options?: { on401?: 'throw' },
): (ctx: { signal?: AbortSignal }) => Promise<GetAnswer<P>>;
export function getQueryFn<P extends string>(path: P, { on401 = 'throw' }: { on401?: On401 } = {}) {
  return ({ signal }: { signal?: AbortSignal }) => getWith401<GetAnswer<P>>(path, on401, signal);
}

/** One page of a list and the number of rows of all its pages (`X-Total-Count`; the rows' number without one). */
export interface ListPage<T> {
  rows: T[];
  total: number;
}

/** A GET of one page of a paged list (issue 18): the rows and the total of its `X-Total-Count` header. */
export async function apiGetPage<T>(path: string, signal?: AbortSignal): Promise<ListPage<T>> {
  const response = await send(path, signal ? { signal } : {});
  await throwIfNotOk(response);
  const rows = (await readBody<T[] | null>(response)) ?? [];
  const header = Number(response.headers.get('x-total-count'));
  return { rows, total: Number.isSafeInteger(header) && response.headers.has('x-total-count') ? header : rows.length };
}
