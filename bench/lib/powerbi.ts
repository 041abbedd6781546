import type { EmbedStandIns } from '@app/testing/embed-stand-ins';

/**
 * An Entra ID token from the Power BI stand-in, asked for as the API and the workers ask for one (client credentials,
 * the Power BI scope): the bearer of a baseline that calls the stand-in straight from the benchmark.
 */
export async function standInAccessToken(standIns: EmbedStandIns): Promise<string> {
  const { powerbi } = standIns.credentials;
  const entra = await fetch(`${standIns.powerbi.authorityUrl}/${powerbi.tenantId}/oauth2/v2.0/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: powerbi.clientId,
      client_secret: powerbi.clientSecret,
      scope: 'https://analysis.windows.net/powerbi/api/.default',
    }),
  });
  const { access_token } = (await entra.json()) as { access_token: string };
  return access_token;
}
