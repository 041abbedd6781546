import * as v from 'valibot';
import { ErrorSchema } from '../plugins/openapi';

/** What the administration's routes share in their OpenAPI descriptions (every one is behind the admin guard, D10). */

/** A numeric id in a path; anything else (not digits, or too large) is simply not found. */
export const Id = v.pipe(v.string(), v.regex(/^\d{1,9}$/), v.transform(Number));
export const IdParams = v.object({ id: Id });
export const MessageSchema = v.object({ message: v.string() });
/** A 204 has no body. */
export const NoContent = v.pipe(v.undefined(), v.description('No content'));
export const adminErrors = { 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema, 422: ErrorSchema };
export const adminTags = ['Admin'];
