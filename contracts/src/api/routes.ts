import type { RouteTable } from './routes.gen';

/**
 * What each API call the browser makes answers when it succeeds, looked up in the table generated from the API's own
 * routes (`routes.gen.ts`, written by `scripts/api-routes.ts` from each route's `response:` schema; issue 27,
 * decision 052). Types only: nothing here reaches a bundle. The browser's client (`frontend/src/lib/api.ts`) and its
 * tests' fake API (`frontend/src/testing/fake-api.ts`) take their types from here, so a changed answer schema changes
 * what the browser's code compiles against.
 */
export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The path without its query string: a route answers whatever query it is given. */
type PathOf<P extends string> = P extends `${infer Path}?${string}` ? Path : P;

/** The first row of `rows` for `method` whose path pattern `path` matches (static paths come first in the table). */
type Find<M extends ApiMethod, P extends string, Rows> = Rows extends [
  [infer RowMethod, infer Pattern extends string, infer Answer],
  ...infer Rest,
]
  ? M extends RowMethod
    ? P extends Pattern
      ? Answer
      : Find<M, P, Rest>
    : Find<M, P, Rest>
  : never;

/** What a call of `method` on `path` answers when it succeeds (`null` for a 204); `never` for a path the API lacks. */
export type ApiAnswer<M extends ApiMethod, P extends string> = P extends string
  ? Find<M, PathOf<P>, RouteTable>
  : never;

/** What a GET of `path` answers. */
export type GetAnswer<P extends string> = ApiAnswer<'GET', P>;
