import type { JWTPayload } from 'jose';

/** What the embed providers' stand-ins share: their configuration, what they issued, how they answer. */

/** The endpoints of the stand-ins, as named in recorded requests and in `fail()`. */
export type StandInEndpoint =
  | 'entra-token'
  | 'powerbi-groups'
  | 'powerbi-report'
  | 'powerbi-reports'
  | 'arm-capacity'
  | 'arm-suspend'
  | 'arm-resume'
  | 'powerbi-generate-token'
  | 'powerbi-embed-page'
  | 'powerbi-export-to'
  | 'powerbi-export-status'
  | 'powerbi-export-file'
  | 'tableau-signin'
  | 'tableau-signout'
  | 'tableau-embed-signin'
  | 'tableau-embed-target'
  | 'tableau-view'
  | 'tableau-query-views'
  | 'tableau-view-file'
  | 'metabase-health'
  | 'metabase-embed'
  | 'metabase-embed-page';

/** One request as a stand-in received it. */
export interface StandInRequest {
  endpoint: StandInEndpoint;
  method: string;
  /** Path and query, e.g. `/powerbi/v1.0/myorg/groups?$top=100`. */
  path: string;
  /** Lower-case header names. */
  headers: Record<string, string>;
  /** Parsed: a form as an object of its fields, JSON as parsed, anything else as text (null when empty). */
  body: unknown;
  /** Date.now() when it arrived. */
  at: number;
}

/** The credentials and objects the stand-ins accept (each can be overridden in the options). */
export interface EmbedStandInCredentials {
  powerbi: {
    tenantId: string;
    /** A verified domain of the tenant (`*.onmicrosoft.com`): Entra accepts it in place of the id. */
    tenantDomain: string;
    clientId: string;
    clientSecret: string;
    workspaceId: string;
    reportId: string;
    datasetId: string;
  };
  tableau: { siteName: string; clientId: string; secretId: string; secretValue: string; viewUrl: string };
  metabase: { secretKey: string; dashboardId: number };
}

/** A Power BI report the stand-in knows. `rlsRoles`: when set, GenerateToken requires an identity with these roles. */
export interface StandInReport {
  workspaceId: string;
  reportId: string;
  datasetId: string;
  name: string;
  rlsRoles?: string[] | null;
}

/**
 * An Azure capacity (Power BI Embedded or Fabric) as Azure Resource Manager shows it. `state` follows Microsoft's
 * transitions: suspend makes an active one Pausing then Paused, resume a paused one Resuming then Active (Fabric) or
 * Succeeded (Power BI Embedded), each after `transitionMs`. `refuseResume`: resume answers 409 (a capacity Azure will
 * not start, e.g. its subscription disabled).
 */
export interface StandInCapacity {
  subscriptionId: string;
  resourceGroup: string;
  name: string;
  kind: 'Microsoft.PowerBIDedicated' | 'Microsoft.Fabric';
  state: 'Active' | 'Succeeded' | 'Paused' | 'Pausing' | 'Resuming';
  transitionMs: number;
  refuseResume?: boolean;
  suspends: number;
  resumes: number;
}

/** A Metabase dashboard the stand-in knows; `lockedParams` must each be in a token's `params`. */
export interface StandInMetabaseDashboard {
  id: number;
  name: string;
  enabled?: boolean;
  lockedParams?: string[];
}

/** What GenerateToken issued; the token itself encodes the same (see `readStandInEmbedToken`). */
export interface StandInEmbedTokenClaims {
  /** Sequence number of the token (1, 2, ...). */
  n: number;
  tokenId: string;
  reports: string[];
  datasets: string[];
  targetWorkspaces: string[];
  identities: Array<{ username: string; roles: string[]; datasets: string[]; customData?: string }>;
  /** ISO date. */
  expiration: string;
}

/** How an endpoint misbehaves (set with `fail()`): each field optional, combined as given. */
export interface StandInFailure {
  /** Answer this status (with `body`, or the provider's usual error body for it). */
  status?: number;
  /** The body of the failing answer: JSON, or a string sent as text. */
  body?: unknown;
  /** Wait this long before answering (without `status` or `close`, the normal answer comes after the wait). */
  delayMs?: number;
  /**
   * Drop the connection without an answer (the client sees a reset). Leave out `times` for a GET: fetch tries a GET
   * again on a fresh connection when a kept-alive one is reset, so one drop may go unnoticed.
   */
  close?: boolean;
  /** Headers of the failing answer (e.g. Azure's `retry-after` with a 429). */
  headers?: Record<string, string>;
  /** Only the next `times` requests (default: until reset). */
  times?: number;
}

export interface StandInSettings {
  /** GenerateToken's tokens live this long (default: the request's lifetimeInMinutes, else 60 minutes). */
  tokenLifetimeSeconds: number | null;
  /** The Entra token's `expires_in` (default 3599, as Entra answers). */
  entraTokenLifetimeSeconds: number;
  /** Added to every answer, in ms (default 0). */
  latencyMs: number;
}

export interface StandInState {
  origin: string;
  credentials: EmbedStandInCredentials;
  settings: StandInSettings;
  /** Base of the reports' embedUrl. */
  embedPageUrl: string;
  /** The HTML served at /reportEmbed (a file's content is read at each request when given as `{ file }`). */
  embedPage: { html: string } | { file: string };
  reports: StandInReport[];
  /** `denied`: listed, but its reports answer 403 (the principal's access was taken away meanwhile). */
  workspaces: Array<{ id: string; name: string; denied?: boolean }>;
  /** Azure capacities by their lower-case resource path (`/subscriptions/.../capacities/{name}`). */
  capacities: Map<string, StandInCapacity>;
  metabaseDashboards: StandInMetabaseDashboard[];
  /** `scope`: what the token was asked for (Power BI's or Azure Resource Manager's `/.default`). */
  entraTokens: Map<string, { tenantId: string; clientId: string; expiresAt: number; scope: string }>;
  embedTokens: Array<StandInEmbedTokenClaims & { token: string }>;
  tableauJtis: Set<string>;
  /** REST and browser sessions, with the claims of the token they were opened with. */
  tableauSessions: Map<string, JWTPayload>;
  /** The claims of every REST sign-in's token (who, with which attributes). */
  tableauSignins: JWTPayload[];
  counter: number;
}

export const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  Response.json(body, { status, headers });

export const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

const fromBase64url = (text: string): unknown => {
  try {
    return JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
};

/** Reads what a stand-in Power BI embed token carries (null for anything else). */
export function readStandInEmbedToken(token: string): StandInEmbedTokenClaims | null {
  const [prefix, payload] = token.split('.');
  if (prefix !== EMBED_TOKEN_PREFIX || !payload) return null;
  return fromBase64url(payload) as StandInEmbedTokenClaims | null;
}

export const EMBED_TOKEN_PREFIX = 'pbi-standin';
export const ENTRA_TOKEN_PREFIX = 'entra-standin';
