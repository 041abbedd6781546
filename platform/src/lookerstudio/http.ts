/**
 * The one place the Looker Studio integration (issue 28) talks HTTP: Google's token endpoint and the Looker Studio
 * API, both at operator-set addresses (GOOGLE_TOKEN_URL, LOOKER_STUDIO_API_URL). Kept small so it can be routed
 * through an outbound address guard. Never follows a redirect; bounded by a timeout, the body's reading included.
 */
import { isTimeoutError, readJsonAnswer } from '../json-answer';

export type LookerStudioFault = 'invalid-key' | 'unauthorized' | 'not-found' | 'conflict' | 'unavailable' | 'timeout';

/**
 * What went wrong, in words an admin can act on: 'invalid-key' (not a service account key), 'unauthorized' (Google's
 * 401/403: no domain-wide delegation, a revoked key, no right to share the report), 'not-found' (404: no such report),
 * 'conflict' (409/412 ABORTED: the permissions changed since they were read), 'unavailable' (5xx, 429, refused
 * connection, unreadable answer), 'timeout'. Never contains the key or a token.
 */
export class LookerStudioError extends Error {
  constructor(
    readonly kind: LookerStudioFault,
    message: string,
  ) {
    super(message);
    this.name = 'LookerStudioError';
  }
}

export interface GoogleAnswer {
  status: number;
  ok: boolean;
  body: unknown;
}

const networkCode = (error: unknown): string => {
  const e = error as { code?: unknown; cause?: { code?: unknown } } | null;
  const code = [e?.code, e?.cause?.code].find((c) => typeof c === 'string');
  return (code as string | undefined) ?? '';
};

/** One request to Google; answers whatever status came back, throws only when there was no readable answer. */
export async function googleRequest(
  label: string,
  url: string,
  init: RequestInit & { timeoutMs: number },
): Promise<GoogleAnswer> {
  const { timeoutMs, ...rest } = init;
  const host = new URL(url).host;
  try {
    const response = await fetch(url, {
      ...rest,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
      headers: { accept: 'application/json', ...(rest.headers as Record<string, string> | undefined) },
    });
    const { status, ok, body } = await readJsonAnswer(response);
    return { status, ok, body };
  } catch (error) {
    if (isTimeoutError(error))
      throw new LookerStudioError('timeout', `${label} did not answer within ${timeoutMs} ms (${host})`);
    const code = networkCode(error);
    throw new LookerStudioError(
      'unavailable',
      `${label} cannot be reached at ${host}: ${code === 'ECONNREFUSED' ? 'the connection was refused' : code ? `the connection failed (${code})` : 'the connection failed'}`,
    );
  }
}

/** At most `max` characters of Google's words, on one line. */
export const clip = (text: string, max = 300) => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
};
