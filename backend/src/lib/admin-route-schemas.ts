import { ApiErrorSchema } from '@app/contracts';
import * as v from 'valibot';

/** What the administration's routes share in their OpenAPI descriptions (every one is behind the admin guard, D10). */

/** A numeric id in a path; anything else (not digits, or too large) is simply not found. */
export const Id = v.pipe(v.string(), v.regex(/^\d{1,9}$/), v.transform(Number));
export const IdParams = v.object({ id: Id });
/** A 204 has no body. */
export const NoContent = v.pipe(v.undefined(), v.description('No content'));
export const adminErrors = {
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
  409: ApiErrorSchema,
  422: ApiErrorSchema,
};
export const adminTags = ['Admin'];
