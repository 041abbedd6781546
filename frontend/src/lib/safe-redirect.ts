import { safeRedirectPath as sitePath } from '@app/contracts/site';

/**
 * A path of this site to go to after signing in, or `undefined`: the rule the API applies too
 * (contracts/src/site.ts), resolved against this page's origin.
 */
export function safeRedirectPath(value: unknown): string | undefined {
  return sitePath(value, typeof location === 'undefined' ? undefined : location.origin);
}

export interface RedirectSearch {
  /** Where to go after signing in (the page that sent the visitor here); a path of this site only. */
  redirect?: string | undefined;
}

/** `validateSearch` of the sign-in pages. Always the key, so an unsafe value of the URL cannot show through from the parent's raw search. */
export const validateRedirectSearch = (search: Record<string, unknown>): RedirectSearch => ({
  redirect: safeRedirectPath(search.redirect),
});
