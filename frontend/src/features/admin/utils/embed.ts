import type { EmbedConnection, EmbedMode, EmbedProvider } from '@app/contracts';
import { EMBED_PROVIDER_LABELS, isPublicShareLink } from '@app/contracts/api/embedding';

/** How the admin screens name each embed mode (issue 14): 'URL', or the provider ('Power BI'). */
export const EMBED_MODE_LABELS: Record<EmbedMode, string> = { url: 'URL', ...EMBED_PROVIDER_LABELS };

/** A provider's mode (a token minted per organization, or a Looker Studio report shared per organization). */
export const isTokenMode = (mode: EmbedMode): mode is EmbedProvider => mode !== 'url';

const decodeEntities = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/**
 * The address an embed URL field names: the URL itself, or the `src` of pasted iframe code (as the server keeps it,
 * D18), so the public share link warning shows for either.
 */
function embedAddress(input: string): string {
  const trimmed = input.trim();
  if (!/<\s*iframe\b/i.test(trimmed)) return trimmed;
  const match = /<\s*iframe\b[^>]*?\bsrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(trimmed);
  return decodeEntities(match?.[1] ?? match?.[2] ?? match?.[3] ?? '');
}

/** Whether what the admin typed in the embed URL field is a public share link (anyone who has it sees the data). */
export const isPublicShareInput = (input: string) => isPublicShareLink(embedAddress(input));

/**
 * Where a connection points: the Power BI tenant, the Tableau site (and its site name), the Metabase site, or the
 * service account of Looker Studio and the Workspace user it acts as.
 */
export function connectionSite(connection: EmbedConnection): string {
  if (connection.provider === 'powerbi') return connection.tenantId ? `Tenant ${connection.tenantId}` : '-';
  if (connection.provider === 'lookerstudio')
    return `${connection.serviceAccountEmail ?? '-'} acting as ${connection.delegatedUser ?? '-'}`;
  const site = connection.siteUrl ?? '-';
  return connection.provider === 'tableau' && connection.siteName ? `${site} (site ${connection.siteName})` : site;
}
