import type { SecretBox } from '@app/platform/secret-box';
import type { DispatchDeps } from '../../events/dispatch';
import type { Clock } from '../../lib/clock';
import type { RateLimiter } from '../../lib/rate-limit';

/** What the sign-in, session and account services use. */
export interface AuthDeps extends DispatchDeps {
  clock: Clock;
  rateLimiter: RateLimiter;
  /** Seals the TOTP keys (issue 17); null when APP_ENCRYPTION_KEY is not configured. */
  secretBox: SecretBox | null;
}
