import { soleOrganizationWithLogo } from '../repositories/users.repository';
import type { MessageContext, OrganizationBrand } from './define-email';
import { escapeHtml } from './render';

/**
 * The client's organization at the top of their invitation and password-reset e-mails (issue 18): its logo and name,
 * when the person belongs to exactly one organization and it has a logo. Mail clients load images over https only:
 * a site path becomes an address of the app when the app itself is served over https, and is left out otherwise.
 */

/** The logo as an absolute https URL, or null. */
export function emailLogoUrl(logoUrl: string, appUrl: string): string | null {
  try {
    const url = logoUrl.startsWith('/') && !logoUrl.startsWith('//') ? new URL(logoUrl, appUrl) : new URL(logoUrl);
    return url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}

export async function organizationBrandOf(ctx: MessageContext, userId: number): Promise<OrganizationBrand | null> {
  const organization = await soleOrganizationWithLogo(ctx.db, userId);
  const logoUrl = organization && emailLogoUrl(organization.logoUrl, ctx.appUrl);
  return organization && logoUrl ? { name: organization.name, logoUrl } : null;
}

/** The template's slots: the banner (HTML made here, every value escaped) and the text part's line; both empty without. */
export function organizationBrandVars(brand: OrganizationBrand | null) {
  if (!brand) return { organizationBanner: '', organizationLine: '' };
  const name = escapeHtml(brand.name);
  const banner =
    '<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse;"><tr>' +
    `<td style="padding:0 12px 0 0;vertical-align:middle;"><img src="${escapeHtml(brand.logoUrl)}" alt="${name} logo" ` +
    'height="40" style="display:block;height:40px;max-width:160px;border:0;outline:none;text-decoration:none;" /></td>' +
    `<td style="vertical-align:middle;font-size:16px;font-weight:700;color:#0f172a;">${name}</td></tr></table>`;
  return { organizationBanner: banner, organizationLine: `${brand.name}\n\n` };
}
