/** Response shapes shared by the API and the browser. */

export interface ApiIssue {
  path: string;
  message: string;
}

/** The one shape of every failed response. */
export interface ApiError {
  message: string;
  issues: ApiIssue[];
}

/** GET /api/config: the runtime settings the browser may know. */
export interface PublicConfig {
  companyName: string;
  companyEmail: string;
  schedulingUrl: string | null;
  bookingTimeZone: string;
  /** Single sign-on is configured (OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET all set). */
  singleSignOn: boolean;
}

export interface ContactAccepted {
  id: number;
  message: string;
}
