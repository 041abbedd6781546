import * as v from 'valibot';

/** Shapes every part of the API shares. */

const ApiIssueSchema = v.object({ path: v.string(), message: v.string() });
export type ApiIssue = v.InferOutput<typeof ApiIssueSchema>;

/** The one shape of every failed response. */
export const ApiErrorSchema = v.object({ message: v.string(), issues: v.array(ApiIssueSchema) });
export type ApiError = v.InferOutput<typeof ApiErrorSchema>;

/**
 * A field a form must fill in. A missing field counts as empty, so it gets the field's own message rather than
 * valibot's generic 'Invalid key'; missing, not text and empty all say `message`. Further checks pipe after it.
 */
export const filledIn = (message: string) => v.pipe(v.optional(v.string(message), ''), v.minLength(1, message));

/** The same for text that is trimmed first (only spaces count as empty), at least `min` characters long. */
export const filledInText = (message: string, min = 1) =>
  v.pipe(v.optional(v.string(message), ''), v.trim(), v.minLength(min, message));

/** Text a form must fill in, at most `max` characters ('First name is required', 'First name must be at most 100 characters'). */
export const requiredText = (message: string, max = 200) =>
  v.pipe(
    filledInText(message),
    v.maxLength(max, `${message.replace(' is required', '')} must be at most ${max} characters`),
  );

const INVALID_EMAIL = 'Please enter a valid email address';

/** An e-mail address a form must fill in: `missing` when it is empty, one message for any address that is not one. */
export const requiredEmail = (missing: string) =>
  v.pipe(filledInText(missing), v.email(INVALID_EMAIL), v.maxLength(254, INVALID_EMAIL));

/** A link's token sent in a body: missing, empty and too long (longer ones are no token of ours) all say `message`. */
export const bodyToken = (message: string) => v.pipe(filledIn(message), v.maxLength(200, message));

/** A whole number from `min` to `max`: anything else (not a number, a fraction, out of range) says `message`. */
export const wholeNumber = (min: number, max: number, message: string) =>
  v.pipe(v.number(message), v.integer(message), v.minValue(min, message), v.maxValue(max, message));

/**
 * What a check of outside settings found ("Test connection" of an embed connection, "Test sign-in" of single sign-on):
 * `ok` false with the provider's answer in plain words.
 */
export const CheckResultSchema = v.object({ ok: v.boolean(), message: v.string() });
export type CheckResult = v.InferOutput<typeof CheckResultSchema>;

/** A row by its id and the name it shows under (an organization, a dashboard, a person): what lists pick from. */
export const IdNameEntries = { id: v.number(), name: v.string() };

/** An organization a row may name (null when none), by its id and its current name. */
export const OrganizationRefEntries = {
  organizationId: v.nullable(v.number()),
  organizationName: v.nullable(v.string()),
};

/** When a row was made and last changed (ISO times): the rows an administrator edits. */
export const TimestampEntries = { createdAt: v.string(), updatedAt: v.string() };

/** A plain confirmation (`{ message }`). */
export const MessageSchema = v.object({ message: v.string() });

/** A numeric id in a path; anything else (not digits, or too large) names nothing: the API answers 404. */
export const PathIdSchema = v.pipe(v.string(), v.regex(/^\d{1,9}$/), v.transform(Number));
/** `/{id}` in a path. */
export const IdParamsSchema = v.object({ id: PathIdSchema });
/** `/{token}` in a path: a link's token (longer ones are no token of ours). */
export const TokenParamsSchema = v.object({ token: v.pipe(v.string(), v.maxLength(500)) });
