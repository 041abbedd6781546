import type { LookerStudioStandIn } from '@app/testing/lookerstudio-stand-in';

/**
 * For the Looker Studio tests (issue 28): the API's and the workers' settings pointing at the Google stand-in, with
 * short timeouts and retries.
 */
export const lookerEnv = (google: LookerStudioStandIn): Record<string, string> => ({
  GOOGLE_TOKEN_URL: google.tokenUrl,
  LOOKER_STUDIO_API_URL: google.apiUrl,
  EMBED_PROVIDER_TIMEOUT_MS: '1500',
});

/** The workers' settings: the test apps' APP_ENCRYPTION_KEY (to open the keys the API sealed), fast retries. */
export const lookerWorkerEnv = (google: LookerStudioStandIn): Record<string, string> => ({
  APP_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
  GOOGLE_TOKEN_URL: google.tokenUrl,
  LOOKER_STUDIO_API_URL: google.apiUrl,
  LOOKER_STUDIO_TIMEOUT_MS: '1500',
  LOOKER_SHARING_BACKOFF_MS: '100',
  LOOKER_SHARING_RETRY_INTERVAL_MS: '1000',
});
