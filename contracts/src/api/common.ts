import * as v from 'valibot';

/** Shapes every part of the API shares. */

export const ApiIssueSchema = v.object({ path: v.string(), message: v.string() });
export type ApiIssue = v.InferOutput<typeof ApiIssueSchema>;

/** The one shape of every failed response. */
export const ApiErrorSchema = v.object({ message: v.string(), issues: v.array(ApiIssueSchema) });
export type ApiError = v.InferOutput<typeof ApiErrorSchema>;

/** A plain confirmation (`{ message }`). */
export const MessageSchema = v.object({ message: v.string() });
export type MessageResponse = v.InferOutput<typeof MessageSchema>;
