import * as v from 'valibot';

/**
 * Where the Looker Studio integration (issue 28) asks Google: its token endpoint and the Looker Studio API. Operator
 * settings, never typed by an admin: https, or http to a loopback address (a stand-in in tests, a local relay).
 */
const googleUrl = v.pipe(
  v.string(),
  v.check((value) => {
    try {
      const url = new URL(value);
      if (url.username || url.password) return false;
      if (url.protocol === 'https:') return true;
      return url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
    } catch {
      return false;
    }
  }, 'must be an https URL (http only to 127.0.0.1, localhost or [::1])'),
);

export const lookerStudioEnvEntries = {
  /** Google's OAuth 2.0 token endpoint (JWT bearer grant, RFC 7523). */
  GOOGLE_TOKEN_URL: v.optional(googleUrl, 'https://oauth2.googleapis.com/token'),
  /** The Looker Studio API (`{url}/v1/assets:search`, `{url}/v1/assets/{name}/permissions`). */
  LOOKER_STUDIO_API_URL: v.optional(googleUrl, 'https://datastudio.googleapis.com'),
};
