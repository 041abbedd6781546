import type { LookerStudioAsset } from '@app/contracts';
import { ASSET_NAME, lookerStudioEmbedUrl, lookerStudioReport } from '@app/contracts/api/lookerstudio';
import { formatDateTime } from './format';

/**
 * The dashboard form's Looker Studio report (issue 28): the admin searches the reports by title, or pastes a report's
 * id or its Looker Studio address; the embed URL follows the report.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Text that is a report's id rather than words of a title: Looker Studio's ids are UUIDs (older ones long tokens). */
const looksLikeReportId = (text: string): boolean => ASSET_NAME.test(text) && (UUID.test(text) || text.length >= 20);

/**
 * What the Report field's text makes of the report: a pasted address gives its id and that address (its page kept);
 * an id gives the embed URL of its first page, unless `embedUrl` already shows that report. Null: words of a title
 * being typed (a search), nothing to change.
 */
export function reportTarget(
  text: string,
  embedUrl: string,
  picked = false,
): { assetName: string; embedUrl: string } | null {
  const trimmed = text.trim();
  const pasted = lookerStudioReport(trimmed);
  if (pasted) return pasted;
  if (!(picked ? ASSET_NAME.test(trimmed) : looksLikeReportId(trimmed))) return null;
  const current = lookerStudioReport(embedUrl.trim());
  return {
    assetName: trimmed,
    embedUrl: current?.assetName === trimmed ? current.embedUrl : lookerStudioEmbedUrl(trimmed),
  };
}

/** What to search for while the field holds `text`: its words, or everything when it holds a report's id or address. */
export const reportSearchOf = (text: string, pickedName: string | null): string => {
  const trimmed = text.trim();
  return trimmed === pickedName || lookerStudioReport(trimmed) || UUID.test(trimmed) ? '' : trimmed.slice(0, 200);
};

/** A report's second line in the picker: its id, owner and last change. */
export const assetDetail = (asset: LookerStudioAsset): string =>
  [asset.name, asset.owner, asset.updateTime && `updated ${formatDateTime(asset.updateTime)}`]
    .filter(Boolean)
    .join(' · ');
