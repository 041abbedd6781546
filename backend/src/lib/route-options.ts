import { ApiErrorSchema, IdParamsSchema } from '@app/contracts';
import { status } from 'elysia';
import * as v from 'valibot';

/**
 * What the API's routes share: how a route that creates, accepts or removes something answers, and how the OpenAPI
 * document describes a route (its answers, tags and summary), declared once here instead of in every route.
 */

/** A 204 has no body. */
const NoContent = v.pipe(v.undefined(), v.description('No content'));

/** What every administration route may answer besides its own answers (each one is behind the admin guard, D10). */
const adminErrors = {
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
  409: ApiErrorSchema,
  422: ApiErrorSchema,
};

/** What the document says of a route besides its tags and summary. */
interface MoreDetail {
  description?: string;
  /** The description of an answer without a body (the document takes the others from their schemas). */
  responses?: Record<number, { description: string }>;
}

/** A route's answers (one schema, or one per status) and its description in the document. */
export const described = <const R>(tags: string[], summary: string, response: R, more: MoreDetail = {}) => ({
  response,
  detail: { tags, summary, ...more },
});

/**
 * A route about one record (`/{id}`) that anyone who may read it may call, signed in or not: its own answers, and 404
 * for everyone else (D10: nothing tells them it exists).
 */
export const readableById = <const R extends Record<number, v.GenericSchema>>(
  tags: string[],
  summary: string,
  response: R,
  more: MoreDetail = {},
) => ({
  optionalAuth: true as const,
  params: IdParamsSchema,
  ...described(tags, summary, { ...response, 404: ApiErrorSchema }, more),
});

/**
 * A signed-in person's change to one record (`/{id}`): its own answers, 400 for a body sent as invalid JSON, 401
 * anonymously, 403 from another origin (D9), 404 for a record the person may not read (D10).
 */
export const userChangeById = <const R extends Record<number, v.GenericSchema>>(
  tags: string[],
  summary: string,
  response: R,
  description: string,
) => ({
  auth: 'user' as const,
  params: IdParamsSchema,
  ...described(
    tags,
    summary,
    { ...response, 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema },
    { description },
  ),
});

/** An administration route: its own answers, the errors every one of them may give, and the Admin tag. */
export const adminRoute = <const R extends Record<number, v.GenericSchema>>(
  summary: string,
  response: R,
  more: MoreDetail = {},
) => described(['Admin'], summary, { ...adminErrors, ...response }, more);

/** An administration route that answers 204, no body, once done (`done` describes that answer). */
const adminNoContentRoute = (summary: string, done: string) =>
  adminRoute(summary, { 204: NoContent }, { responses: { 204: { description: done } } });

/** An administration list: 200 with every item. */
export const adminList = <const S extends v.GenericSchema>(summary: string, item: S) =>
  adminRoute(summary, { 200: v.array(item) });

const LIST_DESCRIPTION =
  'Paged, filtered and sorted by the server (issue 18): with `page`, that page of `pageSize` rows (1 to 100, default ' +
  '25; past the end, an empty array) and the total of the filtered list in the `X-Total-Count` header; without ' +
  '`page`, the whole filtered list. `sort` is one of the listed keys (anything else: 422 naming them), `order` asc ' +
  'or desc, ties broken by id; `q` (at most 200 characters) searches the text columns, case-insensitively. A bad ' +
  'parameter gets 422 with a message naming it.';

/** The `X-Total-Count` header of a list's answer, as the OpenAPI document shows it. */
const TotalCountHeader = v.pipe(
  v.number(),
  v.integer(),
  v.minValue(0),
  v.description('How many rows the filtered list has, over all its pages'),
);

/**
 * A paged administration list (issue 18, decision 038): its query (`listQuerySchema` in contracts), 200 with the
 * page's items and `X-Total-Count`, and the errors of every admin route (422 for a bad parameter). The document takes
 * a response's headers from a `headers` property of its schema (@elysiajs/openapi), which valibot ignores.
 */
export const adminPagedList = <const Q extends v.GenericSchema, const S extends v.GenericSchema>(
  summary: string,
  query: Q,
  item: S,
) => ({
  query,
  ...adminRoute(
    summary,
    { 200: Object.assign(v.array(item), { headers: { 'X-Total-Count': TotalCountHeader } }) },
    { description: LIST_DESCRIPTION },
  ),
});

/** An administration route that makes something from its body: 201 with what it made. */
export const adminCreate = <
  const B extends v.GenericSchema,
  const S extends v.GenericSchema,
  const R extends Record<number, v.GenericSchema> = Record<never, never>,
>(
  summary: string,
  body: B,
  made: S,
  more: MoreDetail = {},
  /** Answers of its own besides 201, in place of the generic error of that status. */
  answers?: R,
) => ({ body, ...adminRoute(summary, { 201: made, ...answers } as { 201: S } & R, more) });

/** An administration route that changes what `:id` names, from its body: 200 with the thing as it is now. */
export const adminChange = <const B extends v.GenericSchema, const S extends v.GenericSchema>(
  summary: string,
  body: B,
  result: S,
  more: MoreDetail = {},
) => ({ params: IdParamsSchema, body, ...adminRoute(summary, { 200: result }, more) });

/** An administration route that removes what its path names (`params`: `IdParamsSchema` for `:id`): 204 once gone. */
export const adminRemove = <const P extends v.GenericSchema>(params: P, summary: string, done: string) => ({
  params,
  ...adminNoContentRoute(summary, done),
});

/** 204, no body, once the change is made. */
export const noContent = async (change: Promise<unknown>) => {
  await change;
  return status(204, undefined);
};
