import { createObject, deleteObject, fetchCalendarObjects, getBasicAuthHeaders } from 'tsdav';

export interface CalDavConfig {
  url: string;
  username?: string;
  password?: string;
}

class CalDavError extends Error {
  constructor(
    readonly status: number,
    what: string,
  ) {
    super(`CalDAV ${what} failed: HTTP ${status}`);
    this.name = 'CalDavError';
  }
}

/** The company calendar, one CalDAV collection (D14, D16). */
export interface CalendarClient {
  /**
   * PUTs the event at `href` (where it already is), else at `{uid}.ics`, overwriting it (idempotent), and returns its
   * URL.
   */
  putEvent(uid: string, ics: string, href?: string | null): Promise<string>;
  /** DELETEs the event; one that is not there counts as removed. */
  removeEvent(href: string): Promise<void>;
  /** The iCalendar texts of the events that overlap [start, end). */
  fetchEvents(start: Date, end: Date): Promise<string[]>;
}

const TIMEOUT_MS = 30_000;

export function createCalDavClient(config: CalDavConfig): CalendarClient {
  const collectionUrl = config.url.endsWith('/') ? config.url : `${config.url}/`;
  const headers: Record<string, string> = config.username
    ? getBasicAuthHeaders({ username: config.username, password: config.password ?? '' })
    : {};
  // tsdav turns an HTTP error of a REPORT into an empty answer; an empty calendar must not be mistaken for one.
  const strictFetch: typeof fetch = Object.assign(
    async (input: Parameters<typeof fetch>[0], init?: Parameters<typeof fetch>[1]) => {
      const response = await fetch(input, init);
      if (!response.ok) throw new CalDavError(response.status, `${init?.method ?? 'GET'} ${String(input)}`);
      return response;
    },
    { preconnect: fetch.preconnect },
  );

  return {
    async putEvent(uid, ics, existing) {
      const href = new URL(existing ?? `${encodeURIComponent(uid)}.ics`, collectionUrl).href;
      const response = await createObject({
        url: href,
        data: ics,
        headers: { ...headers, 'content-type': 'text/calendar; charset=utf-8' },
        fetchOptions: { signal: AbortSignal.timeout(TIMEOUT_MS) },
      });
      if (!response.ok) throw new CalDavError(response.status, `PUT ${href}`);
      return href;
    },
    async removeEvent(href) {
      const response = await deleteObject({
        url: new URL(href, collectionUrl).href,
        headers,
        fetchOptions: { signal: AbortSignal.timeout(TIMEOUT_MS) },
      });
      if (!response.ok && response.status !== 404 && response.status !== 410)
        throw new CalDavError(response.status, `DELETE ${href}`);
    },
    async fetchEvents(start, end) {
      const objects = await fetchCalendarObjects({
        calendar: { url: collectionUrl },
        timeRange: { start: start.toISOString(), end: end.toISOString() },
        headers,
        fetchOptions: { signal: AbortSignal.timeout(TIMEOUT_MS) },
        fetch: strictFetch,
      });
      return objects.map((object) => object.data).filter((data): data is string => typeof data === 'string');
    },
  };
}
