import { ApiErrorSchema } from '@app/contracts';
import * as v from 'valibot';

/** What the administration's routes share in their OpenAPI descriptions (every one is behind the admin guard, D10). */

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
