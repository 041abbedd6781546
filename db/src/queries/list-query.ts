import { and, asc, count, desc, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database, Transaction } from '../client';

/**
 * The SQL of the administration lists (issue 18, decision 038): a list's filters, its search (`q`), its stable sort
 * and its page. Each repository says which columns; these say how.
 */

/** Which rows a page holds; null means the whole list. */
export interface Page {
  limit: number;
  offset: number;
}

/** `%`, `_` and `\` escaped (PostgreSQL's default LIKE escape is `\`): the text matches only itself. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

/** `expression` contains `text`, case-insensitively (a trigram index serves it); no condition for no text. */
export function contains(expression: SQLWrapper, text: string | undefined): SQL | undefined {
  if (!text) return undefined;
  return sql`${expression} ilike ${`%${escapeLike(text)}%`}`;
}

/**
 * `lowered` (a text stored lower-cased, such as a generated column of `lower(...)`) contains `text`, case-insensitively:
 * the rows `contains` keeps on the text before lower-casing, since in a UTF-8 database ILIKE is LIKE on lower() of
 * both sides. The pattern is lower-cased by PostgreSQL, as ILIKE does it; the rows are not lower-cased again on every
 * search. A trigram index of `lowered` serves it.
 */
export function containsLowered(lowered: SQLWrapper, text: string | undefined): SQL | undefined {
  if (!text) return undefined;
  return sql`${lowered} like lower(${`%${escapeLike(text)}%`})`;
}

/** Any of `expressions` contains `text` (a list's `q`). */
export function containsAny(expressions: readonly SQLWrapper[], text: string | undefined): SQL | undefined {
  if (!text) return undefined;
  return or(...expressions.map((expression) => contains(expression, text)));
}

/** `expression` is `value`, or no condition when there is no value. */
export const equalsIf = (expression: SQLWrapper, value: unknown): SQL | undefined =>
  value === undefined ? undefined : sql`${expression} = ${value}`;

/** A yes/no column filtered by one of two words: `yes` keeps the true rows, the other word the false ones. */
export const stateIf = (column: SQLWrapper, value: string | undefined, yes: string): SQL | undefined =>
  value === undefined ? undefined : sql`${column} = ${value === yes}`;

/** Every condition that applies (undefined ones are none). */
export const allOf = (...conditions: (SQL | undefined)[]) => and(...conditions);

/** How a list sorts: an expression per allowed key, its order without one, and the unique key that breaks ties. */
export interface SortSpec<K extends string> {
  by: Record<K, SQLWrapper>;
  /** The order without a sort key (the list's order of old). */
  fallback: readonly SQL[];
  /** Makes the order total, so pages never overlap or skip a row: ascending, or in the sort's own direction. */
  tieBreak: readonly SQLWrapper[];
  tieBreakFollowsOrder?: boolean;
}

/** The ORDER BY of a list: its sort key in its order, then the tie-break. */
export function orderOf<K extends string>(
  spec: SortSpec<K>,
  query: { sort?: K | undefined; order?: 'asc' | 'desc' | undefined },
): SQL[] {
  if (query.sort === undefined) return [...spec.fallback, ...spec.tieBreak.map((key) => asc(key))];
  const direction = query.order === 'desc' ? desc : asc;
  const tie = spec.tieBreakFollowsOrder ? direction : asc;
  return [direction(spec.by[query.sort]), ...spec.tieBreak.map((key) => tie(key))];
}

/** A Drizzle select (made `$dynamic()`) limited to the page, or left whole. */
export function paged<Q extends { limit: (n: number) => { offset: (n: number) => unknown } }>(
  select: Q,
  page: Page | null,
): Q {
  return page === null ? select : (select.limit(page.limit).offset(page.offset) as Q);
}

/** One page (or all, null) of the rows of `table` that `where` keeps, in `order` (an `orderOf`). */
export function sortedPage<T extends PgTable>(
  db: Database | Transaction,
  table: T,
  where: SQL | undefined,
  order: SQL[],
  page: Page | null,
) {
  return paged(
    db
      .select()
      // A generic table leaves Drizzle's check of the FROM item unresolved; every PgTable passes it.
      .from<T>(table as never)
      .where(where)
      .orderBy(...order)
      .$dynamic(),
    page,
  );
}

/** How many rows of `table` a list's filters (`where`) keep, over all its pages. */
export async function countWhere(db: Database | Transaction, table: PgTable, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(table).where(where);
  return row?.n ?? 0;
}
