/**
 * The card's picture (issue 18): its own thumbnail (an https URL or a site path, D18), or none. A dashboard without
 * one gets a neutral placeholder with its own name, never a sample picture of another dashboard (issue 26).
 */
export const ownThumbnail = (dashboard: { thumbnailUrl: string | null }): string | null =>
  dashboard.thumbnailUrl?.trim() || null;
