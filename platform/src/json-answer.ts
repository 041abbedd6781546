/**
 * What the API and the workers read from a service they call (an identity provider, Power BI, Tableau, Metabase,
 * Google): its status and its body, parsed as JSON when it is JSON, else kept as text. One reading for every caller
 * (issue 27: two copies had grown apart).
 */
export interface JsonAnswer {
  status: number;
  ok: boolean;
  /** The parsed JSON, the text itself when it is not JSON, or null when empty. */
  body: unknown;
  text: string;
}

export async function readJsonAnswer(response: Response): Promise<JsonAnswer> {
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {}
  return { status: response.status, ok: response.ok, body, text };
}

/** A call given up by its own deadline (`AbortSignal.timeout`) or cancelled. */
export const isTimeoutError = (error: unknown) =>
  error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
