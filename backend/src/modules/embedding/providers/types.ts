import type { ConnectionTest, MetabaseScope, PowerBiScope, TableauScope } from '@app/contracts';
import type { ApiConfig } from '../../../env';
import type { Clock } from '../../../lib/clock';

/**
 * The provider side of embedding (issue 14, decision 030): minting tokens with a connection's secrets, testing a
 * connection, checking a dashboard's target while it is saved. Nothing here touches the database or returns a secret.
 */
export interface ProviderDeps {
  config: Pick<
    ApiConfig,
    | 'POWERBI_AUTHORITY_URL'
    | 'POWERBI_API_URL'
    | 'EMBED_TOKEN_MINUTES'
    | 'EMBED_PROVIDER_TIMEOUT_MS'
    | 'GOOGLE_TOKEN_URL'
    | 'LOOKER_STUDIO_API_URL'
    | 'OUTBOUND_ALLOW_HOSTS'
  >;
  clock: Clock;
}

/** A connection with its secrets opened: only ever in memory, only for the call that needs it. */
export type OpenConnection =
  | { id: number; provider: 'powerbi'; updatedAt: Date; tenantId: string; clientId: string; clientSecret: string }
  | {
      id: number;
      provider: 'tableau';
      updatedAt: Date;
      siteUrl: string;
      siteName: string;
      clientId: string;
      secretId: string;
      secretValue: string;
    }
  | { id: number; provider: 'metabase'; updatedAt: Date; siteUrl: string; secretKey: string }
  | {
      id: number;
      provider: 'lookerstudio';
      updatedAt: Date;
      delegatedUser: string;
      ownsSharing: string;
      serviceAccountKey: string;
    };

/** Which report, view or dashboard of the provider a dashboard shows. */
export type EmbedTarget =
  | { provider: 'powerbi'; workspaceId: string; reportId: string }
  | { provider: 'tableau'; viewUrl: string }
  | { provider: 'metabase'; metabaseDashboardId: number }
  | { provider: 'lookerstudio'; assetName: string };

/** Who the token is for, and what their organization may see (the link's data scope). */
export type EmbedIdentity =
  | { provider: 'powerbi'; email: string; scope: PowerBiScope }
  | { provider: 'tableau'; email: string; scope: TableauScope }
  | { provider: 'metabase'; email: string; scope: MetabaseScope };

export type MintedToken =
  | { mode: 'powerbi'; reportId: string; embedUrl: string; accessToken: string; tokenType: 'Embed'; expiresAt: Date }
  | { mode: 'tableau'; src: string; token: string; expiresAt: Date }
  | { mode: 'metabase'; iframeUrl: string; expiresAt: Date };

/**
 * What went wrong at the provider, in words an admin can act on and a client never sees verbatim:
 * 'unauthorized' (the provider's 401/403: wrong credentials or missing rights), 'not-found' (404: no such report,
 * view or dashboard), 'unavailable' (5xx, refused connection, unreadable answer), 'timeout' (no answer within
 * EMBED_PROVIDER_TIMEOUT_MS). The message never contains a secret or a token.
 */
export class ProviderError extends Error {
  constructor(
    readonly kind: 'unauthorized' | 'not-found' | 'unavailable' | 'timeout',
    message: string,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

/** The functions the embedding module calls (implemented per provider in this folder; `index.ts` dispatches). */
export interface EmbedProviders {
  /** A token for one person of one organization; throws ProviderError. */
  mint(
    deps: ProviderDeps,
    connection: OpenConnection,
    target: EmbedTarget,
    identity: EmbedIdentity,
  ): Promise<MintedToken>;
  /** "Test connection": signs in / asks the provider; never throws for the provider's faults (`ok: false` instead). */
  test(
    deps: ProviderDeps,
    connection: OpenConnection,
    probe: { email: string; metabaseDashboardId?: number },
  ): Promise<ConnectionTest>;
  /** While a dashboard is saved: null when the target exists, else what the provider said (never fails the save). */
  checkTarget(deps: ProviderDeps, connection: OpenConnection, target: EmbedTarget): Promise<string | null>;
  /** What the token will carry, for the admin's preview: never a secret. */
  describeIdentity(identity: EmbedIdentity): Record<string, unknown>;
}

/** The errors that are a provider's answer in words (ProviderError, Google's LookerStudioError); others are thrown. */
type Refusal = abstract new (...args: never[]) => Error;

/** "Test connection": the message `probe` gives when the provider accepts, or its refusal as a failed test. */
export async function connectionTest(refusal: Refusal, probe: () => Promise<string>): Promise<ConnectionTest> {
  try {
    return { ok: true, message: await probe() };
  } catch (error) {
    if (error instanceof refusal) return { ok: false, message: error.message };
    throw error;
  }
}

/** While a dashboard is saved: null when `probe` passes, else the provider's refusal in words. */
export async function targetCheck(refusal: Refusal, probe: () => Promise<unknown>): Promise<string | null> {
  try {
    await probe();
    return null;
  } catch (error) {
    if (error instanceof refusal) return error.message;
    throw error;
  }
}
