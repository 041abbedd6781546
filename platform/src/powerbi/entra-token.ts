/**
 * Entra ID's client-credentials token request for a Power BI service principal, as Microsoft documents it: the one
 * request the API's embed tokens, the report exports and the capacity calls each send, with their own HTTP guard.
 */

/** The Power BI REST API's scope. */
export const POWERBI_SCOPE = 'https://analysis.windows.net/powerbi/api/.default';

export interface ClientCredentials {
  tenantId: string;
  clientId: string;
  clientSecret: string;
}

/** Where the token request goes (`{authority}/{tenantId}/oauth2/v2.0/token`) and what it sends. */
export const entraTokenRequest = (authorityUrl: string, principal: ClientCredentials, scope: string) => ({
  url: `${authorityUrl.replace(/\/+$/, '')}/${encodeURIComponent(principal.tenantId)}/oauth2/v2.0/token`,
  init: {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: principal.clientId,
      client_secret: principal.clientSecret,
      scope,
    }).toString(),
  } satisfies RequestInit,
});
