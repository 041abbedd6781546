import { safeRedirectPath as sitePath } from '@app/contracts/site';

/**
 * A path of this site to go to after signing in, or `undefined`: the rule the API applies too
 * (contracts/src/site.ts), resolved against this page's origin.
 */
export function safeRedirectPath(value: unknown): string | undefined {
  return sitePath(value, typeof location === 'undefined' ? undefined : location.origin);
}
