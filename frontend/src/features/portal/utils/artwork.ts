/**
 * The picture of a card without a thumbnail of its own (issue 18): the product's own artwork for its category (D20),
 * or the generic business-intelligence picture for a category without one. Pictures under public/images/dashboards/.
 */
const byCategory: Record<string, string> = {
  education: '/images/dashboards/enrollment.svg',
  research: '/images/dashboards/research.svg',
  operations: '/images/dashboards/operations.svg',
  sales: '/images/dashboards/sales.svg',
  finance: '/images/dashboards/finance.svg',
  hr: '/images/dashboards/hr.svg',
};

export const GENERIC_ARTWORK = '/images/dashboards/business-intelligence.svg';

export const categoryArtwork = (category: string): string =>
  byCategory[category.trim().toLowerCase()] ?? GENERIC_ARTWORK;

/** The card's picture: its own thumbnail (an https URL or a site path, D18), else its category's artwork. */
export const cardPicture = (dashboard: { thumbnailUrl: string | null; category: string }): string =>
  dashboard.thumbnailUrl?.trim() || categoryArtwork(dashboard.category);
