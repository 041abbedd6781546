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
}

export interface ContactAccepted {
  id: number;
  message: string;
}
