import { activeOrganizationsOf } from '../repositories/users.repository';
import type { MessageContext, OrganizationBrand } from './define-email';
import { escapeHtml } from './render';

/**
 * The client's organizations at the top of every e-mail to their account (issue 18, decision 036). One organization:
 * its logo and name, or its name alone when it has no logo mail can show (mail clients load images over https only: a
 * site path becomes an address of the app when the app itself is served over https, and is left out otherwise).
 * Several: their names without logos (a row of logos would outweigh the e-mail), the first three by name, then how
 * many more. None (a visitor, an admin of no organization): nothing.
 */

/** How many organizations' names a banner shows before "and N more". */
const NAMES_SHOWN = 3;

/** The logo as an absolute https URL, or null. */
export function emailLogoUrl(logoUrl: string, appUrl: string): string | null {
  try {
    const url = logoUrl.startsWith('/') && !logoUrl.startsWith('//') ? new URL(logoUrl, appUrl) : new URL(logoUrl);
    return url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}

/** What heads the e-mail of a person in these organizations (ordered as shown), or null for none. */
export function organizationBrand(
  organizations: readonly { name: string; logoUrl: string | null }[],
  appUrl: string,
): OrganizationBrand | null {
  const [first] = organizations;
  if (!first) return null;
  if (organizations.length === 1)
    return { names: [first.name], more: 0, logoUrl: first.logoUrl ? emailLogoUrl(first.logoUrl, appUrl) : null };
  return {
    names: organizations.slice(0, NAMES_SHOWN).map((organization) => organization.name),
    more: Math.max(0, organizations.length - NAMES_SHOWN),
    logoUrl: null,
  };
}

/** The brand of the user's active organizations (issue 18), or null when they belong to none. */
async function organizationBrandOf(ctx: MessageContext, userId: number): Promise<OrganizationBrand | null> {
  return organizationBrand(await activeOrganizationsOf(ctx.db, userId), ctx.appUrl);
}

/**
 * What an e-mail is about, with the brand of the account it goes to: `recipient` picks that account from it (null: it
 * goes to no account, and has no brand). Null when there is nothing to send.
 */
export async function withBrand<D extends object>(
  ctx: MessageContext,
  loading: Promise<D | null>,
  recipient: (data: D) => { id: number } | null,
): Promise<(D & { brand: OrganizationBrand | null }) | null> {
  const data = await loading;
  if (!data) return null;
  const account = recipient(data);
  return { ...data, brand: account ? await organizationBrandOf(ctx, account.id) : null };
}

const BANNER_TABLE =
  '<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse;"><tr>';
const NAME_CELL = 'vertical-align:middle;font-size:16px;line-height:22px;font-weight:700;color:#0f172a;';
const MUTED = 'font-weight:400;color:#64748b;';

/** The template's slots: the banner (HTML made here, every value escaped) and the text part's line; both empty without. */
export function organizationBrandVars(brand: OrganizationBrand | null) {
  if (!brand) return { organizationBanner: '', organizationLine: '' };
  const names = brand.names.map(escapeHtml);
  const more = brand.more > 0 ? ` and ${brand.more} more` : '';
  const logo =
    brand.logoUrl && names.length === 1
      ? `<td style="padding:0 12px 0 0;vertical-align:middle;"><img src="${escapeHtml(brand.logoUrl)}" ` +
        `alt="${names[0]} logo" height="40" ` +
        'style="display:block;height:40px;max-width:160px;border:0;outline:none;text-decoration:none;" /></td>'
      : '';
  const banner =
    `${BANNER_TABLE}${logo}<td style="${NAME_CELL}">` +
    names.join(`<span style="${MUTED}"> &middot; </span>`) +
    (more ? `<span style="${MUTED}">${more}</span>` : '') +
    '</td></tr></table>';
  return { organizationBanner: banner, organizationLine: `${brand.names.join(' · ')}${more}\n\n` };
}
