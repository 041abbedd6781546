import * as v from 'valibot';

/** Shapes every part of the API shares. */

const ApiIssueSchema = v.object({ path: v.string(), message: v.string() });
export type ApiIssue = v.InferOutput<typeof ApiIssueSchema>;

/** The one shape of every failed response. */
export const ApiErrorSchema = v.object({ message: v.string(), issues: v.array(ApiIssueSchema) });
export type ApiError = v.InferOutput<typeof ApiErrorSchema>;

/** A plain confirmation (`{ message }`). */
export const MessageSchema = v.object({ message: v.string() });

/** A numeric id in a path; anything else (not digits, or too large) names nothing: the API answers 404. */
export const PathIdSchema = v.pipe(v.string(), v.regex(/^\d{1,9}$/), v.transform(Number));
/** `/{id}` in a path. */
export const IdParamsSchema = v.object({ id: PathIdSchema });
/** `/{token}` in a path: a link's token (longer ones are no token of ours). */
export const TokenParamsSchema = v.object({ token: v.pipe(v.string(), v.maxLength(500)) });
