import { DEFAULT_PAGE_SIZE, type ListQuery, TOTAL_COUNT_HEADER } from '@app/contracts';
import type { Page } from '@app/db/queries/list-query';

/**
 * The route side of the administration lists (issue 18, decision 038): the page a query asks for, and the answer,
 * its rows with the filtered list's total in `X-Total-Count`. The SQL side is `db/src/queries/list-query.ts`.
 */

/** The page a query asks for, or null without `page` (the whole list, as the spec's screens expect). */
function pageOf(query: ListQuery): Page | null {
  if (query.page === undefined) return null;
  const limit = query.pageSize ?? DEFAULT_PAGE_SIZE;
  return { limit, offset: (query.page - 1) * limit };
}

/** What a route sets on its answer (Elysia's `set`). */
interface AnswerHeaders {
  headers: Record<string, string | number>;
}

/** The two queries of a list: its rows (a page, or all of them with null) and the number of rows of all its pages. */
interface ListReader<T> {
  rows: (page: Page | null) => Promise<T[]>;
  count: () => Promise<number>;
}

/**
 * A list's answer: with `page`, that page's rows and the total in `X-Total-Count`, counted beside the page, so a page
 * past the end is an empty array that still says how many there are; without it, every row (and their number).
 */
async function listAnswer<T>(query: ListQuery, set: AnswerHeaders, list: ListReader<T>): Promise<T[]> {
  // Readable by a page of another origin that is allowed to call the API (the SPA itself is same-origin).
  set.headers['access-control-expose-headers'] = TOTAL_COUNT_HEADER;
  const page = pageOf(query);
  if (page === null) {
    const rows = await list.rows(null);
    set.headers[TOTAL_COUNT_HEADER] = String(rows.length);
    return rows;
  }
  const [rows, total] = await Promise.all([list.rows(page), list.count()]);
  set.headers[TOTAL_COUNT_HEADER] = String(total);
  return rows;
}

/**
 * The handler of a list route: `listAnswer` of the list's two reads, each given `context` (the database, or a service's
 * dependencies) and the route's query.
 */
export const listRoute =
  <C, Q extends ListQuery, T>(
    context: C,
    rows: (context: C, query: Q, page: Page | null) => Promise<T[]>,
    count: (context: C, query: Q) => Promise<number>,
  ) =>
  ({ query, set }: { query: Q; set: AnswerHeaders }) =>
    listAnswer(query, set, { rows: (page) => rows(context, query, page), count: () => count(context, query) });
